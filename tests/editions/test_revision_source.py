"""An errata's old version read from git runs nothing of the repository's: a real repository is made with
smudge and process filters, a textconv, an fsmonitor and hooks planted (in .git/config, .gitattributes,
.git/info/attributes and a HOME .gitconfig), each of which would touch a marker file; the revision is read
byte for byte as committed and no marker appears. A blob past the size limit is a finding, not a read."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.editions.source import SourceError, revision_folder
from printgen.limits import LIMITS, Limit

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed: errata reads revisions with it")

GAME = b"game:\n  id: tiny\n  name: Tiny\n"
TEMPLATE = b"# {{ game.name }}\n"


def _repo(root: Path) -> Path:
    """A project (data/tiny, templates/tiny) committed once; the game folder."""
    game = root / "data" / "tiny"
    (game / "art").mkdir(parents=True)
    (game / "game.yaml").write_bytes(GAME)
    (game / "art" / "a.svg").write_bytes(b"<svg/>\n")
    (root / "templates" / "tiny").mkdir(parents=True)
    (root / "templates" / "tiny" / "rules.md.j2").write_bytes(TEMPLATE)
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "v1"], check=True)
    return game


def _plant(root: Path, home: Path, marker: Path) -> None:
    """Every way a repository (or the user's config) could make git run a command: each touches ``marker``."""
    run = f"sh -c 'touch {marker}; cat'"
    (root / ".git" / "config").open("a").write(
        f"[filter \"evil\"]\n\tsmudge = {run}\n\tclean = {run}\n\tprocess = {run}\n\trequired = true\n"
        f"[diff \"evil\"]\n\ttextconv = {run}\n[core]\n\tfsmonitor = {run}\n\tpager = {run}\n"
        f"\thooksPath = {root / 'hooks'}\n")
    (root / ".gitattributes").write_text("* filter=evil diff=evil\n")
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".git" / "info" / "attributes").write_text("* filter=evil diff=evil\n")
    (root / "hooks").mkdir()
    for hook in ("post-checkout", "pre-commit", "post-index-change", "reference-transaction", "fsmonitor-watchman"):
        (root / "hooks" / hook).write_text(f"#!/bin/sh\ntouch {marker}\n")
        (root / "hooks" / hook).chmod(0o755)
        shutil.copy(root / "hooks" / hook, root / ".git" / "hooks" / hook)
    home.mkdir()
    (home / ".gitconfig").write_text(f"[filter \"evil\"]\n\tsmudge = {run}\n[core]\n\tattributesFile = {root / '.gitattributes'}\n")


def test_a_revision_is_read_as_committed_and_no_planted_command_runs(tmp_path, monkeypatch):
    game = _repo(tmp_path / "proj")
    marker = tmp_path / "RAN"
    _plant(tmp_path / "proj", tmp_path / "home", marker)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the user's config too is not asked
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", f"'filter.evil.smudge'='touch {marker}'")
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", f"touch {marker}")
    (game / "game.yaml").write_bytes(GAME.replace(b"Tiny", b"Tiny 2"))  # the work tree moved on
    with revision_folder(game, "HEAD") as old:
        assert (old / "game.yaml").read_bytes() == GAME
        assert (old / "art" / "a.svg").read_bytes() == b"<svg/>\n"
        assert (old.parent.parent / "templates" / "tiny" / "rules.md.j2").read_bytes() == TEMPLATE
        folder = old.parent.parent
    assert not folder.exists()  # the temporary project is gone
    assert not marker.exists(), "a command planted in the repository ran"


def test_a_blob_past_the_size_limit_is_a_finding_before_it_is_read(tmp_path, monkeypatch):
    game = _repo(tmp_path / "proj")
    (game / "art" / "big.svg").write_bytes(b"<svg>" + b" " * 300_000 + b"</svg>")
    git = ["git", "-C", str(tmp_path / "proj"), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "v2"], check=True)
    old = LIMITS["revision-file"]
    monkeypatch.setitem(LIMITS, "revision-file", Limit(old.name, 0.25, old.unit, old.what))  # 256 KiB
    with pytest.raises(SourceError) as caught:
        with revision_folder(game, "HEAD"):
            pytest.fail("the revision was read")
    finding = caught.value.finding
    assert finding.code == "limit-revision-file"
    assert "data/tiny/art/big.svg" in finding.message and "0.3 MiB" in finding.message
    assert "revision-file" in finding.message and "compare the folders" in finding.message
    with revision_folder(game, "HEAD~1") as first:  # the revision before it is small enough
        assert (first / "game.yaml").read_bytes() == GAME


def test_a_link_in_the_revision_is_not_followed(tmp_path):
    game = _repo(tmp_path / "proj")
    (game / "secret.yaml").symlink_to("/etc/passwd")
    git = ["git", "-C", str(tmp_path / "proj"), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "link"], check=True)
    with revision_folder(game, "HEAD") as old:
        assert (old / "game.yaml").is_file() and not (old / "secret.yaml").exists()


@pytest.mark.parametrize("second", ["file-then-folder", "folder-then-file"])
def test_a_crafted_tree_with_a_name_both_file_and_folder_is_a_finding(tmp_path, second):
    """git mktree writes a tree holding 'zz' as a blob and as a tree; ls-tree -r lists 'zz' and 'zz/y', and
    writing the second stopped errata with a FileExistsError or IsADirectoryError traceback."""
    game = _repo(tmp_path / "proj")
    root = tmp_path / "proj"

    def git(*args, stdin=None):
        return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                              input=stdin, capture_output=True, check=True).stdout.decode().strip()
    blob = git("hash-object", "-w", "--stdin", stdin=b"x\n")
    inner = git("mktree", stdin=f"100644 blob {blob}\ty\n".encode())
    entries = git("ls-tree", "HEAD:data/tiny") + "\n"
    pair = [f"100644 blob {blob}\tzz\n", f"040000 tree {inner}\tzz\n"]
    tiny = git("mktree", stdin=(entries + "".join(pair if second == "file-then-folder" else pair[::-1])).encode())
    data = git("mktree", stdin=f"040000 tree {tiny}\ttiny\n".encode())
    top = git("mktree", stdin=(f"040000 tree {data}\tdata\n" + git("ls-tree", "HEAD", "templates") + "\n").encode())
    git("tag", "crafted", git("commit-tree", top, "-m", "crafted"))
    with pytest.raises(SourceError) as caught:
        with revision_folder(game, "crafted"):
            pass
    assert "zz" in caught.value.finding.message and "both as a file and as a folder" in caught.value.finding.message
