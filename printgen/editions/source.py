"""The old version of a game for an errata: another game folder, or the same folder at a git revision.

A revision is read with ``git archive`` (the game folder and its templates, as committed) into a
temporary project laid out like the real one (data/<game>/, templates/<id>/), never checked out and
never through hooks: archive runs none, and the repository's own config is not asked to run anything
(no textconv, no filters: an archive of plain files). A name that is no commit is a finding.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..findings import Finding, Location, error
from ..load.game_folder import GAME_FILE, display_path

GIT_TIMEOUT = 60  # seconds: a huge repository is slow, a hung one is a finding, not a hang


class SourceError(Exception):
    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    # hooks off and no pager, prompt or external diff: reading a revision must run nothing of the repo's
    cmd = ["git", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", *args]
    env = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "PATH": "/usr/bin:/bin:/usr/local/bin",
           "HOME": str(Path.home())}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=GIT_TIMEOUT, env=env)


def _fail(message: str, where: Path | str) -> SourceError:
    return SourceError(error("errata-source", message, Location(str(where))))


@contextmanager
def revision_folder(folder: Path, rev: str) -> Iterator[Path]:
    """``folder`` (a game in a git work tree) as it was at ``rev``, in a temporary project; removed after."""
    folder = Path(folder).resolve()
    if rev.startswith("-"):
        raise _fail(f"'{rev}' is no git revision (a revision does not start with '-')", display_path(folder))
    try:
        top = _git(["rev-parse", "--show-toplevel"], folder)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise _fail(f"cannot run git to read revision '{rev}': {exc}", display_path(folder)) from None
    if top.returncode != 0:
        raise _fail(f"'{rev}' names no folder and {display_path(folder)} is not in a git repository; name the "
                    "old game folder, or a revision of a game kept in git", display_path(folder))
    root = Path(top.stdout.decode().strip()).resolve()
    commit = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"], root)
    if commit.returncode != 0:
        raise _fail(f"'{rev}' is no git revision of {root.name} (and no folder); name a commit, tag or branch "
                    "(git log --oneline lists them)", display_path(folder))
    sha = commit.stdout.decode().strip()
    rel = folder.relative_to(root)
    tmp = Path(tempfile.mkdtemp(prefix="printgen-errata-"))
    try:
        game = tmp / "data" / folder.name  # the project layout, so its templates are found beside it
        if not _extract(root, sha, rel.as_posix(), game):
            raise _fail(f"{rel.as_posix()} did not exist at revision '{rev}' ({sha[:10]})", display_path(folder))
        if not (game / GAME_FILE).is_file():
            raise _fail(f"{rel.as_posix()} at revision '{rev}' holds no {GAME_FILE}", display_path(folder))
        for templates in (root / rel.parent.parent / "templates",):
            if templates.is_dir():  # the project's templates/<id>/ as they were then (any id: small folders)
                _extract(root, sha, templates.relative_to(root).as_posix(), tmp / "templates")
        yield game
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _extract(root: Path, sha: str, path: str, dest: Path) -> bool:
    """The tree at ``sha``:``path`` written under ``dest``; False when there is no such tree."""
    out = _git(["archive", "--format=tar", sha, "--", path], root)
    if out.returncode != 0:
        return False
    prefix = path.rstrip("/") + "/"
    with tarfile.open(fileobj=io.BytesIO(out.stdout)) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.startswith(prefix):
                continue  # no links, devices or paths outside the folder asked for
            rel = Path(member.name[len(prefix):])
            if rel.is_absolute() or ".." in rel.parts:
                continue
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            data = tar.extractfile(member)
            target.write_bytes(data.read() if data else b"")
    return dest.is_dir()


@contextmanager
def old_game(old: str, new: Path) -> Iterator[Path]:
    """The old game's folder: ``old`` itself when it is a folder, else ``new`` at git revision ``old``."""
    p = Path(old)
    if p.is_dir():
        yield p
        return
    with revision_folder(new, old) as folder:
        yield folder
