"""What an asset is: one kind of output a game can have, the same for shared and pack assets.

An asset has a name (it names the target and, usually, the file), a renderer,
an output kind, the content kinds it reads and, optionally, its own
validation hook. Paper assets render once per paper:
``render(game, spec) -> {file stem: Document | PdfFile | RawFile}``; mesh
assets render once per game: ``render(game, *, previews) -> {relative path:
bytes}``. A validation hook gets the validated game and yields findings
(``validate(game) -> Iterable[Finding]``); it runs after the data checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Literal

OutputKind = Literal["paper", "mesh"]
OUTPUT_KINDS: tuple[str, ...] = ("paper", "mesh")


@dataclass(frozen=True)
class Asset:
    name: str
    render: Callable[..., dict]
    kind: OutputKind = "paper"
    # Content kinds it draws from; the build plans it only when one of them has items. Empty: always
    # planned (the rulebook reads whatever its templates use).
    reads: tuple[str, ...] = ()
    validate: Callable[..., Iterable] | None = None
    # A further condition on the data (say, a setting in game.yaml that asks for the asset).
    when: Callable[..., bool] | None = None
    # Takes far longer to render than most (a book of many pages): a build starts it before the game's
    # other targets, so that it is not left running alone at the end while the other workers wait.
    long: bool = False

    def wanted(self, data) -> bool:
        """Does this game's data give the asset anything to draw?"""
        if self.when is not None and not self.when(data):
            return False
        return not self.reads or any(getattr(data, kind, None) for kind in self.reads)
