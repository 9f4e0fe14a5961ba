#!/usr/bin/env python3
"""Writes the committed seed corpora under tests/fuzz/corpus/ (python3 only).

The seeds are committed; rerun this only to change them:
    python3 tests/fuzz/make_seeds.py
Every seed is small (< 64 KiB). Seeds named regress_* reproduce past
findings (see README.md); keep them.
"""
import pathlib
import struct
import zlib

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"


def chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(width, height, depth, color, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))


SIG = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel


def pack_row(samples, depth):
    """Samples (ints) of one row at a bit depth, big-endian, padded to a byte."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc, bits = (acc << depth) | s, bits + depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]  # x0, y0, dx, dy


def png(width, height, depth, color, pixel, interlace=0, extra=b""):
    """pixel(x, y) -> tuple of samples; filter 0 on every row."""
    n = CHANNELS[color]
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        if not xs:
            continue
        for y in range(y0, height, dy):
            samples = [s for x in xs for s in pixel(x, y)]
            assert len(samples) == len(xs) * n
            raw += b"\0" + pack_row(samples, depth)
    return (SIG + ihdr(width, height, depth, color, interlace) + extra +
            chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def header_only(width, height, depth=8, color=2):
    """A header claiming a size, a token IDAT: must be refused before allocating."""
    return SIG + ihdr(width, height, depth, color) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + \
        chunk(b"IEND", b"")


def gradient(x, y, n):
    t = (x + y) * 255 // max(n - 1, 1)
    return t, 255 - t, (t * 7) % 256


def ramp_png_seeds():
    s = {}
    s["rgb_1x100.png"] = png(1, 100, 8, 2, lambda x, y: gradient(x, y, 100))
    plte = chunk(b"PLTE", bytes(v for i in range(16) for v in (i * 16, 255 - i * 16, 128)))
    s["palette_100x1.png"] = png(100, 1, 8, 3, lambda x, y: (x % 16,), extra=plte)
    trns = chunk(b"tRNS", bytes(range(0, 256, 16)))
    s["palette4_trns_40x1.png"] = png(40, 1, 4, 3, lambda x, y: (x % 16,), extra=plte + trns)
    s["gray16_1x64.png"] = png(1, 64, 16, 0, lambda x, y: (y * 1040,))
    s["gray1_16x1.png"] = png(16, 1, 1, 0, lambda x, y: (x % 2,))
    s["gray2_1x10.png"] = png(1, 10, 2, 0, lambda x, y: (y % 4,))
    s["gray_alpha_64x1.png"] = png(64, 1, 8, 4, lambda x, y: (x * 4, 255 - x))
    s["rgba_1x32.png"] = png(1, 32, 8, 6, lambda x, y: gradient(x, y, 32) + (200,))
    s["rgb16_8x1.png"] = png(8, 1, 16, 2, lambda x, y: (x * 8000, 65535 - x * 8000, 4242))
    s["interlaced_1x50.png"] = png(1, 50, 8, 2, lambda x, y: gradient(x, y, 50), interlace=1)
    s["interlaced_rgba_30x1.png"] = png(30, 1, 8, 6, lambda x, y: gradient(x, y, 30) + (255,),
                                        interlace=1)
    gama = chunk(b"gAMA", struct.pack(">I", 45455))
    text = chunk(b"tEXt", b"Comment\0article 000 gradient")
    ztxt = chunk(b"zTXt", b"Title\0\0" + zlib.compress(b"ramp" * 20))
    s["ancillary_1x12.png"] = png(1, 12, 8, 2, lambda x, y: gradient(x, y, 12),
                                  extra=gama + text + ztxt)
    s["max_stops_65536x1.png"] = png(65536, 1, 8, 0, lambda x, y: (x >> 8,))
    s["refused_65537x1.png"] = header_only(65537, 1)
    s["refused_2x2.png"] = png(2, 2, 8, 2, lambda x, y: gradient(x, y, 4))
    s["refused_1x1.png"] = png(1, 1, 8, 2, lambda x, y: (1, 2, 3))
    s["refused_100000x1.png"] = header_only(100000, 1)
    s["refused_1x100000.png"] = header_only(1, 100000)
    s["refused_46341x46341.png"] = header_only(46341, 46341)  # just over 2^31 pixels
    s["refused_65536x32768_rgba16.png"] = header_only(65536, 32768, 16, 6)  # 2^31, 16 GiB
    s["refused_1x2147483647.png"] = header_only(1, 0x7FFFFFFF)
    s["refused_zero_width.png"] = header_only(0, 10)
    good = s["rgb_1x100.png"]
    s["truncated_idat.png"] = good[: len(good) - 30]
    s["truncated_header.png"] = good[:20]
    bad = bytearray(good)
    bad[29] ^= 0xFF  # last byte of IHDR's CRC
    s["bad_crc.png"] = bytes(bad)
    s["signature_only.png"] = SIG
    s["empty.png"] = b""
    s["text.png"] = b"this is not a picture\nbut someone named it ramp.png\n"
    # Found by fuzz_ramp_png: libpng 1.6.39 allocated these chunks' claimed
    # length (here 2 GiB) before reading them, past png_set_chunk_malloc_max.
    for kind in (b"tEXt", b"zTXt", b"iTXt", b"iCCP", b"eXIf", b"sPLT"):
        s["regress_huge_" + kind.decode() + ".png"] = (
            good[:33] + struct.pack(">I", 0x7FFFFFFF) + kind + b"Title\0\0x\x9c")
    return s


EXPORT = {
    "diamond_square": "--generator\ndiamond-square\n--seed\n42\n--size\n513\n--roughness\n0.5\n"
                      "--iterations\n30\n--smoothing\n2\n--water\n0.3\n--scaling\nfractal\n"
                      "--color\nmap.png\n--heightmap\nh.png\n--raw\nh.r32\n--threads\n2\n",
    "diamond_square_eq": "--generator=diamond-square\n--preset=article\n--scaling=article\n"
                         "--ramp=grayscale\n--no-hillshade\n--quiet\n--color=out.png\n",
    "coastline": "--generator\ncoastline\n--size\n256\n--mode\nheights\n--classes\n6\n--start\n"
                 "random\n--start-cells\n8\n--ramp\ncoastline\n--color\nc.png\n",
    "rectangles": "--generator\nrectangles\n--size\n300\n--rects\n2048\n--rect-size\n20\n"
                  "--zscale\n1e3\n--cell-noise\n0.5\n--hillshade\n--heightmap\nr.png\n",
    "random_walk": "--generator\nrandom-walk\n--size\n640\n--max-height\n300\n--step-height\n6\n"
                   "--smoothing-style\narticle\n--side-width\n1280\n--side-height\n400\n"
                   "--ramp\nramps/000.png\n--color\nside.png\n",
    "midpoint": "--generator\nmidpoint\n--preset\narticle\n--size\n1025\n--endpoints\nrandom\n"
                "--seed\n18446744073709551615\n--raw\np.r32\n",
    "nul_separated": "--generator\0midpoint\0--size\0065\0--raw\0a.r32",
    "help": "--help\n",
    "version": "--generator\nnope\n--version\n",
    "nan": "--roughness\nnan\n--color\na.png\n",
    "inf": "--water=inf\n--color=a.png\n",
    "neg_inf": "--zscale\n-inf\n--generator\nrectangles\n--color\na.png\n",
    "negative": "--size\n-1\n--threads\n-1\n--color\na.png\n",
    "overflow_double": "--roughness\n1e309\n--color\na.png\n",
    "tiny_double": "--roughness\n1e-400\n--color\na.png\n",
    "huge_size": "--size\n16386\n--color\na.png\n",
    "huge_int": "--side-width\n99999999999999999999\n--generator\nmidpoint\n--color\na.png\n",
    "max_profile": "--generator\nrandom-walk\n--size\n16777217\n--raw\na.r32\n",
    "seed_20_digits": "--seed\n18446744073709551616\n--color\na.png\n",
    "seed_30_digits": "--seed\n000000000000000000000000000042\n--color\na.png\n",
    "seed_negative": "--seed\n-5\n--color\na.png\n",
    "seed_hex": "--seed\n0x2a\n--color\na.png\n",
    "unknown_flag": "--colour\na.png\n",
    "single_dash": "-generator\nmidpoint\n",
    "bare_dashes": "--\n--=\n--=x\n",
    "missing_value": "--color\n",
    "missing_value_before_flag": "--seed\n--color\na.png\n",
    "switch_with_value": "--quiet=yes\n--color\na.png\n",
    "empty_values": "--ramp=\n--color=\n--heightmap\n\n",
    "same_output": "--color\nout/../a.png\n--heightmap\na.png\n",
    "wrong_scope": "--generator\ndiamond-square\n--side-width\n100\n--color\na.png\n",
    "wrong_param": "--generator\nmidpoint\n--classes\n3\n--raw\na.r32\n",
    "repeated": "--generator\nmidpoint\n--generator\ncoastline\n--size\n64\n--size\n128\n--color\n"
                "a.png\n",
    "bad_choice": "--generator\ncoastline\n--mode\nheight\n--color\na.png\n",
    "fractional_int": "--iterations\n2.5\n--color\na.png\n",
    "start_cells": "--generator\ncoastline\n--start\nrandom\n--start-cells\n3\n--color\na.png\n",
    "step_over_max": "--generator\nrandom-walk\n--max-height\n5\n--step-height\n6\n--raw\na.r32\n",
    "whitespace": "--size\n 513\n--seed\n1 \n--color\na.png\n",
    "plus_sign": "--water\n+0.5\n--color\na.png\n",
}

SETTINGS = {
    "valid.ini": "# terrain-explorer settings\nview=3d\nramp=earth\nramp_png=/home/a/ramp.png\n",
    "sections.ini": "[window]\n; comment\n  view = side \t\r\nramp=auto\r\nfuture_key=1\n",
    "bad_values.ini": "view=top\nramp=rainbow\nno equals sign\n=\nview\n",
    "empty.ini": "",
    "garbage.ini": "\xff\xfe\x00\x01=\x7f\n\x1b[31mview=map\n" * 3,
    "nul_bytes.ini": "view=\0map\nramp\0=earth\n\0\0\0\nramp=grayscale\0\n",
    "long_line.ini": "ramp_png=" + "a" * 16000 + "\nview=side\n",
    # Over PATH_MAX: dropped with a note (a 20 KB path aborted the window).
    "long_ramp_path.ini": "view=side\nramp=earth\nramp_png=/" + "a" * 20480 + ".png\n",
    "control_ramp_path.ini": "ramp_png=/ramps/\x01\x1b[31mred.png\nview=3d\n",
}

APP = {
    "window": "--view\n3d\n--ramp\nauto\n--width\n1280\n--height\n800\n--generator\ncoastline\n",
    "screenshot": "--frames=5\n--screenshot=shot.png\n--row=100\n--seed=7\n--size=129\n",
    "screenshot_only": "--screenshot\na.png\n",
    "help": "-h\n--view\nnope\n",
    "bad": "--width\n199\n--height=1e9\n--row\n-1\n--frames\n0\n",
    "no_value": "--view\n",
    "positional": "export\n--help\n",
}


def project(source, modifiers="[]", look=None, view=None, seed='"42"', version="1"):
    """A project file as the program writes it, with parts swapped in."""
    look = look or ('{"water": 0.3, "ramp": "auto", "hillshade": "auto", "sun-azimuth": 315, '
                    '"sun-elevation": 45, "relief": 0.5}')
    view = view or '{"kind": "map", "row": 0.5, "exaggeration": 0.25, "water-plane": true}'
    return ('{\n  "format": "terrain-explorer-project",\n  "version": %s,\n  "seed": %s,\n'
            '  "source": %s,\n  "modifiers": %s,\n  "look": %s,\n  "view": %s\n}\n'
            % (version, seed, source, modifiers, look, view))


DS = '{"stage": "diamond-square", "params": {"size": 65, "roughness": 0.3, "iterations": 30, ' \
     '"scaling": "fractal"}}'
EVERY_MODIFIER = (
    '[{"stage": "smooth", "enabled": true, "params": {"passes": 3}},\n'
    ' {"stage": "normalise", "enabled": false, "params": {"low": 0.1, "high": 0.9}},\n'
    ' {"stage": "curve", "enabled": true, "params": {"at-0": 0, "at-25": 0.1, "at-50": 0.4, '
    '"at-75": 0.8, "at-100": 1}},\n'
    ' {"stage": "terrace", "enabled": true, "params": {"steps": 8, "softness": 0.25, '
    '"offset": 0.5}},\n'
    ' {"stage": "clamp", "enabled": true, "params": {"low": 0.2, "high": 0.8}}]')

def graph_project(nodes, links, output, version="2"):
    """A version 2 project: a graph in place of source and modifiers."""
    return ('{\n  "format": "terrain-explorer-project",\n  "version": %s,\n  "seed": "7",\n'
            '  "graph": {"output": %s, "nodes": %s, "links": %s},\n'
            '  "world": {"world-width": 4000, "height-range": 900}\n}\n'
            % (version, output, nodes, links))


GRAPH_NODES = (
    '[{"id": 1, "type": "noise", "params": {"size": 65, "fractal": "ridged"}},\n'
    ' {"id": 2, "type": "noise", "enabled": true, "position": [0, 200], '
    '"params": {"size": 65, "roughness": 0.1}},\n'
    ' {"id": 3, "type": "height-mask", "params": {"low": 0.5, "softness": 0.1}},\n'
    ' {"id": 4, "type": "slope-mask", "params": {"low": 20}},\n'
    ' {"id": 5, "type": "combine-masks", "params": {"operation": "min"}},\n'
    ' {"id": 6, "type": "blend", "position": [440, 100]},\n'
    ' {"id": 7, "type": "terrace", "enabled": false, "params": {"steps": 4}},\n'
    ' {"id": 8, "type": "invert-mask"},\n'
    ' {"id": 9, "type": "combine", "params": {"operation": "max", "amount": 0.3}}]')
GRAPH_LINKS = (
    '[{"from": {"node": 2, "port": "heights"}, "to": {"node": 6, "port": "a"}},\n'
    ' {"from": {"node": 1, "port": "heights"}, "to": {"node": 6, "port": "b"}},\n'
    ' {"from": {"node": 2, "port": "heights"}, "to": {"node": 3, "port": "heights"}},\n'
    ' {"from": {"node": 1, "port": "heights"}, "to": {"node": 4, "port": "heights"}},\n'
    ' {"from": {"node": 3, "port": "mask"}, "to": {"node": 5, "port": "a"}},\n'
    ' {"from": {"node": 4, "port": "mask"}, "to": {"node": 5, "port": "b"}},\n'
    ' {"from": {"node": 5, "port": "mask"}, "to": {"node": 6, "port": "mask"}},\n'
    ' {"from": {"node": 6, "port": "heights"}, "to": {"node": 7, "port": "in"}},\n'
    ' {"from": {"node": 5, "port": "mask"}, "to": {"node": 8, "port": "mask"}},\n'
    ' {"from": {"node": 8, "port": "mask"}, "to": {"node": 7, "port": "mask"}},\n'
    ' {"from": {"node": 7, "port": "heights"}, "to": {"node": 9, "port": "a"}},\n'
    ' {"from": {"node": 2, "port": "heights"}, "to": {"node": 9, "port": "b"}}]')

PROJECT = {
    "graph.json": graph_project(GRAPH_NODES, GRAPH_LINKS, 9),
    "graph_one_source.json": graph_project('[{"id": 4, "type": "diamond-square"}]', '[]', 4),
    "graph_in_version_1.json": graph_project(GRAPH_NODES, GRAPH_LINKS, 9, version="1"),
    "graph_cycle.json": graph_project(GRAPH_NODES, GRAPH_LINKS.replace(
        '{"node": 2, "port": "heights"}, "to": {"node": 6', '{"node": 9, "port": "heights"}, '
        '"to": {"node": 6'), 9),
    "graph_mask_into_heights.json": graph_project(GRAPH_NODES, GRAPH_LINKS.replace(
        '"node": 1, "port": "heights"}, "to": {"node": 6', '"node": 3, "port": "mask"}, '
        '"to": {"node": 6'), 9),
    "graph_unknown_port.json": graph_project(GRAPH_NODES, GRAPH_LINKS.replace('"a"}', '"c"}'), 9),
    "graph_mask_output.json": graph_project(GRAPH_NODES, GRAPH_LINKS, 5),
    "graph_two_sizes.json": graph_project(GRAPH_NODES.replace('"size": 65, "roughness"',
                                                              '"size": 129, "roughness"'),
                                          GRAPH_LINKS, 9),
    "every_modifier.json": project(DS, EVERY_MODIFIER),
    "random_walk.json": project('{"stage": "random-walk", "params": {"size": 640, "max-height": '
                                '300, "step-height": 6, "article-passes": 10}}',
                                view='{"kind": "side", "row": 0.5, "exaggeration": 0.25, '
                                     '"water-plane": false}'),
    "midpoint.json": project('{"stage": "midpoint", "params": {"size": 513, "roughness": 0.2, '
                             '"endpoints": "zero"}}', seed='"18446744073709551615"'),
    "coastline.json": project('{"stage": "coastline", "params": {"size": 128, "mode": "heights", '
                              '"classes": 6, "start": "random", "start-cells": 8}}',
                              look='{"water": 0.5, "ramp": "coastline", "hillshade": "off"}'),
    "rectangles.json": project('{"stage": "rectangles", "params": {"size": 128, "rects": 1024, '
                               '"rect-size": 10, "zscale": 512, "cell-noise": 1}}',
                               view='{"kind": "3d", "exaggeration": 0.5}'),
    "minimal.json": '{"format":"terrain-explorer-project","version":1,'
                    '"source":{"stage":"diamond-square"}}',
    "seed_number.json": project(DS, seed="12345678901234567890"),
    "ramp_path.json": project(DS, look='{"ramp": "ramps/\\u00e9vening [1].png", '
                                       '"hillshade": "on"}'),
    "truncated.json": project(DS, EVERY_MODIFIER)[:200],
    "newer_version.json": project(DS, version="3"),
    "no_version.json": '{"format": "terrain-explorer-project", "source": {"stage": "midpoint"}}',
    "wrong_type.json": project('{"stage": "diamond-square", "params": {"roughness": "high"}}'),
    "unknown_key.json": project(DS, '[{"stage": "smooth", "on": true}]'),
    "unknown_stage.json": project('{"stage": "perlin"}', '[{"stage": "erode"}]'),
    "out_of_range.json": project('{"stage": "diamond-square", "params": {"size": 100, '
                                 '"roughness": 1e999}}'),
    "low_above_high.json": project(DS, '[{"stage": "clamp", "params": {"low": 0.9, '
                                       '"high": 0.1}}]'),
    "profile_modifier.json": project('{"stage": "midpoint"}', EVERY_MODIFIER),
    "deep.json": "[" * 5000 + "]" * 5000,
    "duplicate_keys.json": '{"format":"terrain-explorer-project","version":1,"version":2,'
                           '"source":{"stage":"midpoint"},"source":{"stage":"coastline"}}',
    "not_json.json": "view=3d\nramp=earth\n",
    "empty.json": "",
}


# ---- fuzz_raster: the first byte picks the kind (0 tif, 1 vrt, 2 asc, 3 png,
# 4 r16, 5 r32), the rest is the file.

def geotiff(width, height, value):
    """A little-endian float32 GeoTIFF, one strip, UTM 32N, 30 m cells."""
    pixels = b"".join(struct.pack("<f", value(x, y)) for y in range(height) for x in range(width))
    extra = bytearray()  # values of tags too big for the entry, after the IFD

    entries = []

    def tag(code, kind, values):
        fmt = {3: "H", 4: "I", 12: "d"}[kind]
        entries.append((code, kind, values, fmt))

    tag(256, 3, [width])
    tag(257, 3, [height])
    tag(258, 3, [32])             # bits per sample
    tag(259, 3, [1])              # no compression
    tag(262, 3, [1])              # min-is-black
    tag(273, 4, [0])              # strip offset, set below
    tag(277, 3, [1])
    tag(278, 3, [height])
    tag(279, 4, [len(pixels)])
    tag(339, 3, [3])              # IEEE floating point
    tag(33550, 12, [30.0, 30.0, 0.0])
    tag(33922, 12, [0.0, 0.0, 0.0, 500000.0, 5100000.0, 0.0])
    tag(34735, 3, [1, 1, 0, 2, 1024, 0, 1, 1, 3072, 0, 1, 32632])
    ifd_at = 8
    ifd_size = 2 + 12 * len(entries) + 4
    data_at = ifd_at + ifd_size
    body = bytearray()
    out_entries = bytearray()
    placed = []
    for code, kind, values, fmt in entries:
        packed = struct.pack("<" + fmt * len(values), *values)
        if len(packed) <= 4:
            out_entries += struct.pack("<HHI", code, kind, len(values)) + packed.ljust(4, b"\0")
        else:
            placed.append(len(out_entries) + 8)
            out_entries += struct.pack("<HHII", code, kind, len(values), data_at + len(body))
            body += packed
    pixels_at = data_at + len(body)
    # The strip offset entry (tag 273) is the sixth: its value field.
    offset_field = 2 + 12 * 5 + 8
    ifd = bytearray(struct.pack("<H", len(entries)) + out_entries + struct.pack("<I", 0))
    ifd[offset_field:offset_field + 4] = struct.pack("<I", pixels_at)
    return b"II*\0" + struct.pack("<I", ifd_at) + bytes(ifd) + bytes(body) + pixels


def vrt(sources, band_class="", extra=""):
    cls = f' subClass="{band_class}"' if band_class else ""
    return ('<VRTDataset rasterXSize="4" rasterYSize="4">'
            f'<VRTRasterBand dataType="Float32" band="1"{cls}>{extra}{sources}'
            "</VRTRasterBand></VRTDataset>\n")


def simple(name, relative=1):
    return (f'<SimpleSource><SourceFilename relativeToVRT="{relative}">{name}</SourceFilename>'
            '<SourceBand>1</SourceBand></SimpleSource>')


def asc(rows):
    head = f"ncols {len(rows[0])}\nnrows {len(rows)}\nxllcorner 0\nyllcorner 0\ncellsize 30\n"
    return head + "".join(" ".join(r) + "\n" for r in rows)


def raster_seeds():
    hills = lambda x, y: 100.0 + 10.0 * x + 3.0 * y * y
    return {
        "tif_hills": b"\0" + geotiff(8, 8, hills),
        "tif_one_by_one": b"\0" + geotiff(1, 1, hills),
        "vrt_mosaic": "\1" + vrt(simple("part.asc")),
        "vrt_two_parts": "\1" + vrt(simple("part.asc") + simple("dem.asc")),
        "vrt_raw_band": "\1" + vrt("<SourceFilename>/etc/passwd</SourceFilename>",
                                    "VRTRawRasterBand"),
        "vrt_python": "\1" + vrt("", "VRTDerivedRasterBand",
                                  "<PixelFunctionLanguage>Python</PixelFunctionLanguage>"
                                  "<PixelFunctionCode>def f(): pass</PixelFunctionCode>"),
        "vrt_itself": "\1" + vrt(simple("dem.vrt")),
        "vrt_vsicurl": "\1" + vrt(simple("/vsicurl/http://127.0.0.1:9/x.tif", 0)),
        "vrt_device": "\1" + vrt(simple("/dev/zero", 0)),
        "asc_hills": "\2" + asc([[str(int(hills(x, y))) for x in range(6)] for y in range(6)]),
        "asc_nodata": "\2" + asc([["1", "2", "-9999"], ["4", "nan", "6"], ["inf", "8", "9"]])
                      .replace("cellsize 30\n", "cellsize 30\nNODATA_value -9999\n"),
        "png_16bit": b"\3" + png(8, 8, 16, 0, lambda x, y: ((x * 8 + y) * 1000,)),
        "r16_square": b"\4" + bytes(range(32)),
        "r32_square": b"\5" + b"".join(struct.pack("<f", v) for v in
                                        [0.0, 0.5, float("inf"), 1.0] * 4),
    }


# ---- fuzz_strokes: a strokes list, as a node's strokes or course parameter holds it.

def strokes(*items):
    return "[" + ", ".join(items) + "]"


def stroke(mode, points, **keys):
    """One stroke: keys radius, strength, hardness, height as given."""
    fields = ['"mode": "%s"' % mode] + ['"%s": %s' % (k, v) for k, v in keys.items()]
    fields.append('"points": [%s]' % ", ".join("[%s, %s]" % p for p in points))
    return "{" + ", ".join(fields) + "}"


TRACK = [(600, 4000), (2000, 5200), (3500, 3100), (5200, 4400), (7600, 3900)]
ZIGZAG = [((k % 2) * 8192, 8192 * k // 60) for k in range(60)]
STROKES = {
    "sculpt": strokes(stroke("raise", TRACK, radius=600, height=120),
                      stroke("lower", [(7000, 1000)], radius=400, strength=0.7),
                      stroke("smooth", TRACK[1:3], radius=900, hardness=0),
                      stroke("flatten", [(2000, 7000)], radius=900, hardness=1, height=300)),
    "paint": strokes(stroke("paint", TRACK, radius=1400, hardness=0.35),
                     stroke("erase", [(4000, 4000), (4100, 4000)], radius=500)),
    "course": strokes(stroke("path", TRACK), stroke("path", [(0, 2600), (10000, 7100)])),
    "dot": strokes(stroke("paint", [(4096, 4096)], radius=0.001)),
    "world_wide": strokes(stroke("smooth", [(4096, 4096)], radius=1e6, hardness=0)),
    "range_ends": strokes(stroke("path", [(-1e6, -1e6), (2e6, 2e6), (-1e6, 2e6)], radius=1e6)),
    "across_the_seam": strokes(stroke("paint", [(8150, 10), (30, 8180)], radius=200)),
    "zigzag": strokes(stroke("paint", ZIGZAG, radius=300, hardness=0)),
    "repeated_points": strokes(stroke("path", [(100, 100)] * 5 + [(900, 100)] * 3)),
    "outside_the_range": strokes(stroke("path", [(0, 0), (5, 1e9)])),
    "radius_too_wide": strokes(stroke("smooth", [(0, 0)], radius=2e6)),
    "not_a_list": '{"mode": "paint", "points": [[0, 0]]}',
    "empty": "[]",
}


def write(folder, files):
    path = CORPUS / folder
    path.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        data = data.encode("latin-1") if isinstance(data, str) else data
        assert len(data) < 64 * 1024, (folder, name, len(data))
        (path / name).write_bytes(data)


def main():
    write("ramp_png", ramp_png_seeds())
    write("export_args", EXPORT)
    write("settings", SETTINGS)
    write("app_args", APP)
    write("project", PROJECT)
    write("raster", raster_seeds())
    write("strokes", STROKES)


if __name__ == "__main__":
    main()
