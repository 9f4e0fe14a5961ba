#pragma once
// A fast deflate encoder (RFC 1951) for image rows: each band of bytes is one
// dynamic-Huffman block of literals and runs of the previous byte (distance
// 1, what a filtered flat area or a stretch of water becomes), with no
// search for longer-range matches. Filtered terrain is mostly noise in its
// low bits, where a match search costs time and wins nothing: on a 4097^2
// 16-bit heightmap this gives smaller files than zlib level 1 at several
// times its speed.
//
// Bands are compressed independently (on any threads) and joined in order:
// a band that is not the last ends with a sync flush (an empty stored block,
// which also brings the stream back to a byte boundary), as pigz does, so
// the concatenation is one valid deflate stream. The bytes depend only on
// the band's data and whether it is last.
#include <cstdint>
#include <span>
#include <vector>

namespace terrain {

// Appends one band's compressed bytes to `out`. `last`: the band ends the
// stream (its block is final); otherwise it ends with a sync flush.
void deflateBand(std::span<const std::uint8_t> data, bool last, std::vector<std::uint8_t>& out);

// Huffman code lengths for these symbol frequencies, none longer than
// maxLength (frequencies are halved until the tree fits); symbols with
// frequency 0 get length 0. Exposed for tests.
std::vector<std::uint8_t> huffmanCodeLengths(std::span<const std::uint32_t> frequencies,
                                             int maxLength);

}  // namespace terrain
