"""A game's layouts: where they come from (printgen's own, the rule pack's, the game's templates/layouts/, later
ones winning), loaded and cached while their files are unchanged; the fonts they can name, the styles of the
game's terms, the scope they are evaluated in, and the sandbox environment their values compile under."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..deps import content_scope
from ..draw.colour import mix, readable
from ..findings import Finding, Location, error
from ..load.game_folder import display_path
from ..safety.paths import absolute, escaping_link, link_message
from .elements import element_types
from .spec import Layout, load_layouts

_CACHE: dict[tuple, tuple[dict[str, Layout], list[Finding]]] = {}


def layouts_folder(game) -> Path | None:
    """The game's own layouts/ folder, or None (also when the game's templates folder is a link leading out
    of the game: that is a finding of its own, see ``templates_link``)."""
    if game.templates is None or templates_link(game) is not None:
        return None
    return game.templates / "layouts"


def layout_environment(game) -> tuple[Path, tuple]:
    """The folder a game's layout values find templates in (its layouts/, else the game folder) and the key of
    their sandbox environment (layout/expressions.py: what is compiled under one key serves every environment
    made alike)."""
    folder = layouts_folder(game) or game.folder
    return folder, (str(folder.resolve()), str(folder.parent.resolve()), False)


def templates_link(game) -> Path | None:
    """The link that leads the game's own ``templates/`` (or a folder on the way to it) out of the game
    folder, or None (a project's templates/<id>/ beside the games is the project's, not the game's)."""
    folder = getattr(game, "folder", None)
    if game.templates is None or folder is None:
        return None
    templates = (game.templates / "layouts").parent  # through "/": a build depends on templates/layouts alone (deps)
    if not absolute(templates).is_relative_to(absolute(folder)):
        return None
    return escaping_link(templates, folder)


def _types(game) -> dict:
    return element_types(game.pack.elements if game.pack else None)


BUILTIN = Path(__file__).parent / "builtin"  # every game's token faces


def _folders(game) -> list[Path | None]:
    """Where layouts come from, later ones winning: printgen's own (tokens), the rule pack's, then the
    game's own templates."""
    return [BUILTIN, game.pack.layouts if game.pack else None, layouts_folder(game)]


def game_layouts(game) -> tuple[dict[str, Layout], list[Finding]]:
    """The game's layouts (cached while their files are unchanged) and what is wrong with them."""
    folders = [f for f in _folders(game) if f is not None and f.is_dir()]
    if not folders:
        return {}, []
    stamp = tuple((str(f.resolve()), tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size)
                                                  for p in f.glob("*.yaml")))) for f in folders)
    key = (stamp, tuple(sorted(_types(game))))
    if key not in _CACHE:
        _CACHE[key] = load_layouts(_folders(game), {k: v[0] for k, v in _types(game).items()})
    layouts, found = _CACHE[key]
    link = templates_link(game)
    if link is not None:
        found = [*found, error("template-symlink", link_message(link), Location(display_path(link), 1, 1))]
    return layouts, found


def game_fonts(game):
    """The fonts the game can use, by every name a layout may give them (layout/game_fonts.py), and what
    is wrong with its font files."""
    from .game_fonts import game_font_table

    table = game_font_table(game)
    return table, list(table.found)


# the darkest paper a card's or a page's body text stands on (a cream panel): a term's colour reads on it
TERM_GROUND = "#f4ecd8"


def term_styles(data) -> dict[str, tuple[str, str]]:
    """Keywords bold in a dark red; tokens bold-italic in a darker shade of their own colour, as dark as it
    takes to read (WCAG's 4.5:1) on TERM_GROUND and anything lighter."""
    styles = {k.name: ("sans-bold", "#7a2318") for k in data.keywords}
    for t in data.tokens:
        styles[t.name] = ("sans-bolditalic", readable(mix(t.colour, "#000000", 0.25), TERM_GROUND))
    return styles


def scope_of(game) -> dict[str, Any]:
    return content_scope(game)  # each kind looked up when a layout uses it (printgen.deps)
