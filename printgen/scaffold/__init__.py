"""``printgen new``: a small game of the designer's own that validates clean and builds.

Each system has a starting game in this folder (``custom`` declares its kinds and draws its cards from
layouts; the rule-pack systems bring a little data of their kind). The new game gets its own id and name,
a two-chapter rulebook and, for a pack game, copies of the pack's layouts in ``templates/layouts/`` to edit.
Nothing is written into a folder that already holds files.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SYSTEMS: dict[str, Path] = {p.name: p for p in sorted(HERE.iterdir()) if p.is_dir() and not p.name.startswith("_")}
RULEBOOK = HERE / "_rulebook"


class ScaffoldError(ValueError):
    """The folder cannot take a new game; the message says why."""


def game_id(folder: Path) -> str:
    """An id from the folder's name: lower-case letters, digits and dashes."""
    from ..limits import limit

    ident = re.sub(r"[^a-z0-9]+", "-", folder.resolve().name.lower()).strip("-")
    return ident[:int(limit("id-length"))].strip("-") or "my-game"  # whatever new writes must validate


# The most characters of a name made from a folder's name: what the narrowest starting back (a Hexatech
# tile's, at its smallest type size) holds in capitals. A folder of any length then makes a game that
# validates; a longer name is the designer's to choose (--name, or game.yaml's name:).
TITLE_CHARS = 24


def _title_of(ident: str) -> str:
    """A name from an id, within the name and word limits a game's data is checked against and short
    enough for every starting card back (TITLE_CHARS): whole words while they fit."""
    from ..limits import limit

    most = min(int(limit("word-length")), TITLE_CHARS)
    words = [w[i:i + most] for w in ident.split("-") for i in range(0, len(w), most)]
    kept = words[:1]
    for w in words[1:]:
        if len(" ".join(kept + [w])) > TITLE_CHARS:
            break
        kept.append(w)
    return " ".join(kept).title()[:int(limit("name-length"))].strip()


def _yaml_text(text: str) -> str:
    """``text`` as a YAML scalar that reads back as the same text (quoted when it must be: ``A: B``)."""
    import json

    return text if re.fullmatch(r"[A-Za-z0-9][\w .'()-]*", text) and not text.endswith(" ") else json.dumps(text)


def new_game(*, folder: Path, system: str = "custom", name: str | None = None,
             notes: list[str] | None = None) -> list[Path]:
    """Write a new game of ``system`` into ``folder`` (created; it must be missing or empty). Returns the
    files written; ``notes`` (when given) gets a line when the name made from the folder was shortened to
    fit the card backs. Raises ScaffoldError (nothing written) when ``name`` does not fit them.

    Whatever new writes validates: the game is staged in a hidden folder beside ``folder``, validated,
    and moved into place only then."""
    import os
    import secrets
    import shutil

    if system not in SYSTEMS:
        raise ScaffoldError(f"unknown system '{system}'; choose one of {', '.join(SYSTEMS)}")
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(f"{folder} already exists and is not an empty folder; name a new folder")
    ident = game_id(folder)
    title = " ".join((name or _title_of(ident)).split())  # one line: it goes into YAML comments and a heading
    # hidden until the game validates: beside the new folder, or inside the empty one given (its parent may be
    # read-only, as the folder you are in may be); made as the folder would be (the umask's mode)
    stage = (folder / f".new-{secrets.token_hex(4)}" if folder.exists()
             else folder.parent / f".{ident}-new-{secrets.token_hex(4)}")
    try:
        stage.parent.mkdir(parents=True, exist_ok=True)
        stage.mkdir()
    except OSError as exc:
        raise ScaffoldError(f"cannot write the new game at {folder}: {exc.strerror or exc}") from None
    try:
        rels = _write(stage, _starting_files(system, ident, title))
        fits = _fitting_title(stage, system, ident, title, given=name is not None, shown=folder.name)
        if fits != title:
            if notes is not None:
                notes.append(f"note: the name {title!r} made from the folder's name does not fit the card backs; "
                             f"the game is named {fits!r} (change name: in game.yaml, or pass --name)")
        if stage.parent == folder:  # the folder was there, empty: the staged files move up into it
            for entry in sorted(stage.iterdir()):
                os.replace(entry, folder / entry.name)
            stage.rmdir()
        else:
            os.replace(stage, folder)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)  # the hidden folder this call made, and only it
        raise
    return [folder / rel for rel in rels]


def _starting_files(system: str, ident: str, title: str) -> dict[Path, bytes]:
    """The new game's files (relative path -> bytes): the system's starting game with its id and name."""
    files: dict[Path, bytes] = {}
    source = SYSTEMS[system]
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[path.relative_to(source)] = path.read_bytes()
    for rel in [p for p in files if p.suffix == ".yaml"]:
        # the game's id and name wherever a starting file says {{id}} / {{name}} (Jinja's own
        # ``{{ item.name }}`` has spaces, so a layout's expressions are left as they are)
        text = files[rel].decode()
        text = re.sub(r"^(name:\s*)\{\{name\}\}", lambda m: m.group(1) + _yaml_text(title), text, flags=re.M)
        files[rel] = text.replace("{{id}}", ident).replace("{{name}}", title).encode()
    if not any(p.parts[:2] == ("templates", "rulebook") and p.suffix == ".md" for p in files):  # theme.yaml alone
        for path in sorted(RULEBOOK.glob("*.md")):
            files[Path("templates", "rulebook", path.name)] = path.read_bytes()
    from ..packs import PACKS

    pack = PACKS.get(system)
    if pack is not None and pack.layouts is not None and pack.layouts.is_dir():
        for path in sorted(pack.layouts.glob("*.yaml")):
            files.setdefault(Path("templates", "layouts", path.name), path.read_bytes())
    return files


def _write(folder: Path, files: dict[Path, bytes]) -> list[Path]:
    for rel, data in files.items():
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return list(files)


def _overflows(folder: Path) -> list[str]:
    """The errors the staged game has (``code: message``): a starting game has none, so they are its name's
    (too wide for a card back, a word too long)."""
    from ..project import validate_game

    return [f"{f.code}: {f.message}" for f in validate_game(folder).findings if f.is_error]


def _fitting_title(stage: Path, system: str, ident: str, title: str, *, given: bool, shown: str) -> str:
    """``title`` if the staged game's card backs hold it, else (a name made from the folder) the longest
    shorter one that they hold: fewer words, then fewer letters, found by bisection (a validation each).
    Raises ScaffoldError for a name the designer gave that does not fit (naming the folder as ``shown``)."""
    problems = _overflows(stage)
    if not problems:
        return title
    if given:
        raise ScaffoldError(f"the name {title!r} does not fit the card backs of a {system} game, which the game "
                            f"would not validate with ({problems[0].replace(stage.name, shown)}); pass a shorter --name")
    words = title.split()
    shorter = [" ".join(words[:k]) for k in range(len(words) - 1, 0, -1)]
    shorter += [words[0][:k] for k in range(len(words[0]) - 1, 0, -1)]
    lo, hi, best = 0, len(shorter) - 1, shorter[-1] if shorter else title
    while lo <= hi:  # shorter[i] fits -> every later (shorter) one fits too
        mid = (lo + hi) // 2
        _write(stage, _starting_files(system, ident, shorter[mid]))
        if _overflows(stage):
            lo = mid + 1
        else:
            best, hi = shorter[mid], mid - 1
    _write(stage, _starting_files(system, ident, best))
    return best
