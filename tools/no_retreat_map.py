#!/usr/bin/env python3
"""Generate scenarios/no_retreat/map.ron and check every map fact.

No Retreat! lost its map image. This script rebuilds it from
  * tools/no_retreat_hexes.txt: the third-party ZB transcription of the map
    (383 hexes: terrain, rivers, lake/sea hexsides, coasts, map edges, cities),
  * shared/evidence/geography.md §3: the fitted ZB grid (LCC projection and the
    affine transform below) and the real positions of named places,
  * the rules spec (shared/rules/no-retreat.md §3.6-3.9) for the facts the map
    must satisfy,
then applies the project's corrections (each one is listed in CORRECTIONS and
explained in scenarios/no_retreat/SOURCES.md), checks every fact and writes
map.ron.

Usage (standard library only):
    python3 tools/no_retreat_map.py          # write map.ron and check
    python3 tools/no_retreat_map.py --check  # check only; fail if map.ron is stale
"""

import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEXES_TXT = os.path.join(ROOT, "tools", "no_retreat_hexes.txt")
MAP_PATH = os.path.join(ROOT, "scenarios", "no_retreat", "map.ron")

# Axial offsets (dR, dC) by compass direction (evidence §4.2, ZB Coordinate.fs).
DIRS = {
    "E": (0, 1),
    "NE": (-1, 1),
    "NW": (-1, 0),
    "W": (0, -1),
    "SW": (1, -1),
    "SE": (1, 0),
}
TERRAIN = {
    "Open": "Clear",
    "Forest": "Forest",
    "Marsh": "Marsh",
    "Mountain": "Mountain",
    "KerchStrait": "Strait",
}

# ---------------------------------------------------------------- corrections
# Each is reconstructed; the reasons are in SOURCES.md ("Map").
RENAME_CITY = {(-1, -3): "Lvov"}  # ZB "Lublin": the hex fits Lvov (46 km) not Lublin (201 km)
LAKE_HEXES = {(-9, 8): "Lake Peipus", (-10, 12): "Lake Ladoga"}
NEW_LAND_HEXES = {(-9, 12): "Forest"}  # Volkhov–Tikhvin, east of Leningrad and Ladoga
AREAS = [
    # name, kind, drawing position, explicit extra neighbours (beyond the hex neighbours)
    ("Finland", "Finland", (-10, 11), [(-9, 12)]),
    ("Western Balkans", "WesternBalkans", (3, -12), []),
    ("Southern Balkans", "SouthernBalkans", (5, -11), []),
]
AREA_LINKS = [("Western Balkans", "Southern Balkans")]
ZB_AREAS_MOVED = {(-10, 12)}  # ZB's Finland position becomes Lake Ladoga
OIL = {
    (5, -7): "Romanian oil fields",  # Ploesti fit (4.7, -6.9); adjacent to Bucharest (11.3)
    (11, 0): "Caucasus oil fields",  # the SE-edge hex nearest Maikop (5.2: on the SE edge)
}
AXIS_OBJECTIVES = ["Moscow", "Stalingrad", "Leningrad", "Sevastopol", "Caucasus oil fields"]
SOVIET_OBJECTIVES = ["Berlin", "Romanian oil fields", "Warsaw", "Budapest"]

# Real positions (geography.md §3.2) of every city, for the fit check.
CITY_POS = {
    "Moscow": (55.756, 37.617), "Leningrad": (59.939, 30.316), "Stalingrad": (48.708, 44.513),
    "Berlin": (52.520, 13.405), "Sevastopol": (44.616, 33.525), "Smolensk": (54.782, 32.045),
    "Kiev": (50.450, 30.524), "Odessa": (46.482, 30.723), "Riga": (56.949, 24.105),
    "Warsaw": (52.230, 21.012), "Budapest": (47.498, 19.040), "Bucharest": (44.427, 26.103),
    "Minsk": (53.900, 27.567), "Kalinin": (56.859, 35.912), "Yaroslavl": (57.627, 39.874),
    "Tula": (54.193, 37.617), "Gorky": (56.327, 44.006), "Voronezh": (51.672, 39.184),
    "Kharkov": (49.994, 36.231), "Saratov": (51.533, 46.034),
    "Dnepropetrovsk": (48.465, 35.046), "Stalino": (48.003, 37.805), "Rostov": (47.236, 39.713),
    "Novorossiysk": (44.724, 37.768), "Astrakhan": (46.348, 48.033),
    "Koenigsberg": (54.710, 20.510), "Poznan": (52.408, 16.934), "Breslau": (51.108, 17.039),
    "Prague": (50.075, 14.438), "Vienna": (48.208, 16.373), "Lvov": (49.840, 24.030),
    "Belgrade": (44.817, 20.457),
    "Romanian oil fields": (44.940, 26.020), "Caucasus oil fields": (44.61, 40.11),
    "Lake Ladoga": (60.8, 31.5), "Lake Peipus": (58.7, 27.5),
}
MAX_FIT_KM = 160.0  # about 1.5 hexes: the ZB grid's own RMS misfit is 94 km

# The Soviet western border of 22 June 1941, north -> south (lat, lon): Memel, the East
# Prussian border, Grodno, the Bug (Brest), the San (Przemysl), the Carpathians, northern
# Bukovina, the Prut and the Danube mouth. A hex is in the USSR if it lies east of it.
BORDER_1941 = [
    (56.0, 21.05), (55.3, 21.3), (54.4, 22.8), (53.9, 23.5), (52.9, 23.9), (52.1, 23.65),
    (50.8, 24.1), (49.8, 22.8), (49.1, 22.6), (48.4, 23.0), (47.95, 25.0), (48.2, 26.5),
    (47.2, 27.8), (46.5, 28.2), (45.5, 28.2), (45.3, 29.7), (43.0, 29.7),
]

# ---------------------------------------------------------------- projection (geography §3.1)
R_EARTH = 6371.0
PHI1, PHI2, PHI0, LAM0 = (math.radians(x) for x in (46.0, 58.0, 51.0, 30.0))
N_LCC = math.log(math.cos(PHI1) / math.cos(PHI2)) / math.log(
    math.tan(math.pi / 4 + PHI2 / 2) / math.tan(math.pi / 4 + PHI1 / 2))
F_LCC = math.cos(PHI1) * math.tan(math.pi / 4 + PHI1 / 2) ** N_LCC / N_LCC
RHO0 = R_EARTH * F_LCC / math.tan(math.pi / 4 + PHI0 / 2) ** N_LCC


def lcc(lat, lon):
    rho = R_EARTH * F_LCC / math.tan(math.pi / 4 + math.radians(lat) / 2) ** N_LCC
    th = N_LCC * (math.radians(lon) - LAM0)
    return rho * math.sin(th), RHO0 - rho * math.cos(th)


def lcc_inv(x, y):
    rho = math.copysign(math.hypot(x, RHO0 - y), N_LCC)
    th = math.atan2(x, RHO0 - y)
    lat = 2 * math.atan((R_EARTH * F_LCC / rho) ** (1 / N_LCC)) - math.pi / 2
    return math.degrees(lat), math.degrees(th / N_LCC + LAM0)


def hex_km(r, c):
    gx, gy = c + r / 2, -(math.sqrt(3) / 2) * r
    return 95.93 * gx - 48.97 * gy - 83.1, 48.97 * gx + 95.93 * gy - 51.8


def hex_latlon(r, c):
    return lcc_inv(*hex_km(r, c))


def fit_km(rc, latlon):
    x1, y1 = hex_km(*rc)
    x2, y2 = lcc(*latlon)
    return math.hypot(x1 - x2, y1 - y2)


def border_lon(lat):
    pts = BORDER_1941
    if lat >= pts[0][0]:
        return pts[0][1]
    for (la1, lo1), (la2, lo2) in zip(pts, pts[1:]):
        if la2 <= lat <= la1:
            t = (la1 - lat) / (la1 - la2) if la1 != la2 else 0
            return lo1 + t * (lo2 - lo1)
    return pts[-1][1]


def region(rc):
    lat, lon = hex_latlon(*rc)
    if lon > border_lon(lat):
        return "Ussr"
    # Romania of 1941 (after the 1940 cessions): south of northern Transylvania / Bukovina,
    # east of the Banat, north of the Danube.
    if 43.6 < lat < 47.0 and 22.4 < lon < 30.0:
        return "Romania"
    return "GreaterGermany"


def dist(a, b):
    dr, dc = a[0] - b[0], a[1] - b[1]
    return (abs(dr) + abs(dc) + abs(dr + dc)) // 2


# ---------------------------------------------------------------- read ZB
def read_zb():
    hexes, rivers, blocked, one_sided = {}, set(), set(), []
    with open(HEXES_TXT, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            r, c, terr, flags, riv, blk = line.split("|")
            rc = (int(r), int(c))
            h = {"terrain": terr, "sea": None, "edge": None, "city": None}
            for fl in flags.split():
                k, v = fl.split("=")
                if k == "s":
                    h["sea"] = v
                elif k == "e":
                    h["edge"] = {"Germany": "German", "USSR": "Soviet"}[v]
            if terr.startswith("City:"):
                h["terrain"] = "City"
                h["city"] = terr[5:]
            hexes[rc] = h
            for lst, dest in ((riv, rivers), (blk, blocked)):
                for off in filter(None, lst.split(";")):
                    dr, dc = (int(x) for x in off.split(","))
                    dest.add((rc, (rc[0] + dr, rc[1] + dc)))
    for a, b in sorted(rivers):
        if (b, a) not in rivers:
            one_sided.append((a, b))
    return hexes, rivers, blocked, one_sided


def build():
    zb, rivers, blocked, one_sided = read_zb()
    assert len(zb) == 383, len(zb)
    assert len(one_sided) == 4, one_sided  # evidence §4.2 lists exactly four
    hexes = {}
    for rc, h in zb.items():
        if h["terrain"] == "Area":
            continue
        terrain = "Clear" if h["terrain"] == "City" else TERRAIN[h["terrain"]]
        city = RENAME_CITY.get(rc, h["city"])
        hexes[rc] = {"terrain": terrain, "sea": h["sea"], "edge": h["edge"], "city": city,
                     "name": city, "oil": None, "objective": None}
    for rc, name in LAKE_HEXES.items():
        old = hexes.get(rc, {"sea": None, "edge": None})
        hexes[rc] = {"terrain": "Lake", "sea": None, "edge": None, "city": None,
                     "name": name, "oil": None, "objective": None}
        del old
    for rc, terr in NEW_LAND_HEXES.items():
        assert rc not in zb
        hexes[rc] = {"terrain": terr, "sea": None, "edge": None, "city": None, "name": None,
                     "oil": None, "objective": None}
    for rc, name in OIL.items():
        h = hexes[rc]
        assert h["city"] is None, rc
        h["oil"] = name
        h["name"] = name
    by_name = {h["name"]: rc for rc, h in hexes.items() if h["name"]}
    for side, names in (("German", AXIS_OBJECTIVES), ("Soviet", SOVIET_OBJECTIVES)):
        for n in names:
            hexes[by_name[n]]["objective"] = side
    for rc, h in hexes.items():
        h["region"] = region(rc)
    # Hexsides: rivers made symmetric (the 4 one-sided ZB entries are kept: a river drawn on
    # one side of a hexside is on the hexside); lake/sea hexsides ("blocked") likewise.
    sides = {}
    for a, b in rivers:
        if a in hexes and b in hexes:
            sides[tuple(sorted((a, b)))] = "River"
    for a, b in blocked:
        if a in hexes and b in hexes:
            sides[tuple(sorted((a, b)))] = "Lake"
    # Sides of a lake hex are not hexsides of their own: the hex is prohibited as a whole.
    sides = {k: v for k, v in sides.items()
             if hexes[k[0]]["terrain"] != "Lake" and hexes[k[1]]["terrain"] != "Lake"}
    areas = []
    for name, kind, at, extra in AREAS:
        nbrs = [(at[0] + d[0], at[1] + d[1]) for d in DIRS.values()]
        nbrs = [n for n in nbrs if n in hexes] + extra
        areas.append({"name": name, "kind": kind, "at": at, "neighbours": sorted(set(nbrs)),
                      "links": [b for a, b in AREA_LINKS if a == name]})
    return hexes, sides, areas


# ---------------------------------------------------------------- checks
def check(hexes, sides, areas):
    by_name = {h["name"]: rc for rc, h in hexes.items() if h["name"]}
    cities = {h["city"]: rc for rc, h in hexes.items() if h["city"]}
    area = {a["name"]: a for a in areas}
    errors = []

    def need(cond, msg):
        if not cond:
            errors.append(msg)

    def adj(a, b):
        return dist(a, b) == 1

    need(len(cities) == 32, f"32 cities, found {len(cities)}")
    for name, pos in CITY_POS.items():
        rc = by_name.get(name)
        need(rc is not None, f"{name} is on the map")
        if rc is not None:
            km = fit_km(rc, pos)
            need(km <= MAX_FIT_KM, f"{name} at {rc} is {km:.0f} km from the real place")
    # §3.6-3.7 facts.
    ladoga, peipus = by_name["Lake Ladoga"], by_name["Lake Peipus"]
    need(adj(ladoga, cities["Leningrad"]), "3.7.1 Ladoga adjacent to Leningrad")
    # 6.4: Leningrad's route goes Leningrad -> Ladoga -> a land hex -> east edge, eastward
    # (E, NE, SE) at every step.
    east = {DIRS[d] for d in ("E", "NE", "SE")}
    step = (ladoga[0] - cities["Leningrad"][0], ladoga[1] - cities["Leningrad"][1])
    need(step in east, "6.4 Leningrad -> Ladoga is an eastward step")
    kal = [(ladoga[0] + d[0], ladoga[1] + d[1]) for d in east]
    kal = [k for k in kal if k in hexes and hexes[k]["terrain"] not in ("Lake",)
           and hexes[k]["city"] is None]
    need(kal, "3.7.2 a land hex adjacent to Ladoga eastward of it (the Kalinin Front's)")
    need(any(dist(p, cities["Riga"]) + 1 <= 4 and adj(p, peipus)
             for p in hexes if hexes[p]["terrain"] != "Lake"),
         "3.7.3 a hex within 4 of Riga through Lake Peipus")
    need(adj(by_name["Romanian oil fields"], cities["Bucharest"]), "3.7.5 Ploesti adjacent to Bucharest")
    od = cities["Odessa"]
    need(tuple(sorted((od, (od[0], od[1] - 1)))) in sides, "3.7.7 a river on Odessa's west side")
    st = cities["Stalingrad"]
    need(sum(1 for d in DIRS.values()
             if tuple(sorted((st, (st[0] + d[0], st[1] + d[1])))) in sides) >= 3,
         "3.7.8 Stalingrad behind rivers")
    cau = by_name["Caucasus oil fields"]
    need(hexes[cau]["edge"] == "Soviet" and cau[0] == max(r for r, _ in hexes),
         "3.7.11 the Caucasus oil on the south-east (Soviet) edge")
    fin = area["Finland"]
    land = [n for n in fin["neighbours"] if hexes[n]["terrain"] != "Lake"]
    need(len(land) == 3, "3.7.9 Finland has three land neighbours (8.6)")
    need(cities["Leningrad"] in fin["neighbours"], "Finland borders Leningrad")
    for b in ("Western Balkans", "Southern Balkans"):
        need(all(hexes[n]["region"] == "GreaterGermany" for n in area[b]["neighbours"]),
             f"3.7.10 {b} borders Greater Germany")
    need(hexes[cities["Berlin"]]["region"] == "GreaterGermany", "Berlin in Greater Germany")
    need(hexes[cities["Bucharest"]]["region"] == "Romania", "Bucharest in Romania")
    need(hexes[by_name["Romanian oil fields"]]["region"] == "Romania", "Ploesti in Romania")
    for c in ("Moscow", "Leningrad", "Kiev", "Minsk", "Riga", "Lvov", "Odessa", "Sevastopol"):
        need(hexes[cities[c]]["region"] == "Ussr", f"{c} in the USSR of 1941")
    need(sum(1 for h in hexes.values() if h["objective"] == "German") == 5, "5 Axis Objectives")
    need(sum(1 for h in hexes.values() if h["objective"] == "Soviet") == 4, "4 Soviet Objectives")
    need(hexes[cities["Smolensk"]]["objective"] is None, "Smolensk is not an Objective (U64)")
    return errors


# ---------------------------------------------------------------- write
def ron_rc(rc):
    return f"({rc[0]}, {rc[1]})"


def opt(v, quote=False):
    if v is None:
        return "None"
    return f'Some("{v}")' if quote else f"Some({v})"


def render(hexes, sides, areas):
    out = ["// scenarios/no_retreat/map.ron: GENERATED by tools/no_retreat_map.py; edit the",
           "// generator (or tools/no_retreat_hexes.txt) and rerun it. Provenance: SOURCES.md.",
           "// Coordinates are axial (row, col), pointy-top; E = (0,+1), NE = (-1,+1),",
           "// NW = (-1,0), W = (0,-1), SW = (+1,-1), SE = (+1,0).", "(", "    hexes: ["]
    for rc in sorted(hexes):
        h = hexes[rc]
        fields = [f"at: {ron_rc(rc)}", f"terrain: {h['terrain']}", f"region: {h['region']}"]
        if h["sea"]:
            fields.append(f"sea: Some({h['sea']})")
        if h["edge"]:
            fields.append(f"edge: Some({h['edge']})")
        if h["city"]:
            fields.append(f"city: {opt(h['city'], True)}")
        if h["oil"]:
            fields.append(f"oil: {opt(h['oil'], True)}")
        if h["terrain"] == "Lake" and h["name"]:
            fields.append(f"name: {opt(h['name'], True)}")
        if h["objective"]:
            fields.append(f"objective: Some({h['objective']})")
        out.append(f"        ({', '.join(fields)}),")
    out += ["    ],", "    hexsides: ["]
    for (a, b), kind in sorted(sides.items()):
        out.append(f"        (a: {ron_rc(a)}, b: {ron_rc(b)}, kind: {kind}),")
    out += ["    ],", "    areas: ["]
    for a in areas:
        nb = ", ".join(ron_rc(n) for n in a["neighbours"])
        links = ", ".join(f'"{x}"' for x in a["links"])
        out.append(f'        (name: "{a["name"]}", kind: {a["kind"]}, at: {ron_rc(a["at"])}, '
                   f"neighbours: [{nb}], areas: [{links}]),")
    out += ["    ],", ")", ""]
    return "\n".join(out)


def main():
    hexes, sides, areas = build()
    errors = check(hexes, sides, areas)
    for e in errors:
        print("FAILED:", e)
    text = render(hexes, sides, areas)
    if "--check" in sys.argv:
        with open(MAP_PATH, encoding="utf-8") as f:
            if f.read() != text:
                print("FAILED: map.ron is stale; run python3 tools/no_retreat_map.py")
                errors.append("stale")
    elif not errors:
        with open(MAP_PATH, "w", encoding="utf-8") as f:
            f.write(text)
    counts = {}
    for h in hexes.values():
        counts[h["terrain"]] = counts.get(h["terrain"], 0) + 1
    regions = {}
    for h in hexes.values():
        regions[h["region"]] = regions.get(h["region"], 0) + 1
    rivers = sum(1 for v in sides.values() if v == "River")
    print(f"{len(hexes)} hexes {counts}, {len(areas)} areas, {rivers} river hexsides, "
          f"{len(sides) - rivers} lake/sea hexsides, regions {regions}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
