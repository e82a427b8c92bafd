"""The one table of limits: how big, long, deep or many anything in a game may be.

A game folder is untrusted input, so every size it controls is bounded here,
and every bound is checked by the validator as a finding at the value's
file:line:col (code ``limit-<name>``). Because the validator enforces them,
whatever validates also builds, in bounded memory and time. The docs'
reference page (docs/reference/limits.md) is generated from this table by tools/docs_reference.py.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    name: str  # kebab-case; the finding code is ``limit-<name>``
    value: float
    unit: str
    what: str  # what is limited, in the words of the docs' limits page

    @property
    def code(self) -> str:
        return f"limit-{self.name}"


_TABLE = [
    # Text
    Limit("text-length", 2000, "characters", "any one text value (a rule, an effect, a summary)"),
    Limit("name-length", 60, "characters", "a name, title or other one-line label"),
    Limit("id-length", 40, "characters", "the game id (it names the output folder)"),
    Limit("word-length", 24, "characters", "one word (no spaces) of printed text; break long URLs"),
    Limit("list-length", 1000, "items", "any one list in the data"),  # a 1,000-card deck (issue 16)
    # 90,000 unknown keys in one file were 90,000 findings and 13 s of validating; a game's mappings hold dozens
    Limit("mapping-keys", 1000, "keys", "any one mapping in the data (the kinds of a content file, a record's fields)"),
    Limit("nesting", 12, "levels", "how deeply lists and mappings nest in a YAML file"),
    Limit("number", 1_000_000, "", "any number in the data (and it must be finite)"),
    # Spreadsheet sources (CSV, XLSX, ODS): read row by row and refused where a bound is crossed
    Limit("sheet-rows", 10_000, "rows", "rows of one sheet or CSV file (its items are also a list: list-length)"),
    Limit("sheet-columns", 200, "columns", "columns of one sheet or CSV file"),
    Limit("sheet-bytes", 20, "MB", "a spreadsheet file as stored (CSV, XLSX, ODS)"),
    Limit("sheet-unpacked", 100, "MB", "what an XLSX or ODS file unpacks to (its zip's declared sizes)"),
    Limit("sheet-entries", 2000, "entries", "files inside an XLSX or ODS zip"),
    Limit("sheet-styles", 64_000, "styles", "cell styles of an XLSX workbook (Excel's own most)"),
    Limit("sheet-strings", 500_000, "strings", "shared strings of an XLSX workbook"),
    Limit("catalogue-bytes", 10, "MB", "one translation catalogue (.po file)"),
    Limit("catalogue-entry", 20_000, "characters", "one msgid or msgstr of a catalogue"),
    # each entry is checked against its source (its markup parsed twice): 100,000 took 16 s; a game prints hundreds
    Limit("catalogue-entries", 20_000, "entries", "entries (msgids) of one catalogue"),
    Limit("plural-forms", 10, "forms", "plural forms a catalogue declares (nplurals; languages use 1 to 6)"),
    # An old version read from git (printgen errata HEAD~1): each file's size is asked before it is read
    Limit("revision-file", 32, "MiB", "one file of a game folder read from a git revision"),
    Limit("revision-bytes", 256, "MiB", "all the files of a game folder and its templates read from a git revision"),
    Limit("revision-files", 20_000, "files", "files of a game folder and its templates read from a git revision"),
    # Geometry
    Limit("hex-size", 100, "mm", "a hex's size, flat to flat, in print and in 3D"),
    Limit("min-hex-size", 5, "mm", "the smallest hex size"),
    Limit("token-diameter", 100, "mm", "a token's diameter (it must also fit the page)"),
    Limit("card-side", 300, "mm", "a card's width or height (it must also fit the page)"),
    Limit("bleed", 10, "mm", "card bleed"),
    Limit("margin", 30, "mm", "the page margin"),
    Limit("map-hexes", 2000, "hexes", "hexes in one map"),
    # a map's parts may lie apart (an imported map in parts): its pictures and the Tabletop Simulator board
    # cover the whole box (600 x 600 hexes: a 60,000-pixel board that crashed the build; 64 x 64: 650 MB).
    # 2,500 (50 x 50) is about the box of the largest map map-hexes allows (2,000 hexes, 4:3): a build of 450 MB
    Limit("map-area", 2_500, "hexes", "the box a map covers, its width times its depth in hexes"),
    Limit("mesh-hexes", 400, "hexes", "hexes in one 3D tile or piece"),
    # real Heroscape maps stack 12-20 levels (castles and high peaks); 32 keeps a tile under ~20 cm
    Limit("mesh-levels", 32, "levels", "levels of a 3D tile or a map"),
    Limit("mesh-height", 100, "mm", "height of one level of a 3D tile"),
    # five layers at the usual 0.2 mm: thinner is no tile a printer can make (issue 25: 0.0001 mm was written)
    Limit("min-mesh-height", 1, "mm", "the lowest height of one level of a 3D tile"),
    Limit("pieces", 100, "pieces", "3D pieces a game declares"),
    Limit("coordinate", 1000, "", "an axial hex coordinate (either number)"),
    Limit("honeycomb-hex", 1, "mm", "the smallest hex of a layout's honeycomb background (radius)"),
    Limit("pattern-reach", 12, "hexes", "how far one Hex Dice move or attack step reaches"),
    # Combat models (printgen balance): exact odds are computed, so a pool and a die are bounded
    Limit("dice-pool", 100, "dice", "dice in one roll of a combat model (after height and bonuses)"),
    Limit("die-sides", 100, "sides", "sides of one die of a combat model"),
    Limit("dice-work", 150_000_000, "", "results squared times the bits of the odds of one roll of a combat model "
          "(what comparing it with a roll like it costs; 30d6 exploding is a third of it)"),
    Limit("balance-units", 120, "units", "units in one balance report (every pair of them is computed: 300 took "
          "15 s on a loaded machine)"),
    Limit("combat-health", 200, "wounds", "wounds a unit takes before it is destroyed, in the balance report"),
    # Simulated games (printgen playtest): each one is played move by move
    Limit("playtest-games", 1_000_000, "games", "games of one pairing of agents in a playtest"),
    Limit("playtest-moves", 10_000, "activations", "a simulated game's move limit (then it is a draw)"),
    Limit("playtest-budget", 256, "moves", "moves the lookahead agent weighs each turn"),
    # Templates and documents
    Limit("template-seconds", 10, "seconds", "rendering a game's rulebook templates"),
    Limit("template-output", 400_000, "characters", "the Markdown one rulebook chapter renders to"),
    Limit("template-steps", 2_000_000, "steps", "rendering a game's rulebook templates (each loop step, read, call "
          "or operator is one)"),
    Limit("layout-steps", 200_000, "steps", "evaluating one layout value for one face (each loop step, read, "
          "call or operator is one)"),
    Limit("layout-seconds", 2, "seconds", "evaluating one layout value for one face"),
    Limit("rulebook-nesting", 6, "levels", "how deeply block quotes and lists nest in a rulebook chapter"),
    Limit("rulebook-table-columns", 16, "columns", "columns of one table in a rulebook chapter"),
    Limit("font-file", 16, "MiB", "one font file in the game's fonts/ folder"),
    Limit("repeat", 100_000, "characters", "a string or list a template builds by repetition"),
]

LIMITS: dict[str, Limit] = {limit.name: limit for limit in _TABLE}


def limit(name: str) -> float:
    """The value of limit ``name`` (in its unit)."""
    return LIMITS[name].value
