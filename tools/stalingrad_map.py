#!/usr/bin/env python3
"""Generate scenarios/stalingrad/map.ron and check every map constraint.

Stalingrad: Inferno on the Volga lost its map image. This script holds the
reconstruction (see scenarios/stalingrad/SOURCES.md) as plain tables, writes
map.ron deterministically, and asserts every fact the rules state about the
map (rules §3.2-§3.6, test oracle T45) plus the authoring constraints of the
reconstruction (Volga contact, connectivity, start hexes clear of W/X/Y/Z...).

It also reads back units.ron, setup.ron and cards.ron (with a small RON reader
for the subset those files use) and checks their counts, so the data can be
validated without building the Rust workspace.

Usage (standard library only):
    python3 tools/stalingrad_map.py            # write map.ron, check all files
    python3 tools/stalingrad_map.py --check    # check only; fail if map.ron is stale
    python3 tools/stalingrad_map.py --grid     # also print the hex grid

Coordinates: axial (q, r), flat-top, seen from the German seat. q grows to the
right (north -> south), r grows downwards (east -> west). Internally each
column is described with c = r + q/2 (half-integers), the vertical position in
hex heights: screen y_down = sqrt(3) * c, x = 1.5 * q.
"""

import math
import os
import sys
from collections import deque

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCEN = os.path.join(ROOT, "scenarios", "stalingrad")
MAP_PATH = os.path.join(SCEN, "map.ron")

NAME = "Stalingrad: Inferno on the Volga"

# Axial neighbour offsets in Soviet Compass order (rules §3.6 best fit):
# 1 up (toward the Volga, "backwards"), 2 up-right, 3 down-right, 4 down,
# 5 down-left, 6 up-left.
COMPASS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]

# ---------------------------------------------------------------- geometry
# One column per coast hex: coast hex n sits in column q = n - 3 (3 .. 19 ->
# q 0 .. 16), ~1.65 km of river bank per column (geography.md §1.1, §1.3).
# COAST_C[q] = c of the coast hex: a bank that zig-zags 0 / 0.5 with two
# wiggles forced by the rules: the bay at 7 (c 1.0) and the point at 10
# (c -0.5), see SOURCES.md.
COAST_C = {0: 0.0, 1: 0.5, 2: 0.0, 3: 0.5, 4: 1.0, 5: 0.5, 6: 0.0, 7: -0.5,
           8: 0.0, 9: 0.5, 10: 0.0, 11: 0.5, 12: 0.0, 13: 0.5, 14: 0.0,
           15: 0.5, 16: 0.0}
# Numbered hexes per column, counting the coast hex: deepest in the centre
# (the map reaches Gumrak there), shallower at the northern and southern ends.
DEPTH = {0: 5, 1: 5, 2: 6, 3: 6, 4: 6, 5: 7, 6: 7, 7: 7, 8: 7, 9: 7, 10: 7,
         11: 6, 12: 6, 13: 6, 14: 6, 15: 6, 16: 5}
# The four German hexes on the western (bottom) edge: (q, c).
LETTERED = {
    "W": (1, 5.5),   # north-west corner: 16th Panzer's corridor from the Don
    "X": (7, 6.5),   # west-centre, Gorodishche road (6th Army, Yellow)
    "Y": (10, 7.0),  # west-centre, Gumrak (6th Army, Yellow)
    "Z": (14, 6.0),  # south-west, Peschanka-Voroponovo road (4th Pz Army, Blue)
}


def build_positions():
    """id -> (q, c). Numbering: 1, 2 inland of 3 at the northern end; the
    coast line 3..19 north -> south; the second line 20..35 north -> south;
    then each further line (row k of every column, from the river) north ->
    south: 36..51, 52..68, 69..85, 86..99, 100..105."""
    pos = {}
    for q in range(17):
        pos[str(q + 3)] = (q, COAST_C[q])
    pos["2"] = (0, COAST_C[0] + 1)
    pos["1"] = (0, COAST_C[0] + 2)
    for q in range(1, 17):
        pos[str(19 + q)] = (q, COAST_C[q] + 1)
    n = 36
    for row in range(3, 8):
        for q in range(17):
            if q == 0 and row < 4:
                continue  # rows 2 and 3 of column 0 are hexes 2 and 1
            if DEPTH[q] >= row:
                pos[str(n)] = (q, COAST_C[q] + row - 1)
                n += 1
    assert n == 106, f"numbering ended at {n - 1}, expected 105"
    for k, v in LETTERED.items():
        pos[k] = v
    return pos


# ---------------------------------------------------------------- terrain
URBAN = {
    # coast: the factory district 7-11, the centre 12-16, Lower Yelshanka 17
    7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    # second line behind them
    23, 24, 25, 26, 27, 29, 30, 31, 32, 33,
    # Spartanovka; workers' settlements behind the factories; city centre
    # west of the station; Dzerzhinsky district / Minina behind the elevator
    6, 40, 41, 42, 46, 49,
}
DIFFICULT = {
    4, 21, 28,            # the three hills (Big/Little Mushroom, Mamayev Kurgan)
    37,                   # Sukhaya Mechetka balka
    22, 38, 39, 57,       # Mokraya Mechetka valley (and Orlovka balka)
    59,                   # Vishnevaya balka
    43,                   # Banny ravine
    44,                   # western slopes of Mamayev Kurgan
    45,                   # Dolgiy / Krutoy ravines
    47, 48, 65, 83,       # Tsaritsa gorge
    34, 51, 68,           # Yelshanka balka
}

LANDMARKS = {
    # stated by the rules (NIVEL IMPOSIBLE ALEMÁN)
    "4": "Big Mushroom",
    "21": "Little Mushroom",
    "26": "Martin Blast Furnace",
    "28": "Mamayev Kurgan",
    "32": "Grain Elevator",
    # reconstructed from real geography (geography.md §1.2-§1.4)
    "3": "Latoshinka",
    "5": "Rynok",
    "6": "Spartanovka",
    "7": "Tractor Factory",
    "9": "Barrikady",
    "10": "Red October",
    "13": "Central Landing Stage",
    "14": "9 January Square",
    "18": "Yelshanka",
    "19": "Kuporosnoye",
    "22": "Mokraya Mechetka",
    "30": "Central Station",
    "37": "Sukhaya Mechetka",
    "43": "Banny Ravine",
    "45": "Dolgiy Ravine",
    "47": "Tsaritsa Gorge",
    "56": "Orlovka",
    "59": "Vishnevaya Balka",
    "76": "Razgulyaevka",
    "91": "Gorodishche",
    "94": "Alexandrovka",
    "Y": "Gumrak",
}
FORT = {"4": "Brown", "21": "Brown", "28": "Brown", "26": "Red", "32": "Red"}
DOCKS = {"9": 1, "13": 2, "15": 1}
SRH = ["3", "7", "9", "13", "15", "19"]
GRH = {"X": "Yellow", "Y": "Yellow", "Z": "Blue"}
# Setup step 7: the 23 pink deployment icons.
SOVIET_START = [
    # 13 coast hexes: every shore hex from the Big Mushroom to Kuporosnoye
    # except Rynok (5), the Lazur/Banny shore (12) and Lower Yelshanka (17)
    "4", "6", "7", "8", "9", "10", "11", "13", "14", "15", "16", "18", "19",
    # 7 second-line hexes: Little Mushroom, the factory settlements, the
    # Martin furnace, Mamayev Kurgan, the Central Station, the Grain Elevator
    "21", "23", "25", "26", "28", "30", "32",
    # 3 forward outposts on the approaches: Orlovka, Razgulyaevka, and the
    # south-western approach above the Tsaritsa
    "56", "76", "66",
]


# ---------------------------------------------------------------- helpers
def axial(q, c):
    r = c - q / 2
    assert r == int(r), (q, c)
    return (q, int(r))


def ydown(q, r):
    return math.sqrt(3) * (r + q / 2)


def dist(a, b):
    dq, dr = b[0] - a[0], b[1] - a[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(p):
    return [(p[0] + d[0], p[1] + d[1]) for d in COMPASS]


def ground(q, c):
    """Approximate real ground under a hex centre: s km along the Volga from
    Latoshinka, t km inland, and WGS84 lat/lon (geography.md §1.1 frame).
    The game map is not to scale inland; this is a guide only."""
    s = 1.65 * q
    t = 1.905 * (c + 0.25)
    east = -0.4648 * s - 0.8854 * t
    north = -0.8854 * s + 0.4648 * t
    return s, t, 48.856 + north / 111.2, 44.653 + east / 73.4


def build():
    pos = build_positions()
    ax = {k: axial(*v) for k, v in pos.items()}
    coast_ids = [str(n) for n in range(3, 20)]
    playable = set(ax.values())
    coast_pos = {ax[i] for i in coast_ids}
    # Volga: every position in columns -1..17 from the top band (c >= -2)
    # down to just above the coast, that touches no playable non-coast hex.
    volga = []
    for q in range(-1, 18):
        top = -2.0 if q % 2 == 0 else -1.5
        bottom = COAST_C.get(q, 1.0)  # beyond the ends: stop at the bank level
        c = top
        while c < bottom:
            p = axial(q, c)
            if p not in playable and all(
                    n not in playable or n in coast_pos for n in neighbours(p)):
                volga.append(p)
            c += 1.0
    return pos, ax, volga


# ---------------------------------------------------------------- checks
def check_map(pos, ax, volga):
    ids = set(pos)
    expected = {str(n) for n in range(1, 106)} | {"W", "X", "Y", "Z"}
    assert ids == expected and len(ids) == 109, "109 playable hexes 1..105, W..Z"
    by_pos = {v: k for k, v in ax.items()}
    assert len(by_pos) == 109, "two hexes share a position"
    playable = set(by_pos)
    vset = set(volga)
    assert len(vset) == len(volga), "duplicate Volga position"
    assert not (vset & playable), "a Volga position is playable"

    def adj(a, b):
        return dist(ax[a], ax[b]) == 1

    def comp(h, die):
        d = COMPASS[die - 1]
        return by_pos.get((ax[h][0] + d[0], ax[h][1] + d[1]))

    coast = {str(n) for n in range(3, 20)}
    for h in ids:
        touches = any(n in vset for n in neighbours(ax[h]))
        if h in coast:
            assert touches, f"coast hex {h} touches no Volga position"
        else:
            assert not touches, f"non-coast hex {h} touches the Volga"
    # rules §3.5 / §3.6 / T45
    assert comp("7", 6) == "6", "compass(7, 6) must be 6"
    assert comp("25", 5) == "24", "compass(25, 5) must be 24"
    for a, b in [("24", "7"), ("24", "8"), ("24", "25"), ("6", "7")]:
        assert adj(a, b), f"{a} must be adjacent to {b}"
    assert not adj("9", "24"), "9 must not be adjacent to 24"
    n9 = [n for n in neighbours(ax["9"]) if n in playable]
    assert len(n9) >= 4, "9 needs at least 4 playable neighbours"
    assert ax["7"][0] < ax["9"][0] and ax["7"][0] < ax["25"][0], "7 north of 9, 25"
    assert ax["9"][0] == ax["25"][0], "9 and 25 at the same latitude"
    assert ydown(*ax["9"]) < ydown(*ax["25"]), "9 nearer the Volga than 25"
    # Long Move example "1" -> "3": distance 2 over a Clear hex
    assert dist(ax["1"], ax["3"]) == 2
    mids = [h for h in ids if adj(h, "1") and adj(h, "3")]
    assert any(terrain(m) == "Clear" for m in mids), "no Clear path 1 -> 3"
    assert terrain("1") == "Clear" and terrain("3") == "Clear"
    # terrain counts
    urb = [h for h in ids if terrain(h) == "Urban"]
    assert len(urb) == 27, f"{len(urb)} Urban hexes, expected 27"
    for h in ["7", "9", "26", "32"]:
        assert terrain(h) == "Urban", f"{h} must be Urban"
    for h in ["4", "21", "28"]:
        assert terrain(h) == "Difficult", f"hill {h} must be Difficult"
    ndiff = sum(1 for h in ids if terrain(h) == "Difficult")
    assert 15 <= ndiff <= 22, f"{ndiff} Difficult hexes"
    for h in ["W", "X", "Y", "Z"]:
        assert terrain(h) == "Clear"
    # Clear hexes reach the coast in the north and in the south
    assert terrain("3") == terrain("5") == "Clear"
    assert terrain("18") == terrain("19") == "Clear"
    # special hexes
    assert sorted(SRH, key=int) == ["3", "7", "9", "13", "15", "19"]
    assert len(SOVIET_START) == 23 and len(set(SOVIET_START)) == 23
    german = ["W", "X", "Y", "Z"]
    for h in SOVIET_START:
        assert h in ids and h not in german, h
        for g in german:
            assert not adj(h, g), f"start hex {h} is adjacent to {g}"
    for g in german:
        assert by_pos.get(ax[g]) == g
        nb = [by_pos[n] for n in neighbours(ax[g]) if n in playable]
        assert any(n.isdigit() for n in nb), f"{g} touches no numbered hex"
        assert all(n.isdigit() for n in nb), f"{g} touches another lettered hex"
        # the Germans can move at the start: a Clear first step not next to
        # a start hex
        free = [n for n in nb if terrain(n) == "Clear"
                and not any(adj(n, s) for s in SOVIET_START)]
        assert free, f"{g}: no Long Move first step"
    # W is the north-west, Z the south-west, X and Y between
    qs = {g: ax[g][0] for g in german}
    assert qs["W"] < qs["X"] < qs["Y"] < qs["Z"]
    # 1 and 2 are the northern end (q <= that of 3), not coast
    assert ax["1"][0] <= ax["3"][0] and ax["2"][0] <= ax["3"][0]
    # connectivity
    start = ax["1"]
    seen = {start}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        for n in neighbours(p):
            if n in playable and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == playable, "the playable map is not connected"
    # numbering lines run north -> south
    for lo, hi in [(3, 19), (20, 35), (36, 51), (52, 68), (69, 85), (86, 99),
                   (100, 105)]:
        qs_line = [ax[str(n)][0] for n in range(lo, hi + 1)]
        assert qs_line == sorted(qs_line) and len(set(qs_line)) == len(qs_line), \
            f"line {lo}..{hi} is not numbered north -> south"
    # the river band is continuous along the top: every column 0..16 has water
    for q in range(0, 17):
        assert any(v[0] == q for v in volga), f"no Volga in column {q}"


def terrain(h):
    if h.isdigit() and int(h) in URBAN:
        return "Urban"
    if h.isdigit() and int(h) in DIFFICULT:
        return "Difficult"
    return "Clear"


# ---------------------------------------------------------------- output
def render(pos, ax, volga):
    order = [str(n) for n in range(1, 106)] + ["W", "X", "Y", "Z"]
    out = []
    out.append("// Stalingrad: Inferno on the Volga - the map (rules §3).")
    out.append("// GENERATED by tools/stalingrad_map.py: edit that script, not this file.")
    out.append("// The printed map was lost; this is a reconstruction. Provenance of every")
    out.append("// value: scenarios/stalingrad/SOURCES.md. Axial (q, r), flat-top, seen from")
    out.append("// the German seat: q grows north -> south (left -> right), r grows east ->")
    out.append("// west (top -> bottom); the Volga is along the top.")
    out.append("// Each hex comment gives the approximate real ground under its centre")
    out.append("// (km along the river from Latoshinka, km inland, lat/lon); the map is not")
    out.append("// to scale inland.")
    out.append("(")
    out.append(f'    name: "{NAME}",')
    out.append("    // Soviet Compass, die 1..6 (rules §3.6 best fit): 1 up = toward the Volga,")
    out.append("    // 2 up-right, 3 down-right, 4 down = toward the Germans, 5 down-left, 6 up-left.")
    out.append("    compass: (" + ", ".join(f"({a}, {b})" for a, b in COMPASS) + "),")
    out.append("    hexes: [")
    for h in order:
        q, r = ax[h]
        s, t, lat, lon = ground(*pos[h])
        fields = [f'id: "{h}"', f"q: {q}", f"r: {r}", f"terrain: {terrain(h)}"]
        if h.isdigit() and 3 <= int(h) <= 19:
            fields.append("coast: true")
        if h in SRH:
            fields.append("soviet_reinforcement: true")
        if h in GRH:
            fields.append(f"german_reinforcement: Some({GRH[h]})")
        if h in SOVIET_START:
            fields.append("soviet_start: true")
        if h in ("W", "X", "Y", "Z"):
            fields.append("german_control: true")
        if h in LANDMARKS:
            fields.append(f'landmark: Some("{LANDMARKS[h]}")')
        if h in FORT:
            fields.append(f"fortification: Some({FORT[h]})")
        if h == "7":
            fields.append("factory: true")
        if h in DOCKS:
            fields.append(f"docks: {DOCKS[h]}")
        out.append(f"        // s {s:4.1f} km, t {t:4.1f} km, {lat:.3f}N {lon:.3f}E")
        out.append("        (" + ", ".join(fields) + "),")
    out.append("    ],")
    out.append("    // Non-playable water hexes above the coast (the bank is the edge between")
    out.append("    // them and the coast hexes 3..19).")
    out.append("    volga: [")
    for i in range(0, len(volga), 8):
        out.append("        " + " ".join(f"({q}, {r})," for q, r in volga[i:i + 8]))
    out.append("    ],")
    out.append(")")
    return "\n".join(out) + "\n"


def print_grid(pos, volga):
    cell = {v: k for k, v in pos.items()}
    vc = set()
    for q, r in volga:
        vc.add((q, r + q / 2))
    for c2 in range(-5, 16):
        c = c2 / 2
        line = ""
        for q in range(-1, 18):
            if (q % 2 == 0) != (c == int(c)):
                line += "    "
                continue
            h = cell.get((q, c))
            if h:
                tag = {"Urban": "u", "Difficult": "d", "Clear": ""}[terrain(h)]
                if h in SOVIET_START:
                    tag += "*"
                line += (h + tag).rjust(4)
            elif (q, c) in vc:
                line += " ~~~"
            else:
                line += "    "
        print(f"{c:5} {line}")


# ---------------------------------------------------------------- RON reader
class Ron:
    """A reader for the RON subset used by the scenario files: structs and
    tuples `( ... )`, named fields `k: v`, lists `[ ... ]`, strings, numbers,
    booleans, identifiers and enum variants `Name(...)`. Comments allowed."""

    def __init__(self, text):
        self.s = text
        self.i = 0

    def ws(self):
        s = self.s
        while self.i < len(s):
            if s[self.i].isspace():
                self.i += 1
            elif s.startswith("//", self.i):
                j = s.find("\n", self.i)
                self.i = len(s) if j < 0 else j
            elif s.startswith("/*", self.i):
                self.i = s.index("*/", self.i) + 2
            else:
                break

    def peek(self):
        self.ws()
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, ch):
        self.ws()
        if not self.s.startswith(ch, self.i):
            raise ValueError(f"expected {ch!r} at {self.s[self.i:self.i + 40]!r}")
        self.i += len(ch)

    def value(self):
        ch = self.peek()
        if ch == '"':
            j = self.i + 1
            out = []
            while self.s[j] != '"':
                if self.s[j] == "\\":
                    j += 1
                out.append(self.s[j])
                j += 1
            self.i = j + 1
            return "".join(out)
        if ch == "[":
            self.eat("[")
            items = []
            while self.peek() != "]":
                items.append(self.value())
                if self.peek() == ",":
                    self.eat(",")
            self.eat("]")
            return items
        if ch == "(":
            return self.group(None)
        if ch == "-" or ch.isdigit():
            j = self.i + 1
            while j < len(self.s) and (self.s[j].isdigit() or self.s[j] == "."):
                j += 1
            tok = self.s[self.i:j]
            self.i = j
            return float(tok) if "." in tok else int(tok)
        j = self.i
        while j < len(self.s) and (self.s[j].isalnum() or self.s[j] == "_"):
            j += 1
        name = self.s[self.i:j]
        if not name:
            raise ValueError(f"unexpected {self.s[self.i:self.i + 40]!r}")
        self.i = j
        if name in ("true", "false"):
            return name == "true"
        if name == "None":
            return None
        if self.peek() == "(":
            inner = self.group(name)
            if name == "Some":
                return inner[0]
            return {"variant": name, "value": inner}
        return name  # unit enum variant

    def group(self, name):
        """`( ... )`: a struct (dict) when the first item is `ident:`, else a
        tuple (list)."""
        self.eat("(")
        self.ws()
        j = self.i
        while j < len(self.s) and (self.s[j].isalnum() or self.s[j] == "_"):
            j += 1
        k = j
        while k < len(self.s) and self.s[k] in " \t":
            k += 1
        is_struct = j > self.i and self.s[k:k + 1] == ":" and self.s[k:k + 2] != "::"
        if is_struct:
            d = {}
            while self.peek() != ")":
                self.ws()
                j = self.i
                while self.s[j].isalnum() or self.s[j] == "_":
                    j += 1
                key = self.s[self.i:j]
                self.i = j
                self.eat(":")
                if key in d:
                    raise ValueError(f"field {key} twice")
                d[key] = self.value()
                if self.peek() == ",":
                    self.eat(",")
            self.eat(")")
            return d
        items = []
        while self.peek() != ")":
            items.append(self.value())
            if self.peek() == ",":
                self.eat(",")
        self.eat(")")
        return items


def read_ron(path):
    with open(path, encoding="utf-8") as f:
        r = Ron(f.read())
    v = r.value()
    if r.peek() != "":
        raise ValueError(f"{path}: trailing text")
    return v


def check_data(pos):
    """Counts the rules state for units, setup and cards (§2, §4.1, §7)."""
    units = read_ron(os.path.join(SCEN, "units.ron"))
    setup = read_ron(os.path.join(SCEN, "setup.ron"))
    cards = read_ron(os.path.join(SCEN, "cards.ron"))
    ger, sov, gen = units["german"], units["soviet"], units["generals"]
    allu = ger + sov + gen
    ids = [u["id"] for u in allu]
    assert len(ids) == len(set(ids)), "duplicate unit id"
    byid = {u["id"]: u for u in allu}
    for u in allu:
        f = u["faces"]
        assert 1 <= len(f) <= 4, u["id"]
        assert [x[0] for x in f] == list(range(f[0][0], f[0][0] - len(f), -1)), u["id"]
        assert f[-1][0] == 1, f"{u['id']}: minimum strength must be 1"
        assert all(x[1] in ("Single", "Double", "Triple") for x in f)
        assert len(u["label"]) <= 8, f"label too long: {u['label']}"
    kinds = lambda lst, k: [u for u in lst if u["kind"] == k]
    assert len(ger) == 40 and len(sov) == 53 and len(gen) == 2
    assert len(kinds(ger, "Panzer")) == 4
    assert len(kinds(ger, "Panzergrenadier")) == 6
    assert len(kinds(ger, "MotorizedInfantry")) == 3
    assert len(kinds(ger, "Infantry")) == 27
    for u in ger:
        assert u.get("army") in ("Yellow", "Blue", "White"), u["id"]
    axe = [u for u in ger if u.get("axe")]
    rr = [u for u in ger if u.get("r_unit")]
    assert len(axe) == 3 and len(rr) == 5
    assert all(u.get("army") == "White" for u in axe)
    assert not any(u.get("r_unit") for u in axe)
    for uid, kind in [("pz2", "Panzer"), ("pzg79", "Panzergrenadier"),
                      ("mot120", "MotorizedInfantry"), ("pzg64", "Panzergrenadier")]:
        assert byid[uid]["kind"] == kind, uid
    assert "ir15" in byid
    for uid in ["pz2", "ir15", "pzg79", "mot120"]:
        assert byid[uid]["army"] == "Yellow", uid
    assert byid["pzg64"].get("r_unit")
    white_inf = [u for u in kinds(ger, "Infantry") if u["army"] == "White"]
    named = {"pz2", "ir15", "pzg79", "mot120"}
    yellow_inf = [u for u in kinds(ger, "Infantry")
                  if u["army"] == "Yellow" and u["id"] not in named]
    assert len(white_inf) >= 6 and len(yellow_inf) >= 3
    for u in kinds(ger, "Panzer"):
        assert u["faces"][0] == [4, "Triple"], u["id"]
    # Soviets
    inf_kinds = ["RifleInfantry", "GuardsInfantry", "SovietMotorized", "Workers",
                 "AntiAircraft1077", "AntiTank20"]
    inf = [u for u in sov if u["kind"] in inf_kinds]
    assert len(inf) == 38
    assert len(kinds(sov, "GuardsInfantry")) == 4
    assert len(kinds(sov, "Tank")) == 13 and len(kinds(sov, "Marine")) == 2
    assert [u["id"] for u in kinds(sov, "AntiAircraft1077")] == ["aa1077"]
    assert [u["id"] for u in kinds(sov, "AntiTank20")] == ["at20"]
    assert len(kinds(sov, "Workers")) >= 1
    assert len([u for u in kinds(sov, "RifleInfantry") if u["faces"][0][0] == 4]) >= 18
    assert all("army" not in u or u["army"] is None for u in sov)
    assert {u["kind"] for u in gen} == {"General"}
    # setup
    gs = setup["german_start"]
    assert [h for h, _ in gs] == ["W", "X", "Y"]
    assert [len(us) for _, us in gs] == [3, 2, 2]
    for _, us in gs:
        for x in us:
            if x["variant"] == "Unit":
                assert x["value"][0] in byid
    assert setup["white_last_column"] == 6 and setup["boxes_per_row"] == 5
    el = setup["elimination_units"]
    assert len(el) == 6 and el[0] == "pzg64" and el[5] is None
    assert sorted(el[:5]) == sorted(u["id"] for u in rr), "rows 1-5 = the R units"
    assert setup["soviet_tanks_in_reserve"] == 6
    assert setup["soviet_infantry_in_reserve"] == 18
    assert setup["german_opening_hand"] == 3 and setup["rubble_markers"] == 15
    assert setup["okh_hexes"] == [str(n) for n in range(1, 20)]
    for key in ["soviet_reinforcements", "soviet_reinforcements_alt"]:
        sch = setup[key]
        assert [h for h, _ in sch] == ["3", "19", "9", "15", "13", "7"]
        allr = [x for _, xs in sch for x in xs]
        assert allr.count("Infantry") == 6 and allr.count("Tank") == 3
    # setup arithmetic (§4.1): 2 + 6 + 22 + 23 = 53; 3 + 3 + 2 + 2 + 30 = 40
    assert 13 - setup["soviet_tanks_in_reserve"] + 38 - 4 - 18 == 23
    # cards
    for deck in ("german", "soviet"):
        for c in cards[deck]:
            assert c["count"] >= 1
    cids = [c["id"] for c in cards["german"] + cards["soviet"]]
    assert len(cids) == len(set(cids)), "duplicate card id"
    assert sum(c["count"] for c in cards["soviet"]) == 28
    assert sum(c["count"] for c in cards["german"]) == 27
    for c in cards["soviet"]:
        if c["printed_hexes"] if "printed_hexes" in c else False:
            assert len(c["printed_hexes"]) == c["count"]
            for h in c["printed_hexes"]:
                assert terrain(h) == "Urban", f"AA hex {h} is not Urban"
    return len(ger), len(sov), sum(c["count"] for c in cards["german"])


def main(argv):
    pos, ax, volga = build()
    check_map(pos, ax, volga)
    text = render(pos, ax, volga)
    if "--grid" in argv:
        print_grid(pos, volga)
    if "--check" in argv:
        with open(MAP_PATH, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("map.ron is stale: run tools/stalingrad_map.py")
    else:
        os.makedirs(SCEN, exist_ok=True)
        with open(MAP_PATH, "w", encoding="utf-8") as f:
            f.write(text)
    # the written file parses back to the same map
    m = read_ron(MAP_PATH)
    assert len(m["hexes"]) == 109 and len(m["compass"]) == 6
    assert sum(1 for h in m["hexes"] if h.get("soviet_start")) == 23
    assert sum(1 for h in m["hexes"] if h["terrain"] == "Urban") == 27
    counts = {t: sum(1 for h in pos if terrain(h) == t)
              for t in ("Clear", "Difficult", "Urban")}
    print(f"map.ron OK: 109 hexes {counts}, {len(volga)} Volga positions")
    if all(os.path.exists(os.path.join(SCEN, f))
           for f in ("units.ron", "setup.ron", "cards.ron")):
        g, s, gc = check_data(pos)
        print(f"units/setup/cards OK: {g} German, {s} Soviet blocks; "
              f"German deck {gc} cards")


if __name__ == "__main__":
    main(sys.argv[1:])
