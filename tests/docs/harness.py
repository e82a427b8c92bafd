"""Read a docs page's examples the way tests/docs runs them (docs/index.md, "How these pages are tested").

A page is a list of fenced blocks in order: ``console`` blocks whose ``$ printgen ...`` lines are run,
blocks whose first line is ``# file: PATH`` (written into the scratch folder, the marker line left out),
and other ``yaml`` blocks, which must parse.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
DOCS = REPO / "docs"
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)(?P=fence)\s*$",
                   re.M | re.S)
FILE_MARK = re.compile(r"^#\s*file:\s*(?P<path>\S.*?)\s*$")


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    line: int  # 1-based line of the opening fence, for messages

    @property
    def file(self) -> str | None:
        first = self.body.split("\n", 1)[0]
        m = FILE_MARK.match(first)
        return m.group("path") if m else None

    @property
    def content(self) -> str:
        """A file block's text without its marker line."""
        return self.body.split("\n", 1)[1] if "\n" in self.body else ""


def blocks(text: str) -> list[Block]:
    out = []
    for m in FENCE.finditer(text):
        indent = len(m.group("indent"))
        body = "\n".join(line[indent:] for line in m.group("body").split("\n"))
        out.append(Block(m.group("lang").lower(), body, text.count("\n", 0, m.start()) + 1))
    return out


@dataclass(frozen=True)
class Command:
    args: list[str]  # after "printgen"
    expect: int
    text: str


def commands(block: Block) -> list[Command]:
    """The ``$ printgen ...`` lines of a console block (other lines are its output, shown to the reader).
    A ``$`` line that is not printgen is refused: the harness runs only printgen (write shell steps in a
    ``bash`` block, which is shown and not run)."""
    out = []
    for line in block.body.splitlines():
        if not line.startswith("$ "):
            continue
        text = line[2:].strip()
        code = re.search(r"\s#\s*exit (\d+)\s*$", text)  # "  # exit 1": a finding; "# exit 2": a usage error
        expect = int(code.group(1)) if code else 0
        words = shlex.split(text, comments=True)
        if not words or words[0] != "printgen":
            raise ValueError(f"console block at line {block.line}: only printgen commands run here: {text!r}")
        out.append(Command(words[1:], expect, text))
    return out


def scratch(tmp: Path) -> Path:
    """A scratch folder holding a copy of the repository's data/ (what a page's commands work on)."""
    root = tmp / "scratch"
    shutil.copytree(REPO / "data", root / "data")
    return root


@dataclass(frozen=True)
class Result:
    returncode: int
    stdout: str
    stderr: str


def run(cmd: Command, cwd: Path) -> Result:
    """Run one documented command in ``cwd`` through the Typer app in this process (a fresh interpreter
    per command would cost half a second each: the harness must stay fast). A traceback is an error."""
    from typer.testing import CliRunner

    from printgen.cli import app

    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(app, cmd.args, env={"COLUMNS": "120", "NO_COLOR": "1"})
    finally:
        os.chdir(here)
    err = ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        err = "Traceback:\n" + "".join(traceback.format_exception(result.exception))
    return Result(result.exit_code, result.stdout, (getattr(result, "stderr", "") or "") + err)


def write(root: Path, block: Block) -> Path:
    path = (root / block.file).resolve()
    assert root.resolve() in path.parents, f"a file block must stay in the scratch folder: {block.file}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(block.content, encoding="utf-8")
    return path


def pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))
