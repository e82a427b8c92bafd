"""A translated edition of a game: the same game with its printed texts in another language, built as a
game of its own (id ``<id>-<lang>``, so it gets its own output folder, kit, gallery entry and rulebook).

The game's loaded data is copied with each printed text (editions/catalogue.py) replaced by its
translation, and validated again from there: every check (terms, keywords with their numbers, glyphs
against the fonts, each layout's text fit) runs on the language's own texts. A finding about a
translated text points at its catalogue line (``TranslatedSource.loc``); the layout element is in its
message. A text with no translation prints in the source language, and a warning counts them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..findings import Finding, Location, error, sort_findings, warning
from ..load.game_folder import GAME_FILE, GameSource, display_path
from .catalogue import layout_texts, paragraphs, printed_text
from .po import LOCALES, Translation, catalogue_files, language_problem, read_catalogue


@dataclass(frozen=True)
class Edition:
    """A language and its translations (msgid -> msgstr): plain data, so a build worker is handed it."""

    lang: str
    texts: tuple[tuple[str, str], ...] = ()
    places: tuple[tuple[str, Location], ...] = ()  # msgid -> its msgstr's place in the catalogue

    @property
    def table(self) -> dict[str, str]:
        return dict(self.texts)

    def place_in_chapter(self, text: str, snippet: str) -> Location | None:
        """The msgstr line of the translated paragraph of chapter ``text`` (the source's Markdown) that
        holds ``snippet`` (a line or a character of the translated chapter), or None when no translation
        of this chapter holds it: what a translation breaks is shown where the translation is written."""
        snippet = snippet.strip()
        if not snippet:
            return None
        table, places = self.table, dict(self.places)
        for _, para in paragraphs(text):
            if para in table and snippet in table[para] and para in places:
                return places[para]
        return None

    def chapter(self, text: str) -> str:
        """A rulebook chapter's Markdown with each translated paragraph in place."""
        table = self.table
        for _, para in paragraphs(text):
            if para in table:
                text = text.replace(para, table[para], 1)
        return text

    def layouts(self, layouts: dict) -> dict:
        """Layouts with their own texts translated (copies: the cached layouts stay the source's)."""
        table = self.table
        if not any(t in table for t, _ in layout_texts(layouts)):
            return layouts

        def el_copy(el):
            args = dict(el.args)
            if isinstance(args.get("text"), str):
                args["text"] = table.get(args["text"], args["text"])
            if isinstance(args.get("paragraphs"), list):
                args["paragraphs"] = [{**p, "text": table.get(p.get("text"), p.get("text"))}
                                      if isinstance(p, dict) and isinstance(p.get("text"), str) else p
                                      for p in args["paragraphs"]]
            return replace(el, args=args, children=tuple(el_copy(c) for c in el.children))

        return {name: replace(lay, elements=tuple(el_copy(e) for e in lay.elements)) for name, lay in layouts.items()}


@dataclass
class TranslatedSource(GameSource):
    """A game's loaded data with its texts translated; a translated value is located at its msgstr line."""

    moved: dict = field(default_factory=dict)  # data path (as written) -> Location in the catalogue

    def _moved(self, path: tuple, raw: bool) -> Location | None:
        return self.moved.get(tuple(path) if raw else self.raw_path(tuple(path)))

    def loc(self, path: tuple, *, key: bool = False, raw: bool = False) -> Location:
        hit = None if key else self._moved(path, raw)
        return hit if hit is not None else super().loc(path, key=key, raw=raw)

    def text_loc(self, path: tuple, row: int, col: int, *, raw: bool = False) -> Location:
        hit = self._moved(path, raw)
        return hit if hit is not None else super().text_loc(path, row, col, raw=raw)

    def offset_loc(self, path: tuple, offset: int, *, raw: bool = False) -> Location:
        hit = self._moved(path, raw)
        return hit if hit is not None else super().offset_loc(path, offset, raw=raw)


def _set(data: Any, path: tuple, value: Any) -> None:
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def game_languages(game) -> list[tuple[str, Location]]:
    """game.yaml's ``languages:``, each with its place."""
    langs = getattr(game.data.game, "languages", None) or [] if game.data is not None else []
    return [(lang, game.source.loc(("game", "languages", i))) for i, lang in enumerate(langs)]


def edition_game(game, lang: str, where: Location, *, project=None):
    """``game`` (validated, clean) in language ``lang``: a ValidatedGame of its own, with every finding of
    the language (a bad code or catalogue is an error, and nothing of any game is written)."""
    from ..check.validate import ValidatedGame, check_source
    from ..registry import asset_findings

    problem = language_problem(lang)
    if problem:
        return ValidatedGame(folder=_nowhere(game, lang), findings=[error("language", problem, where)])
    files = catalogue_files(game.folder, lang)
    if not files:
        return ValidatedGame(folder=_nowhere(game, lang), findings=[error(
            "language", f"no catalogue for '{lang}': add {display_path(Path(game.folder) / LOCALES / lang)}/"
            f"messages.po (printgen i18n extract writes the template to translate)", where)])
    table, found = read_catalogue(game.folder, lang)
    if any(f.is_error for f in found):
        return ValidatedGame(folder=_nowhere(game, lang), findings=sort_findings(found))
    src = game.source
    data = copy.deepcopy(src.data)
    moved: dict[tuple, Location] = {}
    missing = total = 0
    for path, text in [(p, v) for p, v in src.values() if printed_text(p, v)]:
        total += 1
        t: Translation | None = table.get(text)
        if t is None:
            missing += 1
            continue
        _set(data, path, t.text)
        moved[path] = t.loc
    data["game"] = {**data["game"], "id": f"{game.game_id}-{lang.lower().replace('_', '-')}"}
    source = TranslatedSource(folder=src.folder, data=data, documents=src.documents, origin=src.origin,
                              kind_docs=src.kind_docs, game_doc=src.game_doc, moved=moved)
    out = check_source(game.folder, source, [])
    out.templates = game.templates
    out.edition = Edition(lang, tuple(sorted((k, v.text) for k, v in table.items())),
                          tuple(sorted(((k, v.loc) for k, v in table.items()), key=lambda kv: kv[0])))
    if out.data is not None:
        found += asset_findings(out)
    data_ids = {text for p, text in src.values() if printed_text(p, text)}
    found += _glyphs([t for k, t in table.items() if k not in data_ids])  # the data's are checked with it
    lost, all_ = _missing_elsewhere(game, table)
    missing, total = missing + lost, total + all_
    if missing:
        found.append(warning("untranslated", f"{lang}: {missing} of {total} printed texts have no translation in "
                             f"{display_path(files[0].parent)}/ and print in the source language; "
                             "printgen i18n extract lists them all", Location(display_path(files[0]), 1, 1)))
    out.findings = sort_findings(out.findings + found)
    return out


def _glyphs(translations: list[Translation]) -> list[Finding]:
    """A layout's or the rulebook's translated text with a character the bundled fonts lack (a game's own
    font is checked as its layout draws)."""
    from ..draw.fonts import missing_glyphs

    out = []
    for t in translations:
        missing = missing_glyphs(t.text)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing[:5])
            out.append(error("missing-glyph", f"the bundled fonts cannot print {chars} of this translation; use "
                             "another character, or a game font that has it (game.yaml fonts:)", t.loc))
    return out


def _nowhere(game, lang: str) -> Path:
    """The folder an edition that could not be made is reported under (its name is its id: no clash)."""
    return Path(game.folder) / LOCALES / f"{game.game_id}-{lang}"


def _missing_elsewhere(game, table: dict) -> tuple[int, int]:
    """(untranslated, all) of the layouts' own texts and the rulebook's paragraphs."""
    from ..layout.game_layouts import game_layouts
    from ..rulebook.templates import chapter_files, template_dir

    texts = [t for t, _ in layout_texts(game_layouts(game)[0])]
    folder = template_dir(game)
    for path in chapter_files(folder) if folder is not None else ():
        texts += [p for _, p in paragraphs(path.read_text(encoding="utf-8", errors="replace"))]
    from ..publish.kit import KIT_TEXTS

    texts = list(dict.fromkeys(texts + list(KIT_TEXTS)))
    return sum(t not in table for t in texts), len(texts)


def editions_of(game, langs: list[str] | tuple[str, ...] = (), *, project=None) -> list:
    """``game`` and each of its editions: game.yaml's ``languages:`` and ``langs`` (from the command line),
    once each. A game that did not validate has no editions (its findings come first)."""
    if not game.ok() or game.data is None:
        return [game]
    wanted = game_languages(game) + [(lang, Location("--lang")) for lang in langs]
    seen: dict[str, Location] = {}
    for lang, where in wanted:
        seen.setdefault(lang, where)
    return [game] + [edition_game(game, lang, where, project=project) for lang, where in seen.items()]


__all__ = ["Edition", "TranslatedSource", "edition_game", "editions_of", "GAME_FILE"]
