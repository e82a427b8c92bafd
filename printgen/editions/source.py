"""The old version of a game for an errata: another game folder, or the same folder at a git revision.

A revision is read object by object: ``git ls-tree`` lists the game's tree (and its templates') as
committed, ``git cat-file --batch-check`` gives each blob's size, and only when every size is within the
limits does ``git cat-file --batch`` hand over the bytes, which are written into a temporary project laid
out like the real one (data/<game>/, templates/<id>/). Nothing is checked out and nothing of the
repository's can run: these commands apply no filter, textconv or attribute (``git archive`` would run a
``filter.<name>.smudge`` the repository configures), read no index (so no fsmonitor), fire no hook, and
git runs in a clean environment (no GIT_* variables from outside, no system or user config, an empty
HOME, no transport, so even a partial clone cannot fetch). A name that is no commit is a finding; so is a
file too large to read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator

from ..findings import Finding, Location, error
from ..limits import limit
from ..load.game_folder import GAME_FILE, display_path

GIT_TIMEOUT = 60  # seconds: a huge repository is slow, a hung one is a finding, not a hang
MIB = 1024 * 1024
# Settings that could make git run a command or reach out, each pinned off on the command line (which
# outranks the repository's own config): hooks, fsmonitor, attributes files, pagers, ssh, transports.
_OVERRIDES = ("core.hooksPath=/dev/null", "core.fsmonitor=", "core.attributesFile=/dev/null",
              "core.pager=cat", "core.sshCommand=false", "protocol.allow=never", "core.askPass=",
              "credential.helper=", "core.untrackedCache=false", "gc.auto=0", "maintenance.auto=false")


class SourceError(Exception):
    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def _env(home: Path) -> dict[str, str]:
    """A clean environment for git: nothing inherited but PATH; no system or user config (HOME is an empty
    folder), no transport at all (a partial clone's lazy fetch would run ssh), no prompt, C messages."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CONFIG_HOME": str(home),
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_ATTR_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0", "GIT_ALLOW_PROTOCOL": "", "GIT_NO_LAZY_FETCH": "1",
            "GIT_NO_REPLACE_OBJECTS": "1", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


class _Git:
    """git commands run in ``cwd`` with the overrides and the clean environment."""

    def __init__(self, cwd: Path, home: Path) -> None:
        self.cwd, self.env = cwd, _env(home)

    def run(self, args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess:
        cmd = ["git", "--no-pager"]
        for setting in _OVERRIDES:
            cmd += ["-c", setting]
        return subprocess.run(cmd + args, cwd=self.cwd, input=stdin, capture_output=True,
                              timeout=GIT_TIMEOUT, env=self.env)


def _fail(message: str, where: Path | str, code: str = "errata-source") -> SourceError:
    return SourceError(error(code, message, Location(str(where))))


@contextmanager
def revision_folder(folder: Path, rev: str) -> Iterator[Path]:
    """``folder`` (a game in a git work tree) as it was at ``rev``, in a temporary project; removed after."""
    folder = Path(folder).resolve()
    where = display_path(folder)
    if rev.startswith("-"):
        raise _fail(f"'{rev}' is no git revision (a revision does not start with '-')", where)
    tmp = Path(tempfile.mkdtemp(prefix="printgen-errata-"))
    try:
        (tmp / "home").mkdir()
        git = _Git(folder, tmp / "home")
        try:
            top = git.run(["rev-parse", "--show-toplevel"])
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise _fail(f"cannot run git to read revision '{rev}': {exc}", where) from None
        if top.returncode != 0:
            raise _fail(f"'{rev}' names no folder and {where} is not in a git repository; name the "
                        "old game folder, or a revision of a game kept in git", where)
        root = Path(top.stdout.decode(errors="replace").strip()).resolve()
        git.cwd = root
        commit = git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"])
        if commit.returncode != 0:
            raise _fail(f"'{rev}' is no git revision of {root.name} (and no folder); name a commit, tag or branch "
                        "(git log --oneline lists them)", where)
        sha = commit.stdout.decode().strip()
        rel = folder.relative_to(root).as_posix()
        game = tmp / "data" / folder.name  # the project layout, so its templates are found beside it
        files = _tree(git, sha, rel, game)
        if files is None:
            raise _fail(f"{rel} did not exist at revision '{rev}' ({sha[:10]})", where)
        templates = folder.parent.parent / "templates"
        if templates.is_dir() and templates.resolve().is_relative_to(root):
            files += _tree(git, sha, templates.resolve().relative_to(root).as_posix(), tmp / "templates") or []
        _check_sizes(git, files, rev, sha, where)
        _write_blobs(git, files, where)
        if not (game / GAME_FILE).is_file():
            raise _fail(f"{rel} at revision '{rev}' holds no {GAME_FILE}", where)
        yield game
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _tree(git: _Git, sha: str, path: str, dest: Path) -> list[tuple[str, str, Path]] | None:
    """The regular files of the tree ``sha``:``path``, as (object id, path in the repository, where it goes
    under ``dest``); None when there is no such tree. Links, submodules and any name that would step out
    of ``dest`` are left out (a crafted tree object can hold names git itself would refuse)."""
    spec = f"{sha}^{{tree}}" if path in ("", ".") else f"{sha}:{path}"
    out = git.run(["ls-tree", "-r", "-z", "--full-name", spec])
    if out.returncode != 0:
        return None
    files = []
    for entry in out.stdout.split(b"\0"):
        if not entry:
            continue
        head, _, name = entry.partition(b"\t")
        mode, kind, oid = head.decode("ascii", errors="replace").split(" ")[:3]
        if kind != "blob" or mode not in ("100644", "100755"):
            continue  # a symbolic link (120000) is not followed; a submodule is another repository
        rel = PurePosixPath(name.decode("utf-8", errors="surrogateescape"))
        if rel.is_absolute() or any(part in ("", ".", "..", ".git") for part in rel.parts):
            continue
        files.append((oid, f"{path}/{rel}" if path not in ("", ".") else str(rel), dest.joinpath(*rel.parts)))
    if len(files) > limit("revision-files"):
        raise _fail(f"{path} at {sha[:10]} holds {len(files):,} files, more than the {limit('revision-files'):,.0f} "
                    "an errata reads from a revision; compare against a game folder instead", path, "limit-revision-files")
    return files


def _check_sizes(git: _Git, files: list[tuple[str, str, Path]], rev: str, sha: str, where: str) -> None:
    """Every blob's size asked of git (``cat-file --batch-check``) and held to the limits before any is read."""
    if not files:
        return
    out = git.run(["cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"],
                  stdin=b"".join(oid.encode() + b"\n" for oid, _, _ in files))
    lines = out.stdout.decode("ascii", errors="replace").splitlines()
    if out.returncode != 0 or len(lines) != len(files):
        raise _fail(f"git could not list the files of revision '{rev}' ({sha[:10]}): "
                    f"{out.stderr.decode(errors='replace').strip()[:200]}", where)
    per_file, total = limit("revision-file") * MIB, 0
    for (oid, name, _), line in zip(files, lines):
        parts = line.split()
        if len(parts) != 3 or parts[1] != "blob" or not parts[2].isascii() or not parts[2].isdigit():
            raise _fail(f"{name} at revision '{rev}' ({sha[:10]}) cannot be read from git ({line[:80]}); "
                        "is the repository complete (git fsck)?", where)
        size = int(parts[2])
        if size > per_file:
            raise _fail(f"{name} at revision '{rev}' ({sha[:10]}) is {size / MIB:,.1f} MiB, more than the "
                        f"{limit('revision-file'):g} MiB an errata reads of one file (limit revision-file); "
                        "check out that revision into a folder of its own and compare the folders", where, "limit-revision-file")
        total += size
    if total > limit("revision-bytes") * MIB:
        raise _fail(f"the game at revision '{rev}' ({sha[:10]}) is {total / MIB:,.0f} MiB, more than the "
                    f"{limit('revision-bytes'):g} MiB an errata reads from git (limit revision-bytes); "
                    "compare against a game folder instead", where, "limit-revision-bytes")


def _write_blobs(git: _Git, files: list[tuple[str, str, Path]], where: str) -> None:
    """The blobs' bytes, as stored (``cat-file --batch`` applies no filter), written to their places."""
    if not files:
        return
    out = git.run(["cat-file", "--batch"], stdin=b"".join(oid.encode() + b"\n" for oid, _, _ in files))
    data, at = out.stdout, 0
    for oid, name, target in files:
        end = data.find(b"\n", at)
        header = data[at:end].decode("ascii", errors="replace").split() if end >= 0 else []
        if len(header) != 3 or header[0] != oid or header[1] != "blob" or not header[2].isdigit():
            raise _fail(f"git did not hand over {name} ({oid[:10]}) as a file", where)
        size = int(header[2])
        body = data[end + 1:end + 1 + size]
        if len(body) != size:
            raise _fail(f"git handed over {name} ({oid[:10]}) cut short", where)
        at = end + 1 + size + 1  # the blob, then a newline
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(body)
        except OSError as exc:  # a crafted tree: 'x' both a file and a folder, or a name this system refuses
            raise _fail(f"{name} at this revision cannot be laid out as a file ({exc.strerror or exc}): its tree "
                        "holds that name both as a file and as a folder, or a name too long for this system, "
                        "which git itself never writes (git fsck names it); compare against a game folder", where) from None


@contextmanager
def old_game(old: str, new: Path) -> Iterator[Path]:
    """The old game's folder: ``old`` itself when it is a folder, else ``new`` at git revision ``old``."""
    p = Path(old)
    if p.is_dir():
        yield p
        return
    with revision_folder(new, old) as folder:
        yield folder
