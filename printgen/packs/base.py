"""What a rule pack is: a game system's content models, rule numbers, checks and assets."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..asset import Asset
from ..findings import Finding, Location
from ..load.game_folder import GameSource
from ..model.content import Content, Rules


def no_texts(data: Content) -> Iterator[tuple[tuple, str]]:
    """A pack without rules text to scan."""
    return iter(())


def no_vocabulary(data: Content, rules: Rules) -> Iterable[str]:
    """A pack without extra words allowed before numbers."""
    return ()


@dataclass(frozen=True)
class RulePack:
    """A game system. ``data_model`` extends Content with one list field per content kind of its own;
    ``rules_model`` extends Rules with the system's rule numbers."""

    system: str
    title: str
    data_model: type[Content]
    rules_model: type[Rules]
    checks: tuple[Callable[["CheckContext"], Iterable[Finding]], ...] = ()
    # Where rules text lives, for keyword/token scanning: yields (path, text).
    rules_texts: Callable[[Content], Iterator[tuple[tuple, str]]] = no_texts
    # Words that may precede a number in rules text without being keywords (stat names, resources...).
    vocabulary: Callable[[Content, Rules], Iterable[str]] = no_vocabulary
    # The pack's own printables, registered like the shared ones.
    assets: tuple[Asset, ...] = ()
    # Extra printgen: image kinds for rulebooks: kind -> resolver(argument, game) -> (ops, w mm, h mm).
    images: dict[str, Callable] = field(default_factory=dict)
    # Layout elements the pack draws for computed art: element type -> draw(ctx, box, args) -> ops
    # (printgen.layout.elements describes the call).
    elements: dict[str, Callable] = field(default_factory=dict)
    # Default printables drawn from layouts (game.yaml sheets: may replace them by name), and the folder of
    # the pack's own layout files (a game's templates/<id>/layouts/ may replace them by name).
    sheets: tuple = ()
    layouts: Path | None = None
    # A game model the playtester can step (printgen.playtest): model(game, move_limit=N) -> a GameModel,
    # raising printgen.playtest.model.ModelError at the data that cannot be played. None: not playable.
    playtest: Callable | None = None
    # The game's declared kinds (game.yaml kinds:), set by the validator on the game's own copy of the pack.
    declared: tuple = ()

    @property
    def kinds(self) -> list[str]:
        return [k for k in self.data_model.model_fields if k != "game"]


@dataclass
class CheckContext:
    """What every check sees: the typed data, the game's rule numbers, its pack, and a way to point at sources."""

    source: GameSource
    pack: RulePack
    data: Content  # the pack's data model
    rules: Rules | None  # the pack's rules model (None when game.yaml's rules are invalid)

    def loc(self, path: tuple, *, key: bool = False) -> Location:
        return self.source.loc(path, key=key)

    def text_loc(self, path: tuple, row: int, col: int) -> Location:
        return self.source.text_loc(path, row, col)


Check = Callable[[CheckContext], Iterable[Finding]]
