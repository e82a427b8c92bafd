"""Rulebook chapters: Markdown + Jinja2 templates beside the game's data, rendered with that data.

Templates live in ``templates/<game-id>/rulebook/``: every ``*.md`` file is a
chapter (in file-name order); ``*.j2`` files hold macros to import. The data,
the game's settings and its rule numbers are in scope, so every number the
rulebook prints comes from the same YAML as the cards. A template mistake is
a finding with the template's file and line, like a data mistake. Templates
are untrusted: they run in ``safety.sandbox`` and read only their own folder.
"""

from __future__ import annotations

import dataclasses
import os
import traceback
from pathlib import Path

import jinja2

from ..findings import Finding, Location, error
from ..limits import limit
from ..load.game_folder import display_path
from ..safety.paths import absolute, confined_files, escaping_link, inside, link_message
from ..safety.sandbox import ResourceLimitError, TemplateLimitError, environment, render_capped, watchdog
from ..safety.template_errors import TAG_CLOSERS, column_of, explain, unclosed_block, unclosed_tag


def template_dir(game) -> Path | None:
    """The game's ``rulebook`` template folder (the Project said where its templates are), or None."""
    return game.templates / "rulebook" if game.templates is not None else None


def chapter_files(folder: Path | None) -> list[Path]:
    """The chapters (``*.md``) of a rulebook folder; a symlink leading out of the game's templates is skipped."""
    return confined_files(folder, "*.md", within=folder.parent) if folder is not None and folder.is_dir() else []


def escaping_files(folder: Path) -> list[Path]:
    """Templates in ``folder`` that a symlink leads out of the game's templates folder (each is a finding)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".md", ".j2") and not inside(p, folder.parent))


def _where(exc: Exception, folder: Path) -> tuple[str, int]:
    """The template file and line a Jinja error happened on: a syntax error says so; at render time,
    Jinja rewrites the traceback so the template's own frame shows its file and line."""
    lineno = getattr(exc, "lineno", None)
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno and name:
        return str(name), int(lineno)
    base = str(absolute(folder))
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename and os.path.abspath(frame.filename).startswith(base):
            return frame.filename, frame.lineno or 0
    return str(folder), 0


def _template_finding(exc: Exception, folder: Path, fallback: Path, env=None, scope: dict | None = None) -> Finding:
    file, line = _where(exc, folder)
    path = Path(file)
    if not path.is_absolute() and not path.is_file():
        path = folder / file
    if not path.is_file():
        path, line = fallback, 1
    source = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    lines = source.splitlines()
    col = 1 if line else 0
    if isinstance(exc, jinja2.TemplateError):
        msg = exc.message if getattr(exc, "message", None) else str(exc)
        code = "template-limit" if isinstance(exc, TemplateLimitError) else "template"
        if isinstance(exc, jinja2.TemplateSyntaxError) and env is not None and "Unexpected end of template" in msg:
            open_ = unclosed_block(env, source)
            if open_ is not None:  # at the block never closed, not at the end of the file
                line, col, tag = open_
                return error(code, f"rulebook template: this {{% {tag} %}} is never closed; add "
                             f"{{% end{tag} %}} where it should end", Location(display_path(path), line, col))
        elif isinstance(exc, jinja2.TemplateSyntaxError) and (open_ := unclosed_tag(msg, source, exc.lineno)) is not None:
            line, col, opener = open_  # at the tag left open, not where the lexer gave up
            return error(code, f"rulebook template: this '{opener}' is never closed; end it with "
                         f"'{TAG_CLOSERS[opener]}'", Location(display_path(path), line, col))
        elif isinstance(exc, jinja2.TemplateNotFound):
            # at the {% import %} / {% include %} that names it, not at 1:1
            want = str(exc.name)
            at = next(((n, ln.find(want)) for n, ln in enumerate(lines, 1) if want in ln and "{%" in ln), None)
            if at is not None:
                line, col = at[0], at[1] + 1
            return error(code, f"rulebook template: '{want}' is not in the rulebook templates folder "
                         f"({display_path(folder)}); add it there or correct the name",
                         Location(display_path(path), line, col))
        elif isinstance(exc, jinja2.UndefinedError):
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            at, var = column_of(exc, text)
            if at is not None:
                col = at + 1
            names = list(scope or ()) + list(env.globals if env is not None else ())
            msg = explain(exc, names, var)
        elif 0 < line <= len(lines) and lines[line - 1].strip():
            col = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 1
        return error(code, f"rulebook template: {msg}", Location(display_path(path), line, col))
    return error("template", f"rulebook template failed: {type(exc).__name__}: {exc}"[:500],
                 Location(display_path(path), line, col))


def _chapter(env, path: Path, game):
    """A chapter's template; a translated edition's (printgen.editions) with its paragraphs translated."""
    edition = getattr(game, "edition", None)
    if edition is None:
        return env.get_template(path.name)
    return env.from_string(edition.chapter(path.read_text(encoding="utf-8", errors="replace")))


def _translated(found: Finding, exc: Exception, path: Path, game) -> Finding:
    """A translated chapter's error at the msgstr line of the paragraph it happened in (its template is
    the translated text, which has no file of its own: Jinja calls it '<template>')."""
    edition = getattr(game, "edition", None)
    if edition is None:
        return found
    lineno = getattr(exc, "lineno", None) if isinstance(exc, jinja2.TemplateSyntaxError) else None
    if not lineno:
        lineno = next((fr.lineno for fr in reversed(traceback.extract_tb(exc.__traceback__))
                       if fr.filename == "<template>"), None)
    source = path.read_text(encoding="utf-8", errors="replace")
    lines = edition.chapter(source).splitlines()
    at = edition.place_in_chapter(source, lines[lineno - 1]) if lineno and 0 < lineno <= len(lines) else None
    return found if at is None else dataclasses.replace(found, loc=at)


COMPILED = "rulebook-bytecode"  # ValidatedGame.shared: the rulebook templates as validation compiled them


def _compiled(env, folder: Path) -> dict[str, bytes]:
    """The compiled form (Jinja bytecode, by its cache key) of each chapter and macro file in ``folder`` that
    this process has compiled."""
    cache, out = env.bytecode_cache, {}
    for path in sorted(folder.iterdir()):
        if path.suffix not in (".md", ".j2") or not inside(path, folder.parent):
            continue
        key = cache.get_cache_key(path.name, str(path))  # the loader names a template's file so
        if key in cache.store:
            out[key] = cache.store[key]
    return out


def _take_compiled(env, game) -> None:
    """Validation compiles the rulebook's templates in the main process; a build's workers may have been
    forked before that and would compile them again, each for itself (about a tenth of a second a game):
    the compiled code goes along with the game (``shared``, see _hand_on_compiled) and a worker starts from
    it. Jinja checks each against its template's source before use, so an edited template compiles afresh."""
    handed = (getattr(game, "shared", None) or {}).get(COMPILED)
    if isinstance(handed, dict):
        store = env.bytecode_cache.store
        store.update({k: v for k, v in handed.items() if k not in store})


def _hand_on_compiled(env, folder: Path, game) -> None:
    shared = getattr(game, "shared", None)
    if isinstance(shared, dict) and COMPILED not in shared:
        shared[COMPILED] = _compiled(env, folder)


def render_chapters(game, scope: dict) -> tuple[list[tuple[Path, str]], list[Finding]]:
    """Each chapter as (file, Markdown text); template errors as findings. Never raises for bad templates."""
    folder = template_dir(game)
    if folder is None:
        return [], []
    root = folder.parent
    if absolute(root).is_relative_to(absolute(game.folder)) and not inside(root, game.folder):
        return [], [error("template-symlink", "the game's templates folder is a symlink leading out of the game "
                          "folder; replace it with the folder itself", Location(display_path(root), 1, 1))]
    link = escaping_link(folder, root)
    if link is not None:  # a linked rulebook/ would print an outside folder's chapters
        return [], [error("template-symlink", link_message(link, "the game's templates folder"),
                          Location(display_path(link), 1, 1))]
    env = environment(folder, root)
    _take_compiled(env, game)
    out: list[tuple[Path, str]] = []
    findings: list[Finding] = [
        error("template-symlink", f"'{p.name}' is a symlink leading out of the game's templates folder; "
              "replace it with the file itself", Location(display_path(p), 0, 0)) for p in escaping_files(folder)]
    current = folder
    try:
        with env.budget.running(limit("template-steps"), limit("template-seconds"), "the rulebook's templates"), \
                watchdog(limit("template-seconds")):
            for path in chapter_files(folder):
                current = path
                try:
                    out.append((path, render_capped(_chapter(env, path, game), scope)))
                except ResourceLimitError:
                    raise
                except RecursionError:
                    findings.append(error("template-limit", "rulebook template: recursion too deep",
                                          Location(display_path(path), 1, 1)))
                except Exception as exc:  # a template mistake or a data helper raising: a finding
                    findings.append(_translated(_template_finding(exc, folder, path, env, scope), exc, path, game))
    except ResourceLimitError as exc:
        findings.append(_template_finding(exc, folder, current))
        out = []
    if out and not findings:
        _hand_on_compiled(env, folder, game)
    return out, findings


CHAPTERS = "rulebook-chapters"  # ValidatedGame.shared: the chapters as validation rendered them, and what they read


def _fingerprint(folder: Path) -> tuple:
    """What rendered chapters were made from on disk: each template's name, size and time of last change."""
    if not folder.is_dir():
        return ()
    return tuple((p.name, st.st_size, st.st_mtime_ns) for p in sorted(folder.iterdir())
                 if p.suffix in (".md", ".j2") for st in (p.stat(),))


def book_chapters(game) -> tuple[list[tuple[Path, str]], list[Finding]]:
    """``render_chapters`` in the game's own scope (deps.content_scope), rendered once per validated game.
    ``game``: a ValidatedGame, or a ReadLog of one (printgen.deps; then what the chapters read is noted in it).

    Validation renders the chapters through a ReadLog of its own, to know what they read, and hands them on
    with the game (``shared``) to the build's workers: each rulebook (one per paper) takes them, noting the same
    reads, instead of rendering them again (about a tenth of a second a book; issue 41). A template changed on
    disk since (its size or time) is rendered afresh; a book with findings is never handed on."""
    from ..deps import ReadLog, content_scope

    base = ReadLog.unwrapped(game)
    shared, folder = getattr(base, "shared", None), template_dir(base)
    handed = shared.get(CHAPTERS) if isinstance(shared, dict) else None
    if handed is not None and folder is not None and handed[0] == _fingerprint(folder):
        if isinstance(game, ReadLog):
            game.note(handed[2])
        return list(handed[1]), []
    if isinstance(game, ReadLog) or not isinstance(shared, dict) or folder is None:
        return render_chapters(game, content_scope(game))
    log = ReadLog(base)
    before = _fingerprint(folder)
    chapters, found = render_chapters(log, content_scope(log))
    if found:  # reported from the game itself, as they always were (a ReadLog's proxies stay out of the messages)
        return render_chapters(game, content_scope(game))
    shared[CHAPTERS] = (before, tuple(chapters), log.reads)
    return chapters, found
