"""The build's record of what it wrote in ``out/<game-id>/``, and the one rule for touching that folder.

The record (``.printgen-manifest.json``) maps each target to its input digest and
the SHA-256 of every file it wrote. The rule, because the output folder may hold
a user's own files and the record itself may have been edited by anyone:

- A file is printgen's only if its bytes hash to a digest this record holds for
  that path. Only such a file is deleted (stale) or replaced; a different file at
  an output name is a conflict (``--force`` replaces it, never deletes it).
- No symbolic link is followed: the game folder, any folder under it or a file
  that is a link is neither written through nor deleted.
- A record that is not what printgen writes (not JSON, ``[]``, an old format,
  odd entries) counts as absent: nothing is deleted on its word.
- Each target is recorded as it is written: first as pending with the digests
  of the files about to be written, then as done. A build killed in between
  leaves the target pending, so the next build renders it again (never "up to
  date" from a stale file) and still recognises the files it wrote. A build
  saves a target's "done" with the next target's "pending" (``deferred``):
  one save per target instead of two, and a kill still loses at most the one
  target last written (recorded pending, so made again).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from . import journal
from .files import Staged, file_mode, place, write_atomic, write_if_changed

MANIFEST = ".printgen-manifest.json"
FORMAT = 2  # 2: per-file digests and pending targets


class OutputConflict(Exception):
    """Printgen would have to replace or write through something it did not make (a usage error)."""


def sha256(data: bytes | Staged) -> str:
    """The SHA-256 (hex) of a file's bytes, or of a worker's staged file (write/staged.py: worked out there)."""
    return data.digest if isinstance(data, Staged) else hashlib.sha256(data).hexdigest()


def _file_digest(path: Path) -> str | None:
    try:
        return sha256(path.read_bytes())
    except OSError:
        return None


def _valid_entry(entry: object) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("files"), dict):
        return False
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in entry["files"].items()):
        return False
    return entry.get("digest") is None or isinstance(entry.get("digest"), str)


def _valid_finding(f: object) -> bool:
    """A recorded preflight finding as Finding.to_dict wrote it (anything else in a record is dropped)."""
    return (isinstance(f, dict) and f.get("severity") in ("error", "warning")
            and all(isinstance(f.get(k), str) for k in ("code", "message"))
            and (f.get("file") is None or isinstance(f.get("file"), str))
            and all(isinstance(f.get(k), int) or f.get("file") is None for k in ("line", "col"))
            and (f.get("hint") is None or isinstance(f.get("hint"), str)))


def _entry(entry: dict) -> dict:
    """A record's target entry (``_valid_entry``) as a build takes it: paths outside the folder, and anything
    malformed in the optional parts, left out."""
    files = {rel: d for rel, d in entry["files"].items() if _relative_ok(rel)}
    old = entry.get("old") if isinstance(entry.get("old"), dict) else {}
    # "reads": what the target read when it rendered (printgen.deps checks it before use)
    reads = {"reads": entry["reads"]} if entry.get("reads") is not None else {}
    # "sources": what each preview was made from (printgen.write.reuse), kept when well formed
    sources = entry.get("sources") if isinstance(entry.get("sources"), dict) else {}
    sources = {rel: s for rel, s in sources.items() if isinstance(s, str) and rel in files}
    findings = [f for f in entry.get("findings", []) if _valid_finding(f)] \
        if isinstance(entry.get("findings"), list) else []
    return {"digest": entry.get("digest"), "previews": entry.get("previews"), "files": files,
            **reads, **({"sources": sources} if sources else {}), **({"findings": findings} if findings else {}),
            "old": {rel: d for rel, d in old.items()
                    if isinstance(d, str) and isinstance(rel, str) and _relative_ok(rel)}}


def _relative_ok(rel: str) -> bool:
    """A recorded path must stay inside the game folder: relative, no '..', no empty parts."""
    parts = rel.split("/")
    return bool(rel) and not rel.startswith("/") and all(p not in ("", ".", "..") for p in parts)


class Manifest:
    """The record of one game's output folder ``root`` (see the module docstring)."""

    def __init__(self, root: Path, targets: dict[str, dict]):
        self.root = root
        self.targets = targets
        # key -> (its entry, that entry as save() writes it): a build saves the record twice per target it
        # writes, and encoding every target each time cost the main process a quarter of a second over the
        # bundled games (issue 41). Entries are replaced, never changed in place, so an entry that is still
        # the same object still has the same text.
        self._encoded: dict[str, tuple[dict, str]] = {}
        self._saved: str | None = None  # the text this record last read from its file or wrote there
        self._unsaved = False  # a target recorded done and not saved yet (write_target's ``deferred``)
        self._made: set[Path] = set()  # the folders write_target made or found (write_atomic's ``made``)
        self._journal: journal.Journal | None = None  # a deferred write_target's changes, appended (journal.py)
        self._unjournaled: list[str] = []  # targets recorded done and not journaled yet
        self._stale_journal = False  # a journal was found beside the record at load: removed at the next save

    @classmethod
    def load(cls, root: Path) -> "Manifest":
        """The record in ``root``, or an empty one when it is missing, unreadable or not printgen's."""
        path = root / MANIFEST
        try:
            if path.is_symlink():
                raise ValueError("a link is not a record")
            text = path.read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):  # (a record nested thousands deep)
            data = None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("targets"), dict):
            manifest = cls(root, {})
            manifest._journaled(None)
            return manifest
        targets = {key: _entry(entry) for key, entry in data["targets"].items()
                   if isinstance(key, str) and _valid_entry(entry)}
        manifest = cls(root, targets)
        manifest._saved = text
        manifest._journaled(text)
        return manifest

    def _journaled(self, text: str | None) -> None:
        """Take the changes a build journaled after the record's ``text`` (None: no valid record) and had not
        written whole yet (killed first: write/journal.py), each entry checked as the record's are."""
        lines = journal.read(self.root, text)
        if lines is None:
            return
        self._stale_journal = True  # removed once the record is written whole
        for key, entry in lines:
            if not _valid_entry(entry):
                break
            self.targets[key] = _entry(entry)

    def save(self) -> None:
        """Write the record. Text other than what this record last read or wrote is written straight away
        (its file cannot hold it already, unless someone else wrote exactly it); the same text is written only
        if the file no longer holds it (a no-op rebuild touches nothing). A build saves the record once per
        target it writes: reading it back each time cost the main process as much as writing it."""
        text = self.encoded()
        if text == self._saved:
            write_if_changed(self.root / MANIFEST, text.encode())
        else:
            write_atomic(self.root / MANIFEST, text.encode())
        self._saved, self._unsaved, self._unjournaled = text, False, []
        if self._journal is not None or self._stale_journal:  # the record holds all of it now
            if self._journal is not None:
                self._journal.close()
            self._journal, self._stale_journal = None, False
            journal.remove(self.root)

    def flush(self) -> None:
        """Save the record if a target was recorded done since it was last saved (``write_target``'s ``deferred``),
        or changes were journaled since (the record is then written whole and the journal removed)."""
        if self._unsaved or self._journal is not None:
            self.save()

    def _open_journal(self) -> None:
        """Start this build's journal (write/journal.py) continuing the record as its file holds it (saved first
        when it does not: changes made since it was read or written), unless one is open; none when it cannot be
        made (a link or something else in its place): then each change is saved whole, as before."""
        if self._journal is not None:
            return
        if (self.targets or self._saved is not None) and (self.encoded() != self._saved or self._stale_journal):
            self.save()
        try:
            self.root.mkdir(parents=True, exist_ok=True)  # a cold build's game folder: made for its first file
            self._journal = journal.Journal(self.root, journal.base(self._saved), file_mode())
        except OSError:
            self._journal = None

    def encoded(self) -> str:
        """The record as JSON: exactly ``json.dumps(body, indent=1, sort_keys=True)`` of the whole body, made
        of each target's text (encoded again only when its entry was replaced)."""
        if not self.targets:
            return json.dumps({"format": FORMAT, "targets": {}}, indent=1, sort_keys=True)
        parts = []
        for key in sorted(self.targets):
            entry = self.targets[key]
            known = self._encoded.get(key)
            if known is None or known[0] is not entry:
                body = {kk: vv for kk, vv in entry.items() if vv or kk != "old"}
                # nested two levels down (the body, then "targets"): each line of it two spaces further in
                known = self._encoded[key] = (entry, json.dumps(body, indent=1, sort_keys=True).replace("\n", "\n  "))
            parts.append(f"  {json.dumps(key)}: {known[1]}")
        for gone in [k for k in self._encoded if k not in self.targets]:
            del self._encoded[gone]
        return f'{{\n "format": {FORMAT},\n "targets": {{\n' + ",\n".join(parts) + "\n }\n}"

    def up_to_date(self, key: str, digest: str, previews: bool) -> bool:
        """True when ``key`` was fully written from ``digest`` and its files are still there at their size."""
        entry = self.targets.get(key)
        if not entry or entry.get("digest") != digest or entry.get("previews") != previews:
            return False
        return all(self._plain_file(rel) for rel in entry["files"])

    def recognises(self, rel: str, digest: str | None) -> bool:
        """Whether ``digest`` is what this record says printgen wrote at ``rel``."""
        return digest is not None and any(
            digest in (e["files"].get(rel), e.get("old", {}).get(rel)) for e in self.targets.values())

    def link_in_path(self, rel: str, seen: dict[str, Path | None] | None = None) -> Path | None:
        """The first symbolic link from the game folder down to ``rel`` (the folder itself included), or None.
        ``seen``: the folders already looked at by this caller (folder -> its first link), so a target's
        thousand files in a few folders cost a few lookups each, not one per folder of every path."""
        link = self._folder_link(rel, seen)
        if link is not None:
            return link
        path = self.root / rel
        return path if path.is_symlink() else None

    def _folder_link(self, rel: str, seen: dict[str, Path | None] | None) -> Path | None:
        """``link_in_path`` of the folders down to ``rel`` alone (the game folder included, ``rel`` itself not)."""
        parts = rel.split("/")
        folder = "/".join(parts[:-1])
        if seen is not None and folder in seen:
            link = seen[folder]
        else:
            link, p = None, self.root
            if p.is_symlink():
                link = p
            else:
                for part in parts[:-1]:
                    p = p / part
                    if p.is_symlink():
                        link = p
                        break
            if seen is not None:
                seen[folder] = link
        return link

    def _plain_file(self, rel: str) -> bool:
        return self.link_in_path(rel) is None and (self.root / rel).is_file()

    def check_writable(self, files: dict[str, bytes], *, force: bool) -> None:
        """Raise OutputConflict if writing ``files`` would go through a link or replace a file printgen
        did not write (unless ``force``: then a user's file is replaced, a link is still refused)."""
        seen: dict[str, Path | None] = {}
        for rel, data in files.items():
            link = self._folder_link(rel, seen)
            path = self.root / rel
            if link is None:
                try:
                    kind = os.lstat(path).st_mode
                except FileNotFoundError:  # a new file (a cold build's every one): one look, not three
                    continue
                except OSError:
                    kind = None
                link = path if (stat.S_ISLNK(kind) if kind is not None else path.is_symlink()) else None
            if link is not None:
                raise OutputConflict(f"{link} is a symbolic link; printgen does not write through links. "
                                     "Remove the link or choose another --out folder")
            if path.is_dir():
                raise OutputConflict(f"{path} is a folder where printgen writes a file; move it away")
            if force or not path.exists():
                continue
            have = _file_digest(path)
            if have != sha256(data) and not self.recognises(rel, have):
                raise OutputConflict(f"{path} was not written by printgen (its contents are not the ones it "
                                     "recorded); move it away, or build with --force to replace it")

    def sources(self, key: str) -> dict[str, tuple[str, str]]:
        """Target ``key``'s files of the last build that were made from a recorded source: path ->
        (source, SHA-256), as printgen.write.reuse.Reuse takes them (only a target fully written)."""
        entry = self.targets.get(key, {})
        if entry.get("digest") is None:
            return {}
        return {rel: (src, entry["files"][rel]) for rel, src in entry.get("sources", {}).items()
                if rel in entry["files"]}

    def write_target(self, key: str, digest: str, previews: bool, files: dict[str, bytes | Staged], *,
                     force: bool = False, reads: list[str] | None = None,
                     sources: dict[str, str] | None = None, findings: list[dict] | None = None,
                     kept: list[str] = (), deferred: bool = False) -> list[Path]:
        """Write one target's ``files`` (relative path -> bytes) under the record's rule; returns the paths
        written. Files the target wrote last time and no longer makes are deleted if still printgen's. A file's
        bytes may be staged by the worker that made them (write/staged.py): then renamed into place.
        ``sources``: what some of them were made from (printgen.write.reuse), for the next build.
        ``kept``: files the target still makes, unchanged since it last wrote them (not rewritten: their
        recorded digests stand; the studio redraws one face of hundreds this way).
        ``deferred``: the target is recorded done in memory, and saved as done with the next save (the next
        target's pending record, or ``flush``): until then the file says it is pending (made again after a kill)."""
        try:
            self.check_writable(files, force=force)
        except OutputConflict:
            self.flush()  # the targets written before this one stay recorded done
            raise
        before = self.targets.get(key, {})
        old = {**before.get("old", {}), **before.get("files", {})}
        new = {rel: before["files"][rel] for rel in kept if rel in before.get("files", {}) and rel not in files}
        new.update({rel: sha256(data) for rel, data in files.items()})
        if deferred:
            self._open_journal()
        self.targets[key] = {"digest": None, "previews": previews, "files": new, "old": old}
        # pending: a kill from here on leaves the target to be rebuilt
        if deferred and self._journal is not None:  # with the targets recorded done since the last append
            self._journal.append([journal.line(k, self.targets[k]) for k in [*self._unjournaled, key]
                                  if k in self.targets])
            self._unjournaled = []
        else:
            self.save()
        written, mode = [], file_mode()
        for rel, data in sorted(files.items()):
            if isinstance(data, Staged):  # written whole by the worker that made it: renamed into place
                place(data, self.root / rel, made=self._made)
            else:
                write_atomic(self.root / rel, data, mode=mode, made=self._made)
            written.append(self.root / rel)
        self.remove([rel for rel in old if rel not in new])
        self.targets[key] = {"digest": digest, "previews": previews, "files": new,
                             **({"reads": reads} if reads is not None else {}),
                             **({"sources": {r: s for r, s in sources.items() if r in new}} if sources else {}),
                             **({"findings": findings} if findings else {})}
        if deferred:
            self._unsaved = True
            self._unjournaled.append(key)
        else:
            self.save()
        return written

    def remove(self, rels: list[str]) -> list[str]:
        """Delete each of ``rels`` that is a plain file (no link on the way) holding bytes this record
        says printgen wrote there; returns the ones deleted. Anything else stays."""
        gone = []
        for rel in rels:
            if not _relative_ok(rel) or not self._plain_file(rel):
                continue
            path = self.root / rel
            if self.recognises(rel, _file_digest(path)):
                os.unlink(path)
                gone.append(rel)
        return gone
