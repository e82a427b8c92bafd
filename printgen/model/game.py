"""game.yaml: a game's identity and its physical settings (all lengths in mm)."""

# Annotations evaluated as written, not postponed: pydantic builds the models faster (see model/base.py).

from typing import Any, Literal

from pydantic import BeforeValidator, Field, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from ..preflight.classes import CLASSES as PREFLIGHT_CLASSES
from . import defaults
from .base import CardSize, Length, Model, PositiveLength, Text
from .cutting import CutSpec
from .duplex import DuplexSpec


def _version(value: Any) -> str:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise PydanticCustomError(
            "version", "write the version as quoted text, e.g. version: \"{v}\" (YAML reads {v} as a number)",
            {"v": value})
    raise PydanticCustomError("version", "version must be text such as \"1.0\"")


Version = Annotated[str, BeforeValidator(_version)]
Orientation = Literal["flat", "pointy"]
# The mesh formats a game may ask for: the keys of mesh.export.EXPORTERS (a test holds them equal).
MeshFormat = defaults.MeshFormat


class HexSpec(Model):
    size: PositiveLength = defaults.HEX_SIZE  # flat-to-flat, mm
    orientation: Orientation = defaults.ORIENTATION


class CardSpec(Model):
    size: CardSize = (63.5, 88.9)  # trim (w, h) mm
    bleed: Length = 3.0


class TokenSpec(Model):
    diameter: PositiveLength = 16.0


def _profile(value: Any) -> str:
    from ..findings import did_you_mean

    if isinstance(value, str) and value in defaults.PRINT_PROFILES:
        return value
    hint = did_you_mean(str(value), defaults.PRINT_PROFILES)
    raise PydanticCustomError(
        "profile", "unknown print profile '{v}'; " + ("did you mean '{h}'? " if hint else "") + "profiles: {all}",
        {"v": str(value)[:60], "h": hint, "all": ", ".join(defaults.PRINT_PROFILES)})


def _profiles(value: Any) -> Any:
    return [value] if isinstance(value, str) else value  # one profile, or a list


Profile = Annotated[str, BeforeValidator(_profile)]


class PrintSpec(Model):
    margin: Length = 5.0  # safe margin: nothing is inked closer to a page edge
    # what the build makes besides the home sheets (defaults.PRINT_PROFILES); ``printgen build --for`` overrides
    profile: Annotated[list[Profile], BeforeValidator(_profiles)] = ["home"]
    cut: CutSpec = CutSpec()  # the cutting-machine profiles' sheets (model/cutting.py)
    duplex: DuplexSpec = DuplexSpec()  # how far the printer puts a back off its front (model/duplex.py)
    ink_saver: bool = False  # the home sheets drawn to save ink (render/ink_saver.py), as the ink-saver profile's


def _text_size(value: Any) -> float:
    """A readable minimum text size, in pt: written with a unit ("6pt", "2mm"), between 3 and 24 pt."""
    from ..units import UnitError, parse_length

    try:
        mm = parse_length(value, allow_zero=False)
    except UnitError as exc:
        raise PydanticCustomError("length", str(exc)) from None
    size = mm * 72.0 / 25.4
    if not 3.0 <= size <= 24.0:
        raise PydanticCustomError("text-size", "a minimum text size of {size} pt cannot be right: write one "
                                  "between 3pt and 24pt (6pt is a comfortable body minimum)", {"size": f"{size:.1f}"})
    return size


TextSize = Annotated[float, BeforeValidator(_text_size)]  # pt
# YAML 1.1 reads a bare `off` as false: a designer who writes `sheets: off` means the word
Level = Annotated[Literal["warning", "error", "off"], BeforeValidator(lambda v: "off" if v is False else v)]
PreflightClass = Literal[tuple(PREFLIGHT_CLASSES)]  # type: ignore[valid-type]


class PreflightSpec(Model):
    """What the preflight (printgen.preflight) holds each printed page to."""

    min_text: TextSize = 6.0  # pt: body text (more than a few words)
    min_label: TextSize = 5.0  # pt: a short label (a number, a word or three)
    printable: Length | None = None  # mm from every paper edge a home printer inks; default: print.margin
    safe: Length = 1.5  # mm inside a card's cut that its text keeps to
    empty_page: Annotated[float, Field(ge=0.0, le=0.9)] = 0.25  # a page of a longer document used less than this
    # WCAG contrast ratios a text keeps against its ground (1:1 is no contrast, 21:1 black on white)
    contrast: Annotated[float, Field(ge=1.0, le=21.0)] = 4.5  # small text
    contrast_large: Annotated[float, Field(ge=1.0, le=21.0)] = 3.0  # 18 pt, or 14 pt bold
    clearance: Length = 0.3  # mm between two marks (icons, badges, discs)
    # the CMYK shop files (preflight/ink.py): text under this size prints in one ink; no colour over this
    # total ink (percent; none: the profile's own, 300 % for the SWOP profile)
    ink_text: TextSize = 8.0
    ink_limit: float | None = None
    severity: dict[PreflightClass, Level] = {}

    @model_validator(mode="after")
    def _sane(self) -> "PreflightSpec":
        if self.min_label > self.min_text:
            raise PydanticCustomError("text-size", "min_label ({label} pt) is larger than min_text ({text} pt): a "
                                      "short label may be smaller than body text, not larger",
                                      {"label": f"{self.min_label:g}", "text": f"{self.min_text:g}"})
        if self.safe > 10.0:
            raise PydanticCustomError("margin", "a safe area {m} mm inside the cut leaves a card no room: write one "
                                      "between 0mm and 10mm (3mm is a print shop's usual)", {"m": f"{self.safe:g}"})
        if not 0.0 <= self.clearance <= 5.0:
            raise PydanticCustomError("margin", "a clearance of {m} mm between icons leaves no room for any: write "
                                      "one between 0mm and 5mm (0.3mm is the default)", {"m": f"{self.clearance:g}"})
        if self.ink_limit is not None and not 100.0 <= self.ink_limit <= 400.0:
            raise PydanticCustomError("ink-limit", "a total ink limit of {v} % cannot be printed to: four inks make "
                                      "at most 400 % and one alone 100 %; write one between 100 and 400 (300 is "
                                      "the SWOP profile's, 260 a digital press's usual)", {"v": f"{self.ink_limit:g}"})
        if self.printable is not None and not 0.0 <= self.printable <= 40.0:
            raise PydanticCustomError("margin", "a printable margin of {m} mm leaves no page to print on: write "
                                      "one between 0mm and 40mm (6.35mm is common)", {"m": f"{self.printable:g}"})
        return self


def _magnet(value: Any):
    from ..units import UnitError, parse_magnet

    if value is None:
        return None
    try:
        return parse_magnet(value)
    except UnitError as exc:
        raise PydanticCustomError("magnet", str(exc)) from None


Magnet = Annotated[tuple[float, float] | None, BeforeValidator(_magnet)]


def _pair(what: str, example: str):
    def check(value: Any):
        from ..units import UnitError, parse_pair

        try:
            return parse_pair(value, what, example)
        except UnitError as exc:
            raise PydanticCustomError("size", str(exc)) from None
    return BeforeValidator(check)


Bed = Annotated[tuple[float, float], _pair("bed size (width x depth)", "256x256mm")]
Groove = Annotated[tuple[float, float], _pair("groove (width x depth)", "1.2x0.6mm")]
Dot = Annotated[tuple[float, float], _pair("dot (across x depth)", "2x0.6mm")]


class TerrainSpec(Model):
    """The terrain plates ``printgen build`` writes: ``printgen terrain`` for each map named."""

    maps: list[Text] = []  # map names; empty: every map
    bed: Bed = (256.0, 256.0)  # print bed, width x depth
    gap: Length = 3.0  # between tiles on a plate
    tiles: Literal["standard", "exact"] = "standard"
    grid: bool = True  # engraved hex grid (V-groove) on the tiles' tops
    groove: Groove = (1.2, 0.6)  # grid groove, width x depth
    dots: Dot | None = None  # an engraved dot at every hex's centre (across x depth), for big boards


class MeshSpec(Model):
    """Defaults for 3D-printed terrain tiles (``printgen stl`` and the pieces a game declares)."""

    height: PositiveLength = defaults.LEVEL_HEIGHT  # one level
    clearance: Length = defaults.CLEARANCE  # taken off every outer side
    magnet: Magnet = None  # e.g. "6x2mm": a pocket for it under the hexes
    magnet_every: Annotated[int, Field(ge=1)] = 1
    chamfer: Length = 0.0
    formats: list[MeshFormat] = ["stl"]
    terrain: TerrainSpec | None = None  # terrain plates for the game's maps (printgen build)


class SheetDef(Model):
    """A printable drawn from layouts (templates/<game-id>/layouts/): which kind, which faces, how many."""

    name: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]  # the asset and file name, e.g. class-cards
    kind: Text  # the content kind whose items it prints
    front: Text  # a layout name (file stem)
    back: Text | None = None  # a layout drawn once per item on the mirrored backs page
    title: Text | None = None  # as page furniture names it; default: the name
    copies: Text | Annotated[int, Field(ge=0, le=1000)] | None = None  # number or expression; default: the item's count
    sheet: Literal["cards", "hex"] = "cards"  # n-up grid with crop marks, or hexes on a hex lattice
    order: Text | None = None  # an expression to sort the items by (e.g. item.value); default: the data's order
    label: Text | None = None  # an expression naming each card in digital exports (TTS); default: item.name


class SourceDef(Model):
    """A spreadsheet holding a kind's items (printgen.load.sheet_source): which file, sheet and kind."""

    file: Text  # a .csv, .xlsx or .ods file in the game folder
    sheet: Text | None = None  # a workbook's sheet; default: every sheet, each named for its kind
    kind: Text | None = None  # default: the sheet's name (a CSV: the file's name without .csv)


class BalanceSpec(Model):
    """Asks printgen build for the balance report (printgen.balance): matchup odds and value per point."""

    tolerance: Annotated[float, Field(gt=0.0, le=10.0)] = 0.35  # value per point this far off the median is named


class PlaytestSpec(Model):
    """Asks printgen build for the playtest report (printgen.playtest): games the rules pack plays itself."""

    games: Annotated[int, Field(ge=1)] = 200  # games of each setup and pairing (limit playtest-games)
    seed: int = 1
    agents: list[Text] = ["greedy:greedy"]  # pairings A:B of random, greedy, lookahead
    budget: Annotated[int, Field(ge=1)] = 8  # moves the lookahead agent weighs each turn
    move_limit: Annotated[int, Field(ge=1)] = 300  # activations before a game is a draw


class GameConfig(Model):
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    name: Text
    system: Text
    version: Version
    hex: HexSpec = HexSpec()
    card: CardSpec = CardSpec()
    token: TokenSpec = TokenSpec()
    print: PrintSpec = PrintSpec()
    preflight: PreflightSpec = PreflightSpec()
    mesh: MeshSpec = MeshSpec()
    description: Text | None = None
    # The rules mapping as written; the pack's Rules model validates it into ValidatedGame.rules,
    # which is what checks, renderers and templates read.
    rules: dict[str, Any] = {}
    # The game's own kinds of content (printgen.model.kinds reads them) and its layout-drawn printables.
    kinds: dict[str, Any] = {}
    sheets: list[SheetDef] = []
    stamps: bool = True  # layouts' version stamps (layout/stamp.py); false prints none
    languages: list[Text] = []  # translated editions to build besides the source (locales/<lang>/*.po)
    sources: list[SourceDef] = []  # spreadsheets holding items (also found by name: units.csv)
    fonts: dict[str, Text] = {}  # layout font name -> a TrueType file in the game folder (fonts/x.ttf)
    balance: BalanceSpec | None = None  # the balance target (printgen balance); absent: not built
    combat: dict[str, Any] | None = None  # a custom game's combat model, in printgen.balance.notation's words
    playtest: PlaytestSpec | None = None  # the playtest target (printgen playtest); absent: not built
