"""Rulebook chapters: Markdown + Jinja2 templates beside the game's data, rendered with that data.

Templates live in ``templates/<game-id>/rulebook/``: every ``*.md`` file is a
chapter (in file-name order); ``*.j2`` files hold macros to import. The data,
the game's settings and its rule numbers are in scope, so every number the
rulebook prints comes from the same YAML as the cards. A template mistake is
a finding with the template's file and line, like a data mistake.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

import jinja2

from ..findings import Finding, Location, error
from ..load.game_folder import display_path


def template_dir(game) -> Path | None:
    """The game's ``rulebook`` template folder (the Project said where its templates are), or None."""
    return game.templates / "rulebook" if game.templates is not None else None


def chapter_files(folder: Path | None) -> list[Path]:
    return sorted(p for p in folder.glob("*.md") if p.is_file()) if folder is not None and folder.is_dir() else []


def _environment(folder: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["cell"] = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
    env.filters["dice"] = lambda rng: f"{rng[0]}" if rng[0] == rng[1] else f"{rng[0]}-{rng[1]}"
    return env


def _where(exc: Exception, folder: Path) -> tuple[str, int]:
    """The template file and line a Jinja error happened on."""
    lineno = getattr(exc, "lineno", None)
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno and name:
        return str(name), int(lineno)
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename and os.path.abspath(frame.filename).startswith(str(folder.resolve())):
            return frame.filename, frame.lineno or 0
    return str(folder), 0


def render_chapters(game, scope: dict) -> tuple[list[tuple[Path, str]], list[Finding]]:
    """Each chapter as (file, Markdown text); template errors as findings. Never raises for bad templates."""
    folder = template_dir(game)
    env = _environment(folder)
    out: list[tuple[Path, str]] = []
    findings: list[Finding] = []
    for path in chapter_files(folder):
        try:
            out.append((path, env.get_template(path.name).render(**scope)))
        except jinja2.TemplateError as exc:
            file, line = _where(exc, folder)
            file_path = Path(file) if os.path.isabs(file) else folder / file
            msg = exc.message if getattr(exc, "message", None) else str(exc)
            findings.append(error("template", f"rulebook template: {msg}",
                                  Location(display_path(file_path), line, 1 if line else 0)))
        except Exception as exc:  # a data helper raised while rendering: still the template's finding
            file, line = _where(exc, folder)
            findings.append(error("template", f"rulebook template failed: {exc}",
                                  Location(display_path(Path(file)), line, 1 if line else 0)))
    return out, findings
