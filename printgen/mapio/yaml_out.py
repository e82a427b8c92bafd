"""Writing an imported map's YAML safely: every value a map file brings (its name, author, glyph
letters, file name) is untrusted text. Values go through the YAML emitter only (never pasted into
the text), a comment line shows a name with its line breaks and control characters escaped, a name
loses the characters a game may not print, and the text is read back and compared with what was
meant before anything is written (issue 36, item 3)."""

from __future__ import annotations

import unicodedata

import yaml



def comment_text(value: str) -> str:
    """``value`` for one YAML comment line: nothing in it can end the line or start another (line
    breaks of every kind, NUL, ESC and other unprintable characters show as ``\\u....``)."""
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in value)


def clean_name(value: str, *, limit: int | None = None) -> tuple[str, bool]:
    """A name a game can print: control and other unprintable characters (line breaks, NUL, ESC,
    U+2028) become spaces, runs of spaces one, a word longer than the game's word-length limit
    broken, ends trimmed, at most ``limit`` characters (default: the name-length limit).
    Returns (the name, whether it changed)."""
    from ..limits import limit as game_limit

    limit = int(game_limit("name-length")) if limit is None else limit
    word_chars = int(game_limit("word-length"))
    out = "".join(ch if ch.isprintable() and unicodedata.category(ch) != "Co" else " " for ch in value)
    words = []
    for word in out.split():
        words += [word[i:i + word_chars] for i in range(0, len(word), word_chars)]
    out = " ".join(words)[:limit].strip()
    return out, out != value


def dump(doc: dict) -> str:
    """``doc`` as YAML text: multi-line text as literal blocks where the emitter allows them, anything
    else quoted and escaped as the emitter decides."""

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper, value: str):
        style = "|" if "\n" in value and _block_safe(value) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(doc, Dumper=Dumper, sort_keys=False, default_flow_style=None, width=120, allow_unicode=True)


def _block_safe(value: str) -> bool:
    """A literal block holds only printable characters and plain line breaks (the emitter falls back
    to a quoted scalar otherwise, but say so here rather than rely on it)."""
    return all(ch == "\n" or ch.isprintable() for ch in value)


def yaml_text(head_lines: list[str], doc: dict) -> str:
    """The file's text: comment lines (each escaped) then ``doc``. Raises ValueError when the text
    does not read back as exactly ``doc`` (so a file that says something else is never written)."""
    head = "".join(f"# {comment_text(line)}\n" for line in head_lines)
    text = head + dump(doc)
    again = yaml.safe_load(text)
    if again != doc:
        raise ValueError("the YAML written does not read back as the map imported")
    return text
