"""Run a game folder through load -> model -> check and collect every finding.

The data checks only: the shared checks (SHARED_CHECKS, every game), the checks that need valid
rule numbers (RULE_CHECKS, then the pack's own). Each asset's own validation hook runs above this
stage (printgen.project), so the checker never imports a renderer."""

from __future__ import annotations

import re
import uuid

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from ..findings import Finding, did_you_mean, error, has_errors, sort_findings
from ..load.game_folder import GameSource, load_game_folder
from ..load.sheet_source import split_list_cells
from ..model.base import findings_from_validation
from ..model.content import Content, Rules
from ..model.game import GameConfig
from ..names import name_key
from ..model.kinds import DeclaredRefs, DeclaredTexts, data_model, parse_kinds
from .. import packs as _packs  # PACKS read when a game is checked: packs import check helpers
from ..packs.base import CheckContext, RulePack
from .limits import check_limits, past_limits, raw_text_findings
from .maps import check_maps, check_terrain_pictures
from .names import check_unique_names
from .printable import check_glyphs, check_icons
from .resolutions import check_two_resolutions
from .keyword_defs import check_keyword_definitions
from .terms import check_terms

# Checks every game gets, whatever its system; then, when game.yaml's rules are valid, RULE_CHECKS
# and the pack's own checks.
SHARED_CHECKS = (check_limits, check_unique_names, check_maps, check_terrain_pictures, check_glyphs, check_icons)
RULE_CHECKS = (check_terms, check_two_resolutions, check_keyword_definitions)


@dataclass
class ValidatedGame:
    """The outcome of validation: the typed data (when readable) and every finding."""

    folder: Path
    source: GameSource | None = None
    pack: RulePack | None = None
    data: Content | None = None  # the pack's data model (a Content)
    rules: Rules | None = None  # the pack's rules model; None when game.yaml's rules are invalid
    findings: list[Finding] = field(default_factory=list)
    templates: Path | None = None  # the folder of the game's templates (rulebook/...), when it has one
    edition: Any = None  # a translated edition's language and catalogue (printgen.editions.edition.Edition)
    # This validation's own name: a copy of it (pickled to a build worker) has the same key, so what
    # was worked out from it once can be found again (printgen.rulebook.images, printgen.layout.drawn_faces);
    # never in a digest.
    key: str = field(default_factory=lambda: uuid.uuid4().hex, compare=False, repr=False)
    # Work its validation did that rendering would do again: its maps' tilings (printgen.workers), the
    # rulebook's compiled templates, rendered chapters with their reads, and drawn pictures
    # (printgen.rulebook.templates, .images). It travels with the game to a build's workers, which take
    # it rather than do it again (issue 41).
    shared: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def game_id(self) -> str:
        return self.data.game.id if self.data is not None else self.folder.name

    def ok(self, *, strict: bool = False) -> bool:
        return not has_errors(self.findings, strict=strict)


def _item_model(annotation: Any) -> type[BaseModel] | None:
    if get_origin(annotation) is list:
        (arg,) = get_args(annotation)
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
    return None


def _build(source: GameSource, pack: RulePack, failed: set[str]) -> tuple[Content | None, list[Finding]]:
    """Validate item by item, so one broken class does not hide the rest of the game's findings. The names
    of items that fail are added to ``failed``."""
    findings: list[Finding] = []
    source.kept = {}  # (validated again: a studio's edit) every index as written until an item fails

    def locate(path: tuple, *, key: bool = False):  # the schema's paths are as written, failed items included
        return source.loc(path, key=key, raw=True)

    kept: dict[str, tuple[int, ...]] = {}  # kind -> the index as written of each item validated, when one failed
    game_raw = source.data.get("game", {})
    try:
        game = GameConfig.model_validate(game_raw)
    except ValidationError as exc:
        findings += findings_from_validation(exc, root=GameConfig, prefix=("game",), locate=locate)
        return None, findings
    values: dict[str, Any] = {"game": game}
    fields = pack.data_model.model_fields
    for kind, raw in source.data.items():
        if kind == "game":
            continue
        if kind not in fields:
            hint = did_you_mean(kind, pack.kinds)
            findings.append(error(
                "unknown-kind",
                f"'{kind}' is not a kind of content in a {pack.title} game"
                + (f"; did you mean '{hint}'?" if hint else f"; the kinds are: {', '.join(pack.kinds)}"),
                source.loc((kind,), key=True),
            ))
            continue
        item_model = _item_model(fields[kind].annotation)
        if item_model is None or not isinstance(raw, list):
            try:
                values[kind] = TypeAdapter(fields[kind].annotation).validate_python(raw)
            except ValidationError as exc:
                findings += findings_from_validation(exc, root=pack.data_model, prefix=(kind,), locate=locate)
            continue
        raw = split_list_cells(source, kind, item_model)  # a spreadsheet's "a; b" list cells
        items, accepted = [], []
        for i, item in enumerate(raw):
            try:
                items.append(item_model.model_validate(item))
                accepted.append(i)
            except ValidationError as exc:
                findings += findings_from_validation(exc, root=item_model, prefix=(kind, i), locate=locate)
                if isinstance(item, dict) and isinstance(item.get("name"), str):
                    failed.add(name_key(item["name"]))
        values[kind] = items
        if len(accepted) != len(raw):
            kept[kind] = tuple(accepted)
    # Checks, layouts and the studio name an item by its index in the typed list, which skips failed items
    source.kept = kept
    data = pack.data_model.model_construct(**values)
    return data, findings


def _declare(source: GameSource, pack: RulePack) -> tuple[RulePack, list[Finding]]:
    """The game's own copy of its pack, extended by the kinds game.yaml declares (none: the pack itself)."""
    kinds, findings = parse_kinds(source.data["game"].get("kinds"), source.loc, pack.kinds)
    if not kinds:
        return pack, findings
    declared = tuple(kinds)
    return replace(pack, data_model=data_model(pack.data_model, kinds),
                   rules_texts=DeclaredTexts(pack.rules_texts, declared),
                   checks=pack.checks + (DeclaredRefs(declared),), declared=declared), findings


def _names_failed(f: Finding, failed: set[str]) -> bool:
    """True for a reference finding ('... names no item of factions') whose name is an item that is in the
    data but failed validation: its own finding says what is wrong, and the reference is not (one
    mistake, one finding)."""
    if not failed or not f.code.startswith("unknown-"):
        return False
    return any(name_key(q) in failed for q in re.findall(r"'([^'\n]+)'", f.message))


def check_game(folder: Path) -> ValidatedGame:
    """Load, model and check the data of one game folder. Never raises for bad input."""
    source, findings = load_game_folder(folder)
    return check_source(folder, source, findings)


def check_source(folder: Path, source: GameSource | None, findings: list[Finding]) -> ValidatedGame:
    """Model and check a game's loaded data (a translated edition's too: printgen.editions); ``findings``:
    what loading it found."""
    result = ValidatedGame(folder=folder)
    result.source = source
    result.findings += findings
    if source is not None:
        result.findings += list(raw_text_findings(source))
    # Past a limit nothing more runs on the data (not even a check): that is what bounds time and memory.
    if source is None or "game" not in source.data or past_limits(result.findings):
        result.findings = sort_findings(result.findings)
        return result
    system = source.data["game"].get("system")
    PACKS = _packs.PACKS
    pack = PACKS.get(system) if isinstance(system, str) else None
    if pack is None:
        hint = did_you_mean(str(system), PACKS) if system else None
        result.findings.append(error(
            "unknown-system",
            f"unknown game system {system!r}" + (f"; did you mean '{hint}'?" if hint else "")
            + f" (systems: {', '.join(PACKS)})",
            source.loc(("game", "system")),
        ))
        result.findings = sort_findings(result.findings)
        return result
    pack, findings = _declare(source, pack)
    result.findings += findings
    result.pack = pack
    failed: set[str] = set()
    data, findings = _build(source, pack, failed)
    result.findings += findings
    if data is None:
        result.findings = sort_findings(result.findings)
        return result
    result.data = data
    try:
        result.rules = pack.rules_model.model_validate(data.game.rules)
    except ValidationError as exc:
        result.findings += findings_from_validation(exc, root=pack.rules_model, prefix=("game", "rules"),
                                                    locate=source.loc)
    ctx = CheckContext(source=source, pack=pack, data=data, rules=result.rules)
    checks = SHARED_CHECKS + ((RULE_CHECKS + pack.checks) if result.rules is not None else ())
    for check in checks:
        result.findings += [f for f in check(ctx) if not _names_failed(f, failed)]
    result.findings = sort_findings(result.findings)
    return result
