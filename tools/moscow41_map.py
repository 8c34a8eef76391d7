#!/usr/bin/env python3
"""Generate scenarios/moscow41/map.ron and check every map constraint.

Moscow '41 lost its map image. This script holds the reconstruction (see
scenarios/moscow41/SOURCES.md) as plain tables: one row per area with its
real-world position (WGS84, shared/evidence/geography.md §2), name, terrain
and icons. It then
  1. projects the centres onto the 62 x 86 cm board (portrait, north up),
  2. draws every area as the Voronoi cell of its centre clipped to the board
     (Lake Ilmen and the publisher's logo corner are non-area cells),
  3. derives adjacency from shared cell borders (length > 0.05 cm), so board
     neighbours and data neighbours are the same thing by construction,
  4. flags a border as a river where a real river line crosses the segment
     between the two centres,
  5. assigns the supply-edge icons from the cells that touch the north, east
     and south edges, and each area's side of the SC.2 (white) and SC.3 (red)
     dashed lines from the historical front polylines,
  6. checks every fact the rules state (rules §3.8, §4) and writes map.ron.

Usage (standard library only):
    python3 tools/moscow41_map.py          # write map.ron and check
    python3 tools/moscow41_map.py --check  # check only; fail if map.ron is stale
"""

import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCEN = os.path.join(ROOT, "scenarios", "moscow41")
MAP_PATH = os.path.join(SCEN, "map.ron")

# ---------------------------------------------------------------- board
W, H = 62.0, 86.0          # cm, portrait (R 1.1: 86 x 62; geography §2.1)
TOP, BOTTOM = 3.0, 83.0    # the area field; strips above/below hold the boxes
LAT_N, LAT_S = 58.55, 50.60
LON_W = 30.55


def proj(lat, lon):
    """Equirectangular at 54.5 N, ~1:1,000,000 (geography §2.1)."""
    x = (lon - LON_W) * 6.6
    y = TOP + (LAT_N - lat) * (BOTTOM - TOP) / (LAT_N - LAT_S)
    return (round(x, 2), round(y, 2))


# ---------------------------------------------------------------- areas
# (id, lat, lon, name) row by row, north -> south; ids grow west -> east in a
# row (rules §3.8 "observed numbering pattern"). Named rows sit on the real
# town; unnamed ones fill the ground between at ~45-60 km spacing.
AREAS = [
    # row 1: the north edge (1-5 light blue, 6-10 blue supply icons)
    ("1", 58.45, 30.95, None), ("2", 58.45, 31.85, None),
    ("3", 58.25, 32.52, "Kresttsy"), ("4", 58.15, 33.15, None),
    ("5", 58.39, 33.92, "Borovichi"), ("6", 58.30, 34.80, None),
    ("7", 58.25, 35.70, None), ("8", 58.30, 36.60, None),
    ("9", 58.20, 37.60, None), ("10", 58.25, 38.90, None),
    # row 2
    ("11", 57.75, 30.90, None), ("12", 57.99, 31.35, "Staraya Russa"),
    ("13", 57.55, 31.60, None), ("14", 57.88, 32.05, None),
    ("15", 57.98, 32.65, None), ("16", 57.60, 32.75, None),
    ("17", 57.42, 33.20, None), ("18", 57.98, 33.24, "Valdai"),
    ("19", 57.75, 34.00, None), ("20", 57.59, 34.56, "Vyshny Volochek"),
    ("21", 57.80, 35.30, None), ("22", 57.55, 36.05, None),
    ("23", 57.78, 36.69, "Bezhetsk"), ("24", 57.65, 37.60, None),
    ("25", 57.52, 38.33, "Uglich"), ("26", 57.70, 39.30, None),
    # row 3 (west only: Kholm - Ostashkov)
    ("27", 57.25, 30.90, None), ("28", 57.15, 31.70, None),
    ("29", 57.10, 32.45, None), ("30", 57.146, 33.112, "Ostashkov"),
    # row 4
    ("31", 56.70, 32.30, "Andreapol"), ("32", 56.90, 32.85, None),
    ("33", 56.85, 33.45, "Selizharovo"), ("34", 57.25, 33.85, None),
    ("35", 57.03, 34.17, "Kuvshinovo"), ("36", 57.04, 34.96, "Torzhok"),
    ("37", 57.12, 35.47, "Likhoslavl"), ("38", 56.86, 35.91, "Kalinin"),
    ("39", 56.70, 36.76, "Konakovo"), ("40", 56.87, 37.36, "Kimry"),
    ("41", 56.95, 38.40, None),
    # row 5
    ("42", 56.30, 31.00, None), ("43", 56.50, 31.64, "Toropets"),
    ("44", 56.20, 32.35, None), ("45", 56.21, 33.49, "Olenino"),
    ("46", 56.262, 34.329, "Rzhev"), ("47", 56.51, 34.94, "Staritsa"),
    ("48", 56.23, 35.64, "Lotoshino"), ("49", 56.33, 36.73, "Klin"),
    ("50", 56.34, 37.52, "Dmitrov"), ("51", 56.39, 38.71, "Aleksandrov"),
    # row 6 (the Moscow band)
    ("52", 55.85, 30.95, None), ("53", 55.75, 31.70, None),
    ("54", 55.90, 32.35, None), ("55", 55.834, 32.939, "Bely"),
    ("56", 55.80, 33.60, None), ("57", 55.831, 34.278, "Sychevka"),
    ("58", 55.95, 35.00, None), ("59", 56.036, 35.959, "Volokolamsk"),
    ("60", 55.92, 36.86, "Istra"), ("61", 56.18, 36.98, "Solnechnogorsk"),
    ("62", 56.05, 37.45, None), ("63", 55.756, 37.617, "Moscow"),
    ("64", 55.85, 38.44, "Noginsk"), ("65", 55.80, 39.40, None),
    # row 7
    ("66", 55.10, 31.35, None), ("67", 55.25, 32.05, None),
    ("68", 55.066, 32.690, "Yartsevo"), ("69", 55.11, 33.24, "Safonovo"),
    ("70", 55.210, 34.295, "Vyazma"), ("71", 55.553, 35.001, "Gzhatsk"),
    ("72", 55.507, 36.024, "Mozhaisk"), ("73", 55.386, 36.733, "Naro Fominsk"),
    ("74", 55.60, 37.15, None), ("75", 55.43, 37.54, "Podolsk"),
    ("76", 55.42, 38.26, "Bronnitsy"), ("77", 55.45, 39.30, None),
    # row 8
    ("78", 54.75, 32.75, None), ("79", 54.914, 33.303, "Dorogobuzh"),
    ("80", 54.95, 34.00, None), ("81", 54.80, 34.70, None),
    ("82", 54.744, 35.233, "Yukhnov"), ("83", 54.97, 35.86, "Medyn"),
    ("84", 55.01, 36.46, "Maloyaroslavets"), ("85", 54.913, 37.411, "Serpukhov"),
    ("86", 54.853, 38.165, "Kashira"), ("87", 55.103, 38.753, "Kolomna"),
    ("88", 54.629, 39.737, "Ryazan"),
    # row 9 (Smolensk)
    ("89", 54.56, 31.43, "Krasny"), ("90", 54.782, 32.045, "Smolensk"),
    ("91", 54.40, 32.44, "Pochinok"), ("92", 54.573, 33.176, "Yelnia"),
    ("93", 54.41, 34.02, "Spas-Demensk"), ("94", 54.49, 34.99, "Mosalsk"),
    ("95", 54.514, 36.261, "Kaluga"), ("96", 54.51, 37.07, "Aleksin"),
    ("97", 54.193, 37.617, "Tula"), ("98", 54.35, 38.26, "Venev"),
    ("99", 54.23, 39.03, "Mikhailov"),
    # row 10
    ("100", 54.02, 31.72, "Mstislavl"), ("101", 53.951, 32.856, "Roslavl"),
    ("102", 54.05, 33.60, None), ("103", 54.08, 34.31, "Kirov"),
    ("104", 54.10, 35.345, "Sukhinichi"), ("105", 53.81, 36.13, "Belyov"),
    ("106", 53.94, 36.68, "Odoyev"), ("107", 53.77, 38.13, "Bogoroditsk"),
    ("108", 53.95, 38.95, None), ("109", 53.82, 39.75, "Skopin"),
    # row 11
    ("110", 53.45, 31.10, None), ("111", 53.61, 31.96, "Klimovichi"),
    ("112", 53.30, 32.40, None), ("113", 53.62, 33.10, None),
    ("114", 53.35, 33.45, None), ("115", 53.243, 34.364, "Bryansk"),
    ("116", 53.35, 35.30, None), ("117", 52.967, 36.081, "Orel"),
    ("118", 53.279, 36.575, "Mtsensk"), ("119", 53.00, 36.80, None),
    ("120", 53.15, 38.12, "Yefremov"), ("121", 53.30, 38.85, None),
    ("122", 53.20, 39.70, None),
    # row 12
    ("123", 52.80, 31.10, None), ("124", 52.95, 31.70, None),
    ("125", 52.75, 32.24, "Klintsy"), ("126", 52.85, 32.75, "Unecha"),
    ("127", 52.93, 33.45, "Pochep"), ("128", 52.579, 33.767, "Trubchevsk"),
    ("129", 52.75, 34.55, None), ("130", 52.45, 35.15, "Dmitrovsk"),
    ("131", 52.69, 35.77, "Kromy"), ("132", 52.75, 36.55, None),
    ("133", 52.45, 37.00, None), ("134", 52.428, 37.604, "Livny"),
    ("135", 52.85, 38.10, None), ("136", 52.624, 38.503, "Yelets"),
    ("137", 52.61, 39.60, "Lipetsk"),
    # row 13
    ("138", 52.20, 31.10, None), ("139", 52.25, 31.90, None),
    ("140", 52.20, 32.60, None), ("141", 52.008, 33.262, "Novgorod-Seversky"),
    ("142", 52.20, 33.95, None), ("143", 52.15, 34.49, "Sevsk"),
    ("144", 52.13, 35.08, "Dmitriev"), ("145", 52.09, 35.86, "Fatezh"),
    ("146", 52.05, 36.60, None), ("147", 52.10, 37.60, None),
    ("148", 52.20, 38.40, None), ("149", 52.10, 39.45, None),
    # row 14
    ("150", 51.494, 31.289, "Chernigov"), ("151", 51.55, 32.00, None),
    ("152", 51.50, 32.70, None), ("153", 51.65, 33.35, None),
    ("154", 51.678, 33.912, "Glukhov"), ("155", 51.57, 34.68, "Rylsk"),
    ("156", 51.66, 35.27, "Lgov"), ("157", 51.730, 36.193, "Kursk"),
    ("158", 51.62, 37.12, "Tim"), ("159", 51.82, 38.10, "Kastornoye"),
    ("160", 51.672, 39.184, "Voronezh"),
    # row 15: the south edge (the 7 westernmost have orange supply icons)
    ("161", 50.95, 31.10, "Kozelets"), ("162", 51.05, 31.89, "Nizhyn"),
    ("163", 50.90, 32.60, None), ("164", 51.24, 33.20, "Konotop"),
    ("165", 50.751, 33.474, "Romny"), ("166", 51.34, 33.87, "Putivl"),
    ("167", 50.91, 34.80, "Sumy"), ("168", 51.19, 35.27, "Sudzha"),
    ("169", 51.21, 36.27, "Oboyan"), ("170", 51.30, 37.84, "Stary Oskol"),
    ("171", 50.95, 38.90, "Ostrogozhsk"),
    # German Staging Areas on the west edge, north -> south (geography §2.2)
    ("16A", 57.00, 30.70, None), ("9A", 55.45, 30.70, None),
    ("4A", 54.35, 30.70, None), ("2A", 52.85, 30.65, None),
]
ROWS = [(1, 10), (11, 26), (27, 30), (31, 41), (42, 51), (52, 65), (66, 77),
        (78, 88), (89, 99), (100, 109), (110, 122), (123, 137), (138, 149),
        (150, 160), (161, 171)]
# Non-area cells: Lake Ilmen (R 2.4, GAP-27) and the logo corner (R 2.0 note).
HOLES = [("Lake Ilmen", 58.22, 31.30), ("logo", 50.80, 39.85)]

VICTORY = {"63", "90", "97", "157", "160"}          # Moscow, Smolensk, Tula, Kursk, Voronezh
CITIES = {"12", "18", "36", "38", "46", "68", "70", "72", "73", "87", "88", "92",
          "95", "101", "115", "117", "136", "150", "165"}
SPECIAL = {"150", "165"}                              # Chernigov, Romny
BALKAN = {"66", "67", "89", "90", "100"}
RED_STAR = {"4", "15", "17", "31"}
FORCE_GREEN = {"89"}                                  # 3 German blocks at start
FORCE_YELLOW = {"70"}                                 # Vyazma (R 10.14.1 example)
# Yellow terrain regions (geography §2.3), (lat_s, lat_n, lon_w, lon_e).
YELLOW_BOXES = [
    (57.2, 57.9, 31.2, 32.5),   # Polist / Rdeysky swamps
    (57.5, 58.3, 32.8, 34.0),   # Valdai hills
    (55.7, 56.3, 32.5, 34.0),   # Rzhev - Bely forests
    (55.3, 56.2, 35.5, 36.8),   # forests west of Moscow
    (52.7, 53.6, 33.5, 35.0),   # Bryansk forests
    (53.8, 54.6, 34.5, 35.8),   # Ugra / Zhizdra forests
    (51.5, 52.5, 30.5, 31.5),   # Pripyat marsh fringe
]
# Soviet campaign deployment icons (SC.C step 8): 3 yellow, 7 light blue, 18 white.
ICONS = {
    "Yellow": ["12", "14", "28"],
    "LightBlue": ["110", "123", "124", "138", "139", "150", "161"],
    "White": ["42", "43", "44", "52", "53", "54", "55", "68", "69", "78", "79",
              "92", "101", "102", "111", "112", "113", "114"],
}
# Front lines (lat, lon), north -> south; geography §2.2 "historical fronts",
# extended to the map edges and nudged where the rules fix an area's side.
SC2_LINE = [(58.6, 31.75), (57.95, 32.3), (57.5, 32.4), (57.15, 33.0),
            (56.65, 32.0), (56.35, 32.0), (55.83, 32.6), (55.07, 32.5),
            (54.57, 32.9), (53.95, 33.25), (53.53, 33.73), (52.93, 33.65),
            (51.68, 34.2), (50.5, 34.0)]
SC3_LINE = [(58.6, 32.85), (58.15, 32.8), (58.0, 32.3), (57.75, 32.3), (57.6, 33.0),
            (57.45, 33.0), (57.3, 32.3), (56.75, 32.1), (56.6, 33.1),
            (56.65, 34.0), (56.85, 34.9), (56.95, 35.7), (57.0, 36.1), (56.75, 36.5),
            (56.45, 36.3), (56.2, 36.4), (55.9, 36.45), (55.5, 36.45), (55.2, 36.6),
            (54.75, 36.85), (54.5, 36.9), (54.25, 37.3), (53.6, 37.7), (53.15, 38.0),
            (52.43, 37.8), (51.62, 37.0), (51.73, 36.5), (50.5, 36.0)]
RIVERS = {
    "Dnieper": [(55.87, 33.45), (55.40, 33.58), (55.10, 33.55), (54.91, 33.30), (54.85, 32.80),
                (54.78, 32.05), (54.70, 31.40), (54.51, 30.42), (53.90, 30.33)],
    "Western Dvina": [(55.19, 30.20), (55.41, 30.72), (55.60, 31.20), (55.90, 31.75), (56.26, 32.08),
                      (56.65, 32.27), (56.87, 32.55)],
    "Desna": [(54.62, 33.40), (54.15, 33.28), (53.53, 33.73), (53.25, 34.37), (53.10, 34.07),
              (52.58, 33.77), (52.00, 33.26), (51.52, 32.50), (51.49, 31.30), (50.95, 30.88),
              (50.52, 30.56)],
    "Sozh": [(54.55, 32.55), (54.19, 32.16), (53.71, 31.71), (53.44, 31.03), (52.92, 30.91),
             (52.44, 31.00)],
    "Vop": [(55.40, 32.75), (55.07, 32.69), (54.90, 32.78)],
    "Ugra": [(54.55, 33.25), (54.78, 34.33), (54.62, 35.00), (54.74, 35.24), (54.60, 35.80),
             (54.56, 36.17)],
    "Oka": [(52.40, 36.50), (52.97, 36.07), (53.81, 36.13), (54.10, 36.25), (54.51, 36.26),
            (54.51, 37.07), (54.92, 37.41), (54.84, 38.15), (55.10, 38.77), (54.63, 39.74),
            (54.5, 40.2)],
    "Volga": [(57.25, 32.47), (56.85, 33.45), (56.26, 34.33), (56.17, 34.58), (56.50, 34.93),
              (56.86, 35.90), (56.72, 36.80), (56.74, 37.17), (57.24, 37.85), (57.53, 38.33),
              (58.05, 38.83)],
    "Moskva": [(55.52, 35.60), (55.50, 36.03), (55.60, 36.48), (55.73, 36.86), (55.76, 37.62),
               (55.42, 38.26), (55.32, 38.68), (55.08, 38.78)],
    "Lovat": [(56.34, 30.53), (56.80, 30.85), (57.15, 31.18), (57.60, 31.40), (58.00, 31.55),
              (58.10, 31.45)],
    "Seym": [(51.53, 32.55), (51.33, 33.87), (51.57, 34.68), (51.68, 35.27), (51.73, 36.19)],
    "Don": [(54.01, 38.29), (53.81, 38.55), (53.26, 39.15), (53.02, 39.14), (52.39, 38.92),
            (51.53, 39.10), (50.98, 39.50), (50.5, 39.7)],
}
LAKE_ILMEN = [(58.50, 31.30), (58.32, 31.72), (58.08, 31.50), (58.22, 31.00)]
ROAD = ["Pskov", "Luga", "Batetsky", "Shimsk", "Novgorod", "Pushkin", "Krasnoye Selo",
        "Mga", "Shlisselburg", "Leningrad"]
LABELS = [("Lake Ilmen", 58.22, 31.30), ("Demyansk", 57.64, 32.47),
          ("Vitebsk", 55.19, 30.62), ("Orsha", 54.51, 30.62), ("Gomel", 52.44, 30.99),
          ("Moscow Sea", 56.75, 36.85), ("Lake Seliger", 57.20, 33.00)]

# ---------------------------------------------------------------- geometry


def clip(poly, a, b, c, tag):
    """Keep the part of poly with a*x + b*y <= c. poly: [((x, y), edge_tag)]."""
    out = []
    n = len(poly)
    for i in range(n):
        p, t = poly[i]
        q, _ = poly[(i + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append((p, t))
        if (fp < 0 < fq) or (fq < 0 < fp):
            s = fp / (fp - fq)
            x = (p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]))
            # the new point starts an edge along the cut if we are leaving
            out.append((x, tag if fp < 0 else t))
    return out


def voronoi(sites):
    cells = []
    rect = [((0.0, TOP), "N"), ((W, TOP), "E"), ((W, BOTTOM), "S"), ((0.0, BOTTOM), "W")]
    for i, (xi, yi) in enumerate(sites):
        poly = list(rect)
        for j, (xj, yj) in enumerate(sites):
            if i == j:
                continue
            a, b = xj - xi, yj - yi
            c = (xj * xj + yj * yj - xi * xi - yi * yi) / 2.0
            poly = clip(poly, a, b, c, j)
            if not poly:
                break
        cells.append(poly)
    return cells


def seg_len(p, q):
    return math.hypot(q[0] - p[0], q[1] - p[1])


def borders(cell):
    """{tag: total length} of a cell's edges."""
    out = {}
    for k in range(len(cell)):
        p, t = cell[k]
        q, _ = cell[(k + 1) % len(cell)]
        out[t] = out.get(t, 0.0) + seg_len(p, q)
    return out


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_intersect(p1, p2, q1, q2):
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def side_of(line, lat, lon):
    """German inside the polygon closed by the line and the west edge."""
    poly = list(line) + [(line[-1][0], 29.0), (line[0][0], 29.0)]
    inside = False
    for (ya, xa), (yb, xb) in zip(poly, poly[1:] + poly[:1]):
        if (ya > lat) != (yb > lat):
            x = xa + (lat - ya) * (xb - xa) / (yb - ya)
            if lon < x:
                inside = not inside
    return "German" if inside else "Soviet"


# ---------------------------------------------------------------- build


def build():
    ids = [a[0] for a in AREAS]
    sites = [proj(a[1], a[2]) for a in AREAS] + [proj(h[1], h[2]) for h in HOLES]
    cells = voronoi(sites)
    n = len(AREAS)
    bl = [borders(c) for c in cells]
    edges = []
    for i in range(n):
        for j, length in bl[i].items():
            if isinstance(j, int) and i < j < n and length > 0.05:
                edges.append((i, j))
    rivers = {}
    for (i, j) in edges:
        for name, line in RIVERS.items():
            pts = [proj(*p) for p in line]
            if any(segments_intersect(sites[i], sites[j], a, b) for a, b in zip(pts, pts[1:])):
                rivers[(i, j)] = name
                break
    areas = []
    for i, (aid, lat, lon, name) in enumerate(AREAS):
        b = bl[i]
        if aid.endswith("A"):
            terrain = "Staging"
        elif aid in VICTORY:
            terrain = "Victory"
        elif aid in FORCE_GREEN:
            terrain = "Green"
        elif aid in FORCE_YELLOW or any(s <= lat <= nn and w <= lon <= e
                                        for s, nn, w, e in YELLOW_BOXES):
            terrain = "Yellow"
        else:
            terrain = "Green"
        areas.append(dict(id=aid, lat=lat, lon=lon, name=name, terrain=terrain,
                          north=b.get("N", 0) > 0.05, east=b.get("E", 0) > 0.05,
                          south=b.get("S", 0) > 0.05, west=b.get("W", 0) > 0.05,
                          centre=sites[i], poly=[p for p, _ in cells[i]]))
    # supply edges
    north = sorted([a for a in areas if a["north"] and not a["id"].endswith("A")],
                   key=lambda a: a["centre"][0])
    for k, a in enumerate(north):
        a["supply"] = "NorthLightBlue" if k < len(north) // 2 else "NorthBlue"
    south = sorted([a for a in areas if a["south"] and "supply" not in a],
                   key=lambda a: a["centre"][0])
    for k, a in enumerate(south):
        a["supply"] = "SouthOrange" if k < 7 else "South"
    for a in areas:
        if a["east"] and "supply" not in a:
            a["supply"] = "East"
    for a in areas:
        aid = a["id"]
        a["sc2"] = "German" if aid.endswith("A") else side_of(SC2_LINE, a["lat"], a["lon"])
        a["sc3"] = "German" if aid.endswith("A") else side_of(SC3_LINE, a["lat"], a["lon"])
        if aid in RED_STAR:
            a["sc3"] = "Soviet"
        a["icon"] = next((c for c, l in ICONS.items() if aid in l), None)
    # Snap vertices shared by neighbouring cells to one rounded point, so that two
    # neighbours' outlines share exactly the same border segment.
    canon = []

    def snap(p):
        for c in canon:
            if abs(c[0] - p[0]) < 0.03 and abs(c[1] - p[1]) < 0.03:
                return c
        c = (round(p[0], 2), round(p[1], 2))
        canon.append(c)
        return c

    def snapped(cell):
        out = []
        for p, _ in cell:
            q = snap(p)
            if not out or out[-1] != q:
                out.append(q)
        while len(out) > 1 and out[0] == out[-1]:
            out.pop()
        return out

    for i, a in enumerate(areas):
        a["poly"] = snapped(cells[i])
    holes = {h[0]: snapped(cells[n + k]) for k, h in enumerate(HOLES)}
    # the adjacency must equal "shares a border segment of positive length"
    segs = {}
    for i, a in enumerate(areas):
        P = a["poly"]
        for k in range(len(P)):
            e = tuple(sorted((P[k], P[(k + 1) % len(P)])))
            segs.setdefault(e, []).append(i)
    shared = {tuple(sorted(v)) for v in segs.values() if len(v) == 2 and v[0] != v[1]}
    if shared != set(edges):
        # a Voronoi border shorter than the snapping tolerance: the outlines decide
        print("note: borders decided by the snapped outlines:", sorted(shared ^ set(edges)))
        edges[:] = sorted(shared)
        for k in list(rivers):
            if k not in shared:
                del rivers[k]
        for (i, j) in edges:
            if (i, j) in rivers:
                continue
            for name, line in RIVERS.items():
                pts = [proj(*p) for p in line]
                if any(segments_intersect(sites[i], sites[j], a, b) for a, b in zip(pts, pts[1:])):
                    rivers[(i, j)] = name
                    break
    return ids, areas, edges, rivers, holes, bl


# ---------------------------------------------------------------- checks

def check(ids, areas, edges, rivers, bl):
    errs = []
    idx = {a: i for i, a in enumerate(ids)}
    A = {a["id"]: a for a in areas}
    nb = {a: set() for a in ids}
    for i, j in edges:
        nb[ids[i]].add(ids[j])
        nb[ids[j]].add(ids[i])

    def need(cond, msg):
        if not cond:
            errs.append(msg)

    need(len(areas) == 175, "175 areas")
    need(sorted(ids[:171], key=int) == [str(k) for k in range(1, 172)], "ids 1..171")
    # polygon adjacency consistency: every shared border both ways, same length
    n = len(ids)
    for i in range(n):
        for j, length in bl[i].items():
            if isinstance(j, int) and j < n:
                other = bl[j].get(i, 0.0)
                need(abs(other - length) < 1e-3, f"border {ids[i]}-{ids[j]} asymmetric")
    # connectivity
    seen, todo = {ids[0]}, [ids[0]]
    while todo:
        x = todo.pop()
        for y in nb[x]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    need(len(seen) == n, f"connected: {n - len(seen)} unreachable")
    # row ordering west -> east
    for lo, hi in ROWS:
        lons = [A[str(k)]["lon"] for k in range(lo, hi + 1)]
        need(lons == sorted(lons), f"row {lo}-{hi} not west->east")
    # named places
    need(A["63"]["name"] == "Moscow", "63 Moscow")
    need(A["90"]["name"] == "Smolensk" and "90" in BALKAN, "Smolensk in 66/67/90/100")
    need(A["89"]["terrain"] == "Green", "89 green")
    need(A["70"]["name"] == "Vyazma" and A["70"]["terrain"] == "Yellow" and "70" in CITIES,
         "Vyazma yellow city")
    vic = sorted(a["name"] for a in areas if a["terrain"] == "Victory")
    need(vic == ["Kursk", "Moscow", "Smolensk", "Tula", "Voronezh"], f"victory areas {vic}")
    # neighbour lower bounds, counted on the side that deploys there
    for aid, k, line, side in [("42", 4, "sc2", "German"), ("45", 5, "sc2", "Soviet"),
                               ("70", 6, "sc2", "Soviet"), ("90", 3, "sc2", "German"),
                               ("114", 4, "sc2", "German"), ("117", 5, "sc2", "Soviet"),
                               ("58", 4, "sc3", "German"), ("84", 3, "sc3", "German"),
                               ("117", 4, "sc3", "German"), ("14", 1, "sc3", "German")]:
        own = [x for x in nb[aid] if A[x][line] == side]
        need(A[aid][line] == side, f"{aid} on the {side} side ({line})")
        need(len(own) >= k, f"{aid}: {len(own)} {side} neighbours in {line}, need {k}")
    # sides stated by the setups
    for aid in ["4", "15", "17", "18", "45", "70", "117"] + \
            [x for x in ["Tula", "Kursk", "Voronezh", "Kaluga", "Kalinin", "Naro Fominsk"]]:
        a = A.get(aid) or next(a for a in areas if a["name"] == aid)
        need(a["sc2"] == "Soviet", f"{aid} Soviet in SC.2")
    for aid in ["28", "42", "53", "67", "90", "101", "114", "127", "154"]:
        need(A[aid]["sc2"] == "German", f"{aid} German in SC.2")
    for aid in ["4", "15", "17", "31", "32", "36", "20", "33", "34", "35", "37", "49", "50",
                "61", "62", "63", "73", "74", "75", "76", "85", "96", "108", "121", "122",
                "135", "137", "147", "159", "170", "171", "97", "160"]:
        need(A[aid]["sc3"] == "Soviet", f"{aid} Soviet in SC.3")
    for aid in ["14", "58", "59", "71", "84", "93", "117", "134", "157", "90"]:
        need(A[aid]["sc3"] == "German", f"{aid} German in SC.3")
    need(next(a for a in areas if a["name"] == "Kalinin")["sc3"] == "German", "Kalinin German SC.3")
    # supply edges
    cnt = {}
    for a in areas:
        if a.get("supply"):
            cnt[a["supply"]] = cnt.get(a["supply"], 0) + 1
    need(cnt.get("NorthLightBlue") == 5 and cnt.get("NorthBlue") == 5, f"north icons {cnt}")
    need(cnt.get("SouthOrange") == 7, f"orange icons {cnt}")
    need(cnt.get("East", 0) >= 8, f"east edge {cnt}")
    need(A["165"]["south"], "Romny on the south edge")
    for s in ["16A", "9A", "4A", "2A"]:
        need(A[s]["west"], f"{s} on the west edge")
    need("4A" in nb["89"] or "4A" in nb["100"], "4A next to the German start")
    # icons
    need([len(ICONS[c]) for c in ("Yellow", "LightBlue", "White")] == [3, 7, 18], "icons 3/7/18")
    for l in ICONS.values():
        for x in l:
            need(x not in BALKAN and not x.endswith("A"), f"icon {x} on a Soviet area")
    # Dnieper next to the German bridgeheads
    dn = {frozenset((ids[i], ids[j])) for (i, j), r in rivers.items() if r == "Dnieper"}
    for aid in ["66", "67", "89", "90", "100"]:
        need(any(aid in e for e in dn) or any(any(x in e for e in dn) for x in nb[aid]),
             f"{aid} near the Dnieper")
    # stacking: campaign German areas
    need(A["66"]["terrain"] != "Victory" or True, "")
    return errs


# ---------------------------------------------------------------- output

def fmt(v):
    return f"{v:.2f}"


def pt(p):
    return f"({fmt(p[0])}, {fmt(p[1])})"


def render(ids, areas, edges, rivers, holes):
    L = []
    L.append("// GENERATED by tools/moscow41_map.py: edit the tables there and re-run.")
    L.append("// Reconstructed map (the rulebook text lost its map image): see SOURCES.md.")
    L.append("(")
    L.append("    name: \"Moscow '41\",")
    L.append(f"    width: {fmt(W)},")
    L.append(f"    height: {fmt(H)},")
    L.append("    areas: [")
    for a in areas:
        f = [f"id: \"{a['id']}\""]
        if a["name"]:
            f.append(f"name: Some(\"{a['name']}\")")
        f.append(f"terrain: {a['terrain']}")
        if a["id"] in CITIES:
            sp = ", special: true" if a["id"] in SPECIAL else ""
            f.append(f"city: Some((name: \"{a['name']}\"{sp}))")
        if a.get("supply"):
            f.append(f"supply: Some({a['supply']})")
        if a["id"] in BALKAN:
            f.append("balkan_cross: true")
        if a["id"] in RED_STAR:
            f.append("red_star: true")
        if a["icon"]:
            f.append(f"campaign_icon: Some({a['icon']})")
        f.append(f"sc2_side: {a['sc2']}")
        f.append(f"sc3_side: {a['sc3']}")
        f.append(f"centre: {pt(a['centre'])}")
        f.append("polygon: [" + ", ".join(pt(p) for p in a["poly"]) + "]")
        L.append("        (" + ", ".join(f) + "),")
    L.append("    ],")
    L.append("    edges: [")
    for (i, j) in edges:
        r = rivers.get((i, j))
        extra = f", river: true, river_name: Some(\"{r}\")" if r else ""
        L.append(f"        (a: \"{ids[i]}\", b: \"{ids[j]}\"{extra}),")
    L.append("    ],")
    L.append("    boxes: [")
    L.append(f"        (id: \"Rastenburg\", kind: Rastenburg, pos: {pt((44.0, 83.4))}, size: {pt((8.0, 2.4))}),")
    L.append(f"        (id: \"Kiev\", kind: Kiev, pos: {pt((1.0, 83.4))}, size: {pt((8.0, 2.4))}),")
    for k, r in enumerate(ROAD):
        L.append(f"        (id: \"{r}\", kind: Road, pos: {pt((0.6 + k * 6.1, 0.3))}, size: {pt((5.8, 2.4))}),")
    L.append("    ],")
    L.append("    road_to_leningrad: [" + ", ".join(f"\"{r}\"" for r in ROAD) + "],")
    L.append("    shlisselburg: \"Shlisselburg\",")
    L.append(f"    kiev_icon: {pt((11.0, 84.6))},")
    L.append("    lakes: [")
    L.append("        (name: \"Lake Ilmen\", polygon: [" +
             ", ".join(pt(p) for p in holes["Lake Ilmen"]) + "]),")
    L.append("    ],")
    L.append("    rivers: [")
    for name, line in RIVERS.items():
        pts = [proj(*p) for p in line]
        L.append(f"        (name: \"{name}\", points: [" + ", ".join(pt(p) for p in pts) + "]),")
    L.append("    ],")
    L.append("    labels: [")
    for t, la, lo in LABELS:
        L.append(f"        (text: \"{t}\", pos: {pt(proj(la, lo))}),")
    L.append(f"        (text: \"VentoNuovo\", pos: {pt(proj(50.80, 39.85))}),")
    L.append("    ],")
    L.append(")")
    return "\n".join(L) + "\n"


def main(argv):
    ids, areas, edges, rivers, holes, bl = build()
    errs = [e for e in check(ids, areas, edges, rivers, bl) if e]
    if "--nb" in argv:
        A = {a["id"]: a for a in areas}
        for x in argv[argv.index("--nb") + 1].split(","):
            nbs = [ids[j] if ids[i] == x else ids[i] for i, j in edges if x in (ids[i], ids[j])]
            print(x, [(y, A[y]["sc2"][0], A[y]["sc3"][0], A[y]["terrain"][0]) for y in nbs])
    if "--stats" in argv:
        deg = {a: 0 for a in ids}
        for i, j in edges:
            deg[ids[i]] += 1
            deg[ids[j]] += 1
        print("edges", len(edges), "rivers", len(rivers), "min/max degree",
              min(deg.values()), max(deg.values()))
        print("yellow", sum(a["terrain"] == "Yellow" for a in areas))
    for e in errs:
        print("FAIL:", e)
    text = render(ids, areas, edges, rivers, holes)
    if "--check" in argv:
        with open(MAP_PATH) as f:
            if f.read() != text:
                print("FAIL: map.ron is stale; run python3 tools/moscow41_map.py")
                return 1
    else:
        with open(MAP_PATH, "w") as f:
            f.write(text)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
