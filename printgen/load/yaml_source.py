"""Safe YAML loading that keeps the file, line and column of every value.

PyYAML's safe loader is used only to compose nodes; the conversion to plain
Python data is ours, so that we can (1) record a Location for every value and
every mapping key, (2) reject duplicate keys, which PyYAML silently collapses,
and (3) stop alias bombs ("billion laughs") by counting expanded nodes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..findings import Finding, Location, error, quoted
from ..limits import LIMITS, limit
from .document import Document, Path_, packed_document

MAX_FILE_BYTES = 2 * 1024 * 1024  # a game's YAML is text written by hand; 2 MiB is plenty
MAX_NODES = 100_000  # expanded nodes per file; alias bombs blow far past this

_STR = "tag:yaml.org,2002:str"
class _TooManyNodes(Exception):
    def __init__(self, mark: yaml.Mark) -> None:
        self.mark = mark


_BINARY = "tag:yaml.org,2002:binary"
# The scalar tags PyYAML resolves by pattern, in the words a finding uses for them.
_TAG_WORDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "no value (~ or null)",
    "tag:yaml.org,2002:timestamp": "a date such as 2024-05-31",
}
_RESOLVER = yaml.resolver.Resolver()
_PATTERNS = {tag: rx for rxs in yaml.resolver.Resolver.yaml_implicit_resolvers.values() for tag, rx in rxs}


def _fits(tag: str, text: str) -> bool:
    """Whether ``text`` is what YAML 1.1 writes for ``tag`` (the resolver's own patterns; a float may also
    be anything Python reads as one, ``!!float 3`` or ``!!float 1e5``: float() itself says no to the rest)."""
    return tag == "tag:yaml.org,2002:float" or bool(_PATTERNS[tag].match(text))


def _loc(file: str, mark: yaml.Mark) -> Location:
    return Location(file, mark.line + 1, mark.column + 1)


class _Converter:
    def __init__(self, file: str, lines: list[str] | None = None, *, release: bool = False) -> None:
        self.file = file
        # With no alias every node is reached once, so each is let go as soon as it is read: the data
        # grows as the composed tree shrinks (a file of 99,000 values: 100 -> 60 MB at the peak).
        self.release = release
        self.lines = lines or []  # to tell an explicit tag (``!!int abc``) from a resolved one (``2001-13-45``)
        self.count = 0
        self.doc_values: dict[Path_, tuple[int, int]] = {}  # (line, col) from 1 of each value and key
        self.doc_keys: dict[Path_, tuple[int, int]] = {}
        self.styles: dict[Path_, str] = {}
        self.findings: list[Finding] = []
        self.constructor = yaml.constructor.SafeConstructor()

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if len(path) == 1:
            self.top_mark = node.start_mark  # blame the top-level entry that blows up
        if self.count > MAX_NODES:
            raise _TooManyNodes(getattr(self, "top_mark", node.start_mark))
        if path not in self.doc_values:
            mark = node.start_mark
            self.doc_values[path] = (mark.line + 1, mark.column + 1)  # a Location when read (LazyDocument)
        if isinstance(node, yaml.ScalarNode):
            if node.style:
                self.styles[path] = node.style
            if node.tag == _STR:
                return node.value  # most scalars are text: what the constructor would return, without it
            value, problem = self._scalar(node)
            if problem:
                self.findings.append(problem)
            return value
        if node.tag not in ("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"):
            self.findings.append(error("yaml-value", f"the tag {node.tag} is not allowed in game data; remove it",
                                       _loc(self.file, node.start_mark)))
            return None
        if isinstance(node, yaml.SequenceNode):
            if not self.release:
                return [self.convert(child, path + (i,)) for i, child in enumerate(node.value)]
            items, out = node.value, []
            for i in range(len(items)):
                child, items[i] = items[i], None
                out.append(self.convert(child, path + (i,)))
            return out
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        raise TypeError(node)  # pragma: no cover - composer yields only these three

    def _scalar(self, node: yaml.ScalarNode) -> tuple[Any, Finding | None]:
        """A scalar's value, or (None, a yaml-value finding). PyYAML's constructors assume the text fits
        its tag (``!!int abc`` is a ValueError, ``!!bool maybe`` a KeyError, ``!!timestamp nope`` an
        AttributeError, ``!!null x`` silently None), so the text is checked against the tag first."""
        where = _loc(self.file, node.start_mark)
        line = self.lines[node.start_mark.line] if node.start_mark.line < len(self.lines) else ""
        # tagged by hand (``!!int abc``, ``&a !!int abc``) unless it is plain text YAML resolves to its tag itself
        explicit = (line[node.start_mark.column:node.start_mark.column + 1] == "!"
                    or _RESOLVER.resolve(yaml.ScalarNode, node.value, (True, False)) != node.tag)
        short = node.tag.replace("tag:yaml.org,2002:", "!!")
        if node.tag == _BINARY:
            return None, error("yaml-value", "binary data (!!binary) has no place in game data, which is text and "
                               "numbers; remove the tag and write the value as text", where)
        what = _TAG_WORDS.get(node.tag)
        reason = ""
        if what is None or _fits(node.tag, node.value):
            try:
                return self.constructor.construct_object(node, deep=True), None
            except yaml.constructor.ConstructorError as exc:
                return None, error("yaml-value", f"cannot read this value: {exc.problem}", where)
            # PyYAML's own conversions (float(), datetime()) raise these for text the pattern let through
            except (ValueError, KeyError, AttributeError, IndexError, TypeError, OverflowError) as exc:
                if node.tag == "tag:yaml.org,2002:timestamp":  # "month must be in 1..12" helps; others repeat the value
                    reason = f" ({str(exc).splitlines()[0][:60]})" if str(exc) else ""
                what = what or "a value of that kind"
        if explicit:
            return None, error("yaml-value", f"{quoted(node.value)} is tagged {short}, which needs {what}{reason}; "
                               "correct the value or remove the tag", where)
        return None, error("yaml-value", f"YAML reads {quoted(node.value)} as {what}, but it is not one{reason}; "
                           "correct it, or put it in quotes to make it text", where)

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict:
        out: dict[str, Any] = {}
        first_seen: dict[str, int] = {}  # key -> its line (not its node, which may be let go)
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        for at in range(len(node.value)):
            key_node, value_node = node.value[at]
            if self.release:
                node.value[at] = None
            if key_node.tag == "tag:yaml.org,2002:merge":
                merged.append((key_node, value_node))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.findings.append(
                    error("yaml-key", "a mapping key must be plain text, not a list or mapping",
                          _loc(self.file, key_node.start_mark))
                )
                continue
            key, problem = (key_node.value, None) if key_node.tag == _STR else self._scalar(key_node)
            if problem:
                self.findings.append(problem)
                continue
            if not isinstance(key, str):
                key = str(key) if not isinstance(key, bool) else key_node.value
            if key in first_seen:
                first = first_seen[key]
                self.findings.append(
                    error(
                        "duplicate-key",
                        f"duplicate key '{key}' (first defined on line {first}); YAML would silently keep only "
                        "the last one, so remove or rename one of them",
                        _loc(self.file, key_node.start_mark),
                    )
                )
                continue
            first_seen[key] = key_node.start_mark.line + 1
            mark = key_node.start_mark
            self.doc_keys[path + (key,)] = (mark.line + 1, mark.column + 1)
            out[key] = self.convert(value_node, path + (key,))
        # "<<: *anchor" merge keys: explicit keys win, as in YAML 1.1.
        for key_node, value_node in merged:
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for src in sources:
                if not isinstance(src, yaml.MappingNode):
                    self.findings.append(
                        error("yaml-merge", "'<<' must merge a mapping", _loc(self.file, key_node.start_mark))
                    )
                    continue
                for k, v in self._mapping(src, path).items():
                    out.setdefault(k, v)
        return out


def _tab_findings(file: str, lines: list[str]) -> list[Finding]:
    found = []
    for i, line in enumerate(lines):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            found.append(
                error(
                    "yaml-tab",
                    "tab character in indentation; YAML indents with spaces only, so replace the tab with spaces",
                    Location(file, i + 1, indent.index("\t") + 1),
                )
            )
    return found


# libyaml when it is there: the same nodes, marks and tags several times faster. A file it cannot
# read is read again by the pure-Python loader, whose messages the findings quote.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)


def _prescan(text: str, file: str, loader=yaml.SafeLoader) -> tuple[Finding | None, bool]:
    """(a finding when lists and mappings nest deeper than the limit, or when the file as written holds
    more than MAX_NODES values; whether the file has an alias). Checked on the event stream, which is flat and streamed: before the
    recursive composer could overflow the stack, and before a big file is composed into nodes at all
    (a 1.9 MB file of 100,000 values took 260 MB to compose and convert, only to be refused)."""
    most = int(limit("nesting"))
    stack: list[list] = []  # per open collection: [is a mapping, nodes seen in it] (to tell keys from values)
    values = 0
    aliased = False
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, _NODE_EVENTS):
            aliased = aliased or isinstance(event, yaml.AliasEvent)
            top = stack[-1] if stack else None
            is_key = top is not None and top[0] and top[1] % 2 == 0
            if top is not None:
                top[1] += 1
            if not is_key:
                values += 1
                if values > MAX_NODES:
                    return error("yaml-too-large", f"this file holds more than {MAX_NODES:,} values (the next one "
                                 "is here); game data is far smaller, so split it across files",
                                 _loc(file, event.start_mark)), aliased
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                stack.append([isinstance(event, yaml.MappingStartEvent), 0])
                if len(stack) > most:
                    return error(LIMITS["nesting"].code, f"lists and mappings nest more than {most} levels deep "
                                 "here; game data never needs that many", _loc(file, event.start_mark)), aliased
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            stack.pop()
    return None, aliased


def _plain_syntax_error(exc: yaml.MarkedYAMLError) -> tuple[yaml.Mark, str, str] | None:
    """The two syntax errors a newcomer makes most, in their words and at their place, or None for PyYAML's
    own: a line indented less than the keys of its item (PyYAML: "expected <block end>, but found '?'"),
    and a quote never closed (PyYAML: "unexpected end of stream" at the end of the file, not the quote)."""
    problem, context = exc.problem or "", exc.context or ""
    if exc.problem_mark and problem.startswith("expected <block end>, but found") and "block" in context:
        item = problem.endswith("'-'")
        found, fix = (("a list item ('- ')", "with the '-' of the other items of its list") if item else
                      ("a key", "with the other keys of its item"))
        return (exc.problem_mark, f"{found} here is indented differently from the lines above it",
                f"line it up {fix}: YAML reads the structure from the indentation alone")
    if exc.context_mark and "end of stream" in problem and "quoted scalar" in context:
        return (exc.context_mark, "this quote is never closed",
                "end the text with the same quote it starts with; YAML read the rest of the file as this text")
    return None


def load_yaml_text(text: str, *, file: str) -> tuple[Document | None, list[Finding]]:
    """Parse YAML text; returns (document or None, findings). Never raises for bad input."""
    lines = text.splitlines()
    tabs = _tab_findings(file, lines)
    if tabs:
        return None, tabs[:1] + ([] if len(tabs) == 1 else [
            error("yaml-tab", f"{len(tabs) - 1} more lines are indented with tabs", tabs[1].loc)])
    try:
        try:
            deep, aliased = _prescan(text, file, FAST_LOADER)
            node = yaml.compose(text, Loader=FAST_LOADER) if deep is None else None
        except yaml.YAMLError:
            if FAST_LOADER is yaml.SafeLoader:
                raise
            deep, aliased = _prescan(text, file)  # again, for the pure-Python loader's words and places
            node = yaml.compose(text, Loader=yaml.SafeLoader) if deep is None else None
        if deep is not None:
            return None, [deep]
    except yaml.MarkedYAMLError as exc:
        plain = _plain_syntax_error(exc)
        if plain is not None:
            mark, words, hint = plain
            return None, [error("yaml-syntax", f"YAML syntax error: {words}", _loc(file, mark), hint=hint)]
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "syntax error"
        context = f" ({exc.context})" if exc.context else ""
        loc = _loc(file, mark) if mark else Location(file)
        return None, [error("yaml-syntax", f"YAML syntax error: {problem}{context}", loc,
                            hint="check the indentation and quoting on this line and the one before")]
    except yaml.YAMLError as exc:  # reader errors: control characters and the like
        mark = getattr(exc, "problem_mark", None)
        line = col = 0
        if hasattr(exc, "position") and isinstance(getattr(exc, "position"), int):
            before = text[: exc.position]
            line = before.count("\n") + 1
            col = len(before) - (before.rfind("\n") + 1) + 1
        elif mark is not None:
            line, col = mark.line + 1, mark.column + 1
        return None, [error("yaml-syntax", f"YAML cannot read this file: {exc}".splitlines()[0],
                            Location(file, max(line, 1), max(col, 1)))]
    if node is None:
        return Document(data=None, file=file, lines=lines), []
    conv = _Converter(file, lines, release=not aliased)
    try:
        data = conv.convert(node, ())
    except _TooManyNodes as exc:
        return None, [error(
            "yaml-too-large",
            # the file as written holds at most MAX_NODES values (the prescan): its aliases made the rest
            f"this file's aliases (*name) expand it to more than {MAX_NODES:,} values, an alias/anchor bomb; "
            "printgen refuses to load it",
            _loc(file, exc.mark),
        )]
    except RecursionError:
        return None, [error("yaml-too-deep", "this file nests too deeply to be game data", Location(file, 1, 1))]
    doc = packed_document(data, file, conv.doc_values, conv.doc_keys, conv.styles, lines)
    return doc, conv.findings


def load_yaml_file(path: Path, *, display: str | None = None) -> tuple[Document | None, list[Finding]]:
    """Read and parse one YAML file (size-limited, UTF-8). Never raises for bad input."""
    file = display or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [error(
                "file-too-large",
                f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes. Split the data across files",
                Location(file, 1, 1),
            )]
        raw = path.read_bytes()
    except OSError as exc:
        return None, [error("file-unreadable", f"cannot read file: {exc.strerror}", Location(file))]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        return None, [error("file-encoding", f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
                            Location(file, line, col))]
    return load_yaml_text(text, file=file)
