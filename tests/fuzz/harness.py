"""Hostile-input harness: mutate a bundled game's YAML, then validate and (when it validates) build.

Every case must end one of two ways: ``findings`` (errors, each at a file:line:col)
or ``built`` (every target rendered: PDF bytes, SVG pages that parse as XML). A
traceback, a hang (past ``TIMEOUT`` s), memory past ``MEMORY`` bytes or an
unlocated error is a failure. Each case runs in a forked child with those
limits, so a runaway case cannot take the test run with it.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import resource
import select
import shutil
import signal
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
GAMES = ("heroes-of-hex", "hex-dice", "hexatech", "heroscape-style")
TIMEOUT = 60.0  # seconds per case (validate + build), far above a normal case (~1 s)
MEMORY = 2 * 1024**3  # bytes of address space a case may use

# Text that breaks naive code: controls, bidi, emoji, combining marks, markup, huge words.
NASTY = [
    "\x00", "nul\x00byte", "bell\x07", "esc\x1b[31m", "\x7f", "\u202e\u0645\u0631\u062d\u0628\u0627", "\u200f\u05e9\u05dc\u05d5\u05dd",
    "\U0001F409\U0001F525", "e\u0301\u0301\u0301\u0301", "Z\u0351\u0352\u0353\u0354\u0355\u0356", "\ufeff", "\u2028",
    "<img src=\"/etc/passwd\"/>", "<b>bold", "&amp;&#0;", "{{ 7*7 }}", "{% raw %}", "**bold** [x](file:///etc)",
    "![x](printgen:icon/nope)", "| pipe | table |", "\\", "'", '"', "#", ": colon", "- dash", "%s%n",
    "W" * 40, "https://example.com/a/very/long/path/without/any/spaces/at/all", "x" * 300,
    "word " * 1500, "\t\ttabs", "line\nbreak", "", "   ", "0", "-1", "1e308", "NaN",
]
LENGTHS = ["0mm", "-5mm", "0.0001mm", "5000mm", "1e23mm", "1e-23mm", "nanmm", "infmm", "500mm", "3 furlongs",
           "25.4", "1in", "9999in", "63.5mm x 88.9mm", "1mm x 1mm", "900mm x 900mm"]
NUMBERS = [0, -1, 1, 2, 6, 7, 99, 10**6, 10**20, -10**20, 1.5, float("inf"), float("nan"), True, False]
# Explicit YAML scalar tags whose text does not fit them (issue 25: each was a traceback), a date YAML
# resolves by itself but is none, and tags that fit, written into the YAML as they stand (see ``tagged``).
BAD_TAGS = ["!!int abc", "!!int five", "!!int 0x", "!!float abc", "!!bool maybe", "!!timestamp nope",
            "!!timestamp 2001-13-45", "!!timestamp 2001-02-30", "2001-13-45", "!!null x", "!!binary '%%%'",
            "!!binary aGVsbG8=", "!!map abc", "!!seq abc", "!!set abc", "!!merge x", "!!omap abc", "!!value v",
            "!!str 5", "!!int 7", "!!float 1e5", "!!bool yes", "!!null ~"]


@dataclass
class Outcome:
    kind: str  # built | findings | traceback | timeout | memory | unlocated
    codes: list[str] = field(default_factory=list)
    detail: str = ""
    seconds: float = 0.0
    peak_rss: int = 0  # bytes


def load_game(name: str) -> dict[str, object]:
    folder = REPO / "data" / name
    return {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.yaml"))}


def paths(node, prefix=()):
    """Every path into a YAML tree (a mapping key or list index at each step)."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def nested(depth: int) -> str:
    """A marker that ``write_project`` replaces by ``depth`` nested flow lists and mappings."""
    return f"__NEST_{depth}__"


def tagged(index: int) -> str:
    """A marker that ``write_project`` replaces by ``BAD_TAGS[index]``, tag and text as they stand."""
    return f"__TAG_{index}__"


def is_marker(value) -> bool:
    """Whether ``value`` is a marker for ``write_project`` (not to be glued to other text)."""
    return isinstance(value, str) and re.fullmatch(r"__(NEST|TAG)_\d+__", value) is not None


def _nest_text(depth: int) -> str:
    opens = "".join("[" if i % 2 else "{k: " for i in range(depth))
    closes = "".join("]" if i % 2 else "}" for i in reversed(range(depth)))
    return opens + "x" + closes


def replacement(rng: random.Random, old, names: list[str]):
    """A hostile value to put where ``old`` was."""
    kind = rng.choice(["nasty", "nasty", "length", "number", "type", "nest", "ref", "long", "combo", "grow", "tag"])
    if kind == "tag":
        return tagged(rng.randrange(len(BAD_TAGS)))
    if kind == "nasty":
        return rng.choice(NASTY)
    if kind == "length":
        return rng.choice(LENGTHS)
    if kind == "number":
        return rng.choice(NUMBERS)
    if kind == "type":
        return rng.choice([None, [], {}, [1, 2], {"a": 1}, True, "text", 3])
    if kind == "nest":
        return nested(rng.choice([5, 20, 100, 500]))
    if kind == "ref":  # a broken or twisted reference: a name that is not there, or another kind's
        return rng.choice(["Nobody", (rng.choice(names) if names else "X") + "!", (rng.choice(names) if names else "X").upper()])
    if kind == "long":
        n = rng.choice([25, 30, 61, 2001, 7200])
        return ("Lorem ipsum " * (n // 12 + 1))[:n] if rng.random() < 0.5 else "W" * n
    if kind == "grow" and isinstance(old, list) and old:
        return old * rng.choice([2, 20, 200])
    if isinstance(old, str):
        return old + rng.choice(NASTY)
    return rng.choice(NASTY + LENGTHS)


def mutate(files: dict[str, object], rng: random.Random, count: int) -> list[str]:
    """Apply ``count`` mutations in place; returns a description of each."""
    done = []
    names = [v for d in files.values() for p in paths(d) for v in [_get(d, p)]
             if p and p[-1] == "name" and isinstance(v, str)]
    for _ in range(count):
        fname = rng.choice(sorted(files))
        doc = files[fname]
        candidates = [p for p in paths(doc) if p]
        if not candidates:
            continue
        p = rng.choice(candidates)
        parent = _get(doc, p[:-1])
        op = rng.random()
        if op < 0.12 and isinstance(parent, dict):
            del parent[p[-1]]
            done.append(f"{fname}:{'/'.join(map(str, p))} deleted")
        elif op < 0.2 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[p[-1]]))
            done.append(f"{fname}:{'/'.join(map(str, p))} duplicated")
        else:
            new = replacement(rng, parent[p[-1]], names)
            parent[p[-1]] = new
            done.append(f"{fname}:{'/'.join(map(str, p))} = {str(new)[:60]!r}")
    return done


def _get(doc, path):
    for part in path:
        doc = doc[part]
    return doc


def write_project(root: Path, game: str, files: dict[str, object]) -> Path:
    folder = root / "data" / game
    folder.mkdir(parents=True)
    for name, data in files.items():
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100000)
        text = re.sub(r"'?__NEST_(\d+)__'?", lambda m: _nest_text(int(m.group(1))), text)
        text = re.sub(r"'?__TAG_(\d+)__'?", lambda m: BAD_TAGS[int(m.group(1))], text)
        (folder / name).write_text(text, encoding="utf-8")
    templates = REPO / "templates" / game
    if templates.is_dir():
        shutil.copytree(templates, root / "templates" / game)
    return folder


def _warm() -> None:
    """Import and warm printgen in the parent once, so each forked child starts ready (fast cases)."""
    global _WARM
    if not _WARM:
        check_and_build(REPO / "data" / "hex-dice")
        _WARM = True


_WARM = False


BINARY = (".ttf", ".otf", ".ttc", ".woff", ".woff2", ".png", ".jpg", ".jpeg", ".xlsx", ".ods")


def unplaced(findings) -> list[str]:
    """The findings (formatted) that name no file and line, or that would print a character that does
    not print (a control character reaching the terminal). A finding about a binary file (a font, a
    picture) names the file alone: it has no lines, and the message says the byte where it breaks."""
    return [f.format() for f in findings if f.loc is None or not f.loc.file
            or (f.loc.line < 1 and not f.loc.file.lower().endswith(BINARY))
            or not f.format().isprintable()]


def check_and_build(folder: Path) -> Outcome:
    """In this process: validate, then render every target in memory (PDF and SVG pages)."""
    import xml.etree.ElementTree as ET

    from printgen.draw.document import Document
    from printgen.draw.page import PageSpec
    from printgen.plan import plan_build
    from printgen.project import validate_game
    from printgen.write.outputs import output_files
    from printgen.write.pdf import to_pdf
    from printgen.write.svg import page_to_svg

    game = validate_game(folder)
    bad = unplaced(game.findings)  # every finding, warnings too, names its file and line
    if bad:
        return Outcome("unlocated", [f.code for f in game.findings], bad[0])
    errors = [f for f in game.findings if f.is_error]
    if errors:
        return Outcome("findings", sorted({f.code for f in errors}))
    for target in plan_build([game], papers=["a4"]):
        if target.asset.kind != "paper":
            target.asset.render(game, previews=False)
            continue
        spec = PageSpec.for_paper("a4", game.data.game.print.margin)
        for stem, doc in target.asset.render(game, spec).items():
            if isinstance(doc, Document):
                to_pdf(doc)
                for page in doc.pages:
                    ET.fromstring(page_to_svg(page))
            else:
                output_files(doc, stem=stem, paper="a4", previews=False)
    return Outcome("built", sorted({f.code for f in game.findings}))


def _address_space() -> int:
    """This process's virtual memory size, bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def run_case(folder: Path, *, timeout: float = TIMEOUT, memory: int = MEMORY) -> Outcome:
    """``check_and_build`` in a forked child with a time and memory limit."""
    _warm()
    r, w = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(r)
        try:
            # the limit is on what the case adds: the test process's own address space (grown by every
            # library earlier tests imported) is not the case's doing
            limit = _address_space() + memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            try:
                out = check_and_build(folder)
            except MemoryError:
                out = Outcome("memory", detail="MemoryError")
            except BaseException as exc:
                out = Outcome("traceback", detail="".join(traceback.format_exception(exc))[-3000:])
            os.write(w, json.dumps(out.__dict__).encode())
        finally:
            os._exit(0)
    os.close(w)
    # The parent keeps the clock (the child's own alarm is not enough: the template watchdog re-arms
    # SIGALRM for itself), and kills a child past its time.
    chunks = []
    timed_out = False
    deadline = start + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([r], [], [], left)[0]:
            os.kill(pid, signal.SIGKILL)
            timed_out = True
            break
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    peak = usage.ru_maxrss * 1024
    if timed_out:
        return Outcome("timeout", detail=f"still running after {timeout:g} s", seconds=seconds, peak_rss=peak)
    if not chunks:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        kind = "timeout" if sig == signal.SIGALRM else "memory" if sig in (signal.SIGKILL, signal.SIGSEGV) else "traceback"
        return Outcome(kind, detail=f"child died (signal {sig}, status {status})", seconds=seconds, peak_rss=peak)
    out = Outcome(**json.loads(b"".join(chunks)))
    out.seconds, out.peak_rss = seconds, peak
    return out


def fuzz_case(seed: int, workdir: Path, *, game: str | None = None, mutations: int | None = None) -> tuple[list[str], Outcome]:
    """One reproducible case: the mutations made (for the report) and how it ended."""
    rng = random.Random(seed)
    game = game or rng.choice(GAMES)
    files = load_game(game)
    done = mutate(files, rng, mutations or rng.choice([1, 1, 1, 2, 3]))
    shutil.rmtree(workdir, ignore_errors=True)
    folder = write_project(workdir, game, files)
    return [game] + done, run_case(folder)
