"""The other ways to print a game, as the kit's cover and the zip's README offer them: each print profile
a build made beyond the home sheets (cutting machines, fold-over, ink saver), where its files are and what
it needs (machine, mat, paper, fold, glue). A plain registry, profile -> its words."""

from __future__ import annotations

from typing import Callable

from ..cut.machines import MACHINES


def _paper(cfg) -> str:
    w, h = cfg.print.cut.paper
    return f"{w:g} x {h:g} mm"


def _machine(name: str) -> Callable:
    def words(cfg) -> tuple[str, str]:
        m = MACHINES[name]
        return (f"Print and cut: {m.label}",
                f"{name}/print-and-cut-sheets.pdf and a cut file per sheet ({', '.join(f.upper() for f in m.formats)}). "
                f"Machine: {m.label}; software: {m.software}; mat: {m.mat}; paper: {_paper(cfg)} card stock, "
                "printed at 100 %.")
    return words


CHOICES: dict[str, Callable] = {
    "silhouette": _machine("silhouette"),
    "cricut": _machine("cricut"),
    "foldover": lambda cfg: ("Fold-over sheets", f"foldover/<deck>.pdf: fronts and backs side by side on {_paper(cfg)} "
                             "paper, printed on one side. Fold on the dashed line, backs behind; glue with a thin, even "
                             "glue stick, dry flat; cut on the crop marks through both layers. For double-sided "
                             "printing instead: foldover/duplex-calibration.pdf gives the offset to set in game.yaml."),
    "ink-saver": lambda cfg: ("Ink-saver sheets", f"ink-saver/<printable>.pdf on {_paper(cfg)} paper: backgrounds "
                              "dropped, large fills lightened, text and outlines kept; under half the ink."),
}


def choices(cfg, profiles) -> list[tuple[str, str]]:
    """(title, what and what it needs) of each of ``profiles`` that is another way to print, in registry order."""
    return [CHOICES[name](cfg) for name in CHOICES if name in profiles]
