#!/usr/bin/env python3
"""Draws assets/textures/paper.png: a tileable, muted paper texture for the table (our own work).

Standard library only. Periodic value noise at a few octaves plus faint fibres, on a warm cream.
Run from this folder: python3 make_paper.py
"""
import math
import random
import struct
import zlib

SIZE = 256
random.seed(1942)


def periodic_noise(cells):
    """Smooth value noise that wraps around at SIZE (so the texture tiles)."""
    grid = [[random.random() for _ in range(cells)] for _ in range(cells)]

    def at(x, y):
        fx, fy = x * cells / SIZE, y * cells / SIZE
        x0, y0 = int(fx) % cells, int(fy) % cells
        x1, y1 = (x0 + 1) % cells, (y0 + 1) % cells
        tx, ty = fx - int(fx), fy - int(fy)
        tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        a = grid[y0][x0] * (1 - tx) + grid[y0][x1] * tx
        b = grid[y1][x0] * (1 - tx) + grid[y1][x1] * tx
        return a * (1 - ty) + b * ty

    return at


octaves = [(periodic_noise(4), 0.45), (periodic_noise(16), 0.3), (periodic_noise(64), 0.25)]
fibres = [[0.0] * SIZE for _ in range(SIZE)]
for _ in range(260):
    x, y = random.uniform(0, SIZE), random.uniform(0, SIZE)
    angle = random.uniform(0, math.pi)
    length = random.uniform(6, 22)
    shade = random.uniform(-0.6, 0.6)
    for s in range(int(length * 2)):
        px = int(x + math.cos(angle) * s / 2) % SIZE
        py = int(y + math.sin(angle) * s / 2) % SIZE
        fibres[py][px] += shade

base = (232, 223, 200)  # warm cream, like an old printed map
rows = []
for y in range(SIZE):
    row = bytearray([0])  # PNG filter type: none
    for x in range(SIZE):
        n = sum(f(x, y) * w for f, w in octaves) - 0.5
        v = n * 26 + fibres[y][x] * 6 + random.uniform(-3, 3)
        row += bytes(max(0, min(255, int(c + v * k))) for c, k in zip(base, (1.0, 1.0, 1.15)))
    rows.append(bytes(row))


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


png = b"\x89PNG\r\n\x1a\n"
png += chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
png += chunk(b"IEND", b"")
with open("paper.png", "wb") as f:
    f.write(png)
print("wrote paper.png", len(png), "bytes")
