#!/usr/bin/env python3
"""Writes the import source's test samples: two small ESRI ASCII grids
(elevations in metres, 30 m cells) that GDAL reads. hills.asc is square;
ridge.asc is wider than tall, so crop and stretch differ on it."""
import math

def grid(name, cols, rows, height):
    with open(name, "w") as f:
        f.write(f"ncols {cols}\nnrows {rows}\nxllcorner 500000\nyllcorner 5100000\n"
                "cellsize 30\nNODATA_value -9999\n")
        for y in range(rows):
            f.write(" ".join(f"{height(x, y):.2f}" for x in range(cols)) + "\n")

grid("hills.asc", 33, 33,
     lambda x, y: 640 + 180 * math.sin(x * 0.3) * math.cos(y * 0.22) + 4 * x - 3 * y)
grid("ridge.asc", 41, 33,
     lambda x, y: 900 + 350 * math.exp(-((y - 16) / 6.0) ** 2) * (1 + 0.3 * math.sin(x * 0.4)))
