"""What a target depends on, recorded as it renders, and the digest of those inputs.

A renderer sees the validated game through a ``ReadLog``: every content kind it
touches (``data.classes``), every game setting (``game.hex``), the rule numbers,
the templates folder, or the game folder itself is noted as a *read key*. A
target's digest is printgen's code digest plus, for each read key, the parsed
value it names (JSON of the typed data, never the YAML bytes, so a comment or
keys written in another order change nothing), or the bytes of the files it
names (templates, art). The build stores the keys beside the digest; the next
build hashes the same keys over the new data and renders the target again only
when the digest differs. That is never stale: if none of the values a render
read has changed, the same render reads the same values and draws the same
bytes (renders are deterministic).

Anything the log cannot name precisely (a method of the data model, an
unknown attribute of the game) is recorded as ``*``: every input of the game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_jsonable_python

from .code_digest import code_digest
from .safety.paths import confined_files

EVERYTHING = "*"
# ValidatedGame attributes that say nothing about what is drawn (or are code, covered by the code digest).
_FREE = {"pack", "findings", "ok", "key", "shared"}


class _Log:
    """Shared by the proxies of one render: the read keys, in a set."""

    def __init__(self) -> None:
        self.keys: set[str] = set()


class _Proxy:
    """Passes attribute reads through to a pydantic model, noting ``prefix.<field>`` for each field read.
    Equality, hashing and isinstance see the model itself."""

    __slots__ = ("_real", "_log", "_prefix", "_nested")

    def __init__(self, real: BaseModel, log: _Log, prefix: str, nested: frozenset[str] = frozenset()) -> None:
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_log", log)
        object.__setattr__(self, "_prefix", prefix)
        object.__setattr__(self, "_nested", nested)  # fields whose value is itself logged field by field

    def __getattr__(self, name: str) -> Any:
        real, log, prefix = self._real, self._log, self._prefix
        value = getattr(real, name)
        if name in type(real).model_fields:
            if name in self._nested and isinstance(value, BaseModel):
                return _Proxy(value, log, f"{prefix}.{name}")
            log.keys.add(f"{prefix}.{name}")
        else:  # a method or computed property: it may read any field
            log.keys.add(prefix)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the game's data is read-only while it renders")

    @property
    def __class__(self):  # isinstance(proxy, Content) holds
        return type(self._real)

    def __eq__(self, other: Any) -> bool:
        return self._real == (other._real if isinstance(other, _Proxy) else other)

    def __hash__(self) -> int:
        return hash(self._real)

    def __repr__(self) -> str:
        return repr(self._real)


class _Kind(Sequence):
    """A content kind in a template's or layout's scope: looked up (and logged) only when it is used."""

    __slots__ = ("_get",)

    def __init__(self, get: Callable[[], list]) -> None:
        self._get = get

    @property
    def __class__(self):  # isinstance(kind, list) holds, as for the list itself
        return list

    def __getitem__(self, i):
        return self._get()[i]

    def __getattr__(self, name: str) -> Any:  # a kind that is one record (HexPrint's looks), not a list
        return getattr(self._get(), name)

    def __bool__(self) -> bool:
        return bool(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self):
        return iter(self._get())

    def __eq__(self, other: Any) -> bool:
        return self._get() == other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self._get())


class _Source:
    """The game's YAML source as a renderer sees it: locating a finding reads nothing; anything else
    (the raw data) depends on the YAML as written."""

    __slots__ = ("_real", "_log")

    def __init__(self, real, log: _Log) -> None:
        self._real, self._log = real, log

    def __getattr__(self, name: str) -> Any:
        if name not in ("loc", "text_loc"):
            self._log.keys.add("source")
        return getattr(self._real, name)


class _Templates:
    """The game's templates folder as a renderer sees it: ``templates / "rulebook"`` depends on the files
    under ``rulebook/`` alone; anything else done with the folder, on all of it."""

    __slots__ = ("_real", "_log")

    def __init__(self, real: Path, log: _Log) -> None:
        self._real, self._log = real, log

    def __truediv__(self, part) -> Path:
        head = Path(part).parts[0] if Path(part).parts else ""
        self._log.keys.add(f"templates/{head}" if _SUB.fullmatch(head) else "templates")
        return self._real / part

    def __getattr__(self, name: str) -> Any:
        self._log.keys.add("templates")
        return getattr(self._real, name)

    def __fspath__(self) -> str:
        self._log.keys.add("templates")
        return os.fspath(self._real)

    def __str__(self) -> str:
        return self.__fspath__()


def content_scope(game) -> dict[str, Any]:
    """What templates and layouts see: every content kind by name, ``data``, ``game`` (the settings) and
    ``rules``. Under a ReadLog each kind is looked up only when something uses it, so a template or
    layout depends on the kinds it shows, not on every kind in scope."""
    data = game.data
    kinds = data.__class__.model_fields
    if isinstance(game, ReadLog):
        scope: dict[str, Any] = {kind: _Kind(lambda kind=kind: getattr(data, kind)) for kind in kinds}
    else:
        scope = {kind: getattr(data, kind) for kind in kinds}
    scope.update(data=data, game=data.game, rules=game.rules)
    return scope


def uncovered(keys: Iterable[str]) -> list[str]:
    """``keys`` sorted, less those another of them covers: ``*`` covers every key, ``data.game`` covers
    ``data.game.hex``, ``templates`` covers ``templates/layouts`` (a digest of the whole covers its parts).
    A target then records the same reads whether or not its worker kept something from an earlier target
    (the terrain, a face) that read the parts once before: its build record does not change with scheduling."""
    keys = set(keys)
    if EVERYTHING in keys:
        return [EVERYTHING]
    return sorted(k for k in keys if not any(ch in "./" and k[:i] in keys for i, ch in enumerate(k)))


class ReadLog:
    """A ValidatedGame as a renderer sees it: attribute reads pass through and are noted.

    ``game.data`` is a proxy noting ``data.<kind>`` per content kind and ``data.game.<setting>`` per
    game.yaml setting; ``rules.<number>`` per rule number; ``templates/<folder>`` the files under it, ``folder`` the game's files that are not
    YAML (art, fonts: ART), ``source`` the YAML as written (locating a finding excepted).
    """

    def __init__(self, game) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_log", _Log())

    @property
    def reads(self) -> list[str]:
        """What was read, sorted, less the keys another of them covers (``uncovered``)."""
        return uncovered(self._log.keys)

    def __getattr__(self, name: str) -> Any:
        game, log = self._game, self._log
        value = getattr(game, name)
        if name == "data" and value is not None:
            return _Proxy(value, log, "data", nested=frozenset({"game"}))
        if name == "rules" and isinstance(value, BaseModel):
            return _Proxy(value, log, "rules")
        if name == "source" and value is not None:
            return _Source(value, log)
        if name == "templates" and value is not None:
            return _Templates(value, log)
        if name == "game_id":
            log.keys.add("data.game.id")
        elif name == "edition":  # a translated edition's catalogue (printgen.editions): the rulebook, layouts
            if value is not None:  # a source game has none, ever: an edition is a game (an id) of its own
                log.keys.add("edition")
        elif name in ("templates", "folder", "rules", "source"):
            log.keys.add(name)
        elif name not in _FREE:
            log.keys.add(EVERYTHING)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the game is read-only while it renders")

    def note(self, keys) -> None:
        """Record ``keys`` as read: what a drawing made once before, from the same game, read."""
        self._log.keys.update(keys)

    @staticmethod
    def unwrapped(game):
        """The ValidatedGame itself, whether ``game`` is one or a ReadLog of one."""
        return game._game if isinstance(game, ReadLog) else game


# --- digests --------------------------------------------------------------------

def _json_digest(value: Any) -> str:
    # Dict order is kept (a legend's order may be drawn); model fields come in the model's order,
    # whatever order the YAML wrote them in.
    text = json.dumps(to_jsonable_python(value), separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


YAML = (".yaml", ".yml")
SHEETS = (".csv", ".xlsx", ".xlsm", ".ods")  # spreadsheet sources hold data as YAML does (load/sheet_read.py)
# The files of a game folder besides its data that a render may draw: fonts and art.
ART = (".ttf", ".otf", ".png", ".jpg", ".jpeg", ".svg", ".webp", ".gif")


def _files_digest(root: Path | None, keep=lambda p: True, *, within: Path | None = None) -> str:
    """The digest of the files under ``root`` that stay inside ``within`` (default ``root``): a linked
    ``templates/layouts/`` leading out of the templates folder is not read, even to hash it."""
    h = hashlib.sha256()
    if root is not None and root.is_dir():
        for p in sorted(p for p in confined_files(root, recursive=True, within=within) if keep(p)):
            h.update(str(p.relative_to(root)).encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def _lookup(game, key: str) -> Any:
    """The value a read key names, for hashing."""
    if key == "rules":
        return game.rules
    if key == "data":
        return {k: getattr(game.data, k) for k in type(game.data).model_fields}
    obj = game
    for part in key.split("."):
        obj = getattr(obj, part, None)
    return obj


class Digests:
    """Digests of read keys over one validated game, each computed once."""

    def __init__(self, game) -> None:
        self.game = game
        self._memo: dict[str, str] = {}

    def key(self, key: str) -> str:
        if key not in self._memo:
            if key == EVERYTHING:
                self._memo[key] = hashlib.sha256(
                    "".join(self.key(k) for k in ("data", "rules", "templates", "folder", "source", "edition")).encode()
                ).hexdigest()
            elif key == "edition":  # its language and translations: plain strings
                self._memo[key] = hashlib.sha256(repr(getattr(self.game, "edition", None)).encode()).hexdigest()
            elif key == "templates":
                self._memo[key] = _files_digest(self.game.templates)
            elif key.startswith("templates/"):  # one folder of the templates: rulebook/, layouts/
                root = self.game.templates
                self._memo[key] = _files_digest(root / key.partition("/")[2] if root is not None else None,
                                                within=root)
            elif key == "folder":  # art, fonts: what is not data (the data is read as parsed values)
                self._memo[key] = _files_digest(self.game.folder, lambda p: p.suffix.lower() in ART)
            elif key == "source":  # the YAML (and spreadsheets) as written, positions and all
                self._memo[key] = _files_digest(self.game.folder, lambda p: p.suffix in YAML
                                                or p.suffix.lower() in SHEETS)
            else:
                try:
                    self._memo[key] = _json_digest(_lookup(self.game, key))
                except (TypeError, ValueError, PydanticSerializationError):  # not plain data: never up to date
                    self._memo[key] = f"unhashable {key} {id(self)}"
        return self._memo[key]

    def of(self, reads: Iterable[str], *, ident: str) -> str:
        """The digest of a target named ``ident`` that read ``reads``."""
        h = hashlib.sha256(f"{code_digest()}\0{ident}".encode())
        for key in sorted(set(reads)):
            h.update(f"\0{key}={self.key(key)}".encode())
        return h.hexdigest()[:24]

    def whole(self) -> str:
        """Everything the game is made of (data as parsed, rules, templates, art, code)."""
        return self.of([EVERYTHING], ident="game")


_SUB = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")  # a folder name under templates/ (no "..")
_KEY = re.compile(r"\*|edition|templates(/[A-Za-z0-9_][A-Za-z0-9_.-]*)?|folder|source|rules(\.[a-z][a-z0-9_]*)?|data(\.game)?(\.[a-z][a-z0-9_]*)?")


def valid_reads(reads: Any) -> bool:
    """Is ``reads`` (from a manifest on disk, so untrusted) a list of read keys this module makes?"""
    return isinstance(reads, list) and all(isinstance(k, str) and _KEY.fullmatch(k) for k in reads)
