"""How a build hands its targets to the workers: the stale papers of one printable as one piece of work
(printgen.build.render_targets), so the second paper reuses what the first worked out in the same worker;
every other target alone; the files, records and findings as when each target renders by itself."""

from __future__ import annotations

import pickle
from concurrent.futures import Executor, Future

import pymupdf

from printgen.build import _pieces, build, render_target, render_targets
from printgen.plan import plan_build
from printgen.preflight import parts
from printgen.project import validate_game
from printgen.write.manifest import Manifest
from tests.conftest import FIXTURES


class _Inline(Executor):
    """A pool that runs each piece of work as it is handed in, in this process, and remembers it (its
    arguments pickled and unpickled on the way, as a worker's are)."""

    def __init__(self) -> None:
        self.pieces: list[tuple] = []

    def submit(self, fn, /, *args, **kwargs):
        args, kwargs = pickle.loads(pickle.dumps((args, kwargs)))
        self.pieces.append((fn, args, kwargs))
        fut: Future = Future()
        fut.set_result(fn(*args, **kwargs))
        return fut


def _renders(pool: _Inline) -> list[list[str]]:
    """The target keys of each render piece the pool was handed, in order."""
    return [[t.key for t in args[0]] for fn, args, _ in pool.pieces if fn is render_targets]


def test_the_papers_of_a_paper_asset_are_one_piece_and_a_mesh_asset_its_own():
    game = validate_game(FIXTURES / "mini-hexprint")  # a mesh asset (pieces) among its paper assets
    targets = plan_build([game], papers=["a4", "letter"])
    pieces = _pieces(targets)
    for piece in pieces:
        assert len({t.asset.name for t in piece}) == 1
        if piece[0].asset.kind == "paper":
            assert [t.paper for t in piece] == ["a4", "letter"]
        else:
            assert len(piece) == 1 and piece[0].paper is None
    assert any(p[0].asset.kind == "mesh" for p in pieces)
    assert sorted(t.key for p in pieces for t in p) == sorted(t.key for t in targets)  # each once
    # a long asset (the rulebook: a book) starts first; the rest in plan order
    assert [p[0].asset.name for p in pieces] == ["rulebook"] + [
        a for a in dict.fromkeys(t.asset.name for t in targets) if a != "rulebook"]
    one = [t for t in targets if t.paper != "letter"]
    assert _pieces(one) == [[t] for t in one if t.asset.long] + [[t] for t in one if not t.asset.long]


def test_render_targets_makes_what_each_target_makes_alone():
    game = validate_game(FIXTURES / "mini-hoh")
    both = [t for t in plan_build([game], papers=["a4", "letter"]) if t.asset.name == "class-cards"]
    together = render_targets(both, previews=False)
    alone = [render_target(t, previews=False) for t in both]
    assert [r.files for r in together] == [r.files for r in alone]
    assert [r.findings for r in together] == [r.findings for r in alone]
    assert [sorted(r.reads) for r in together] == [sorted(r.reads) for r in alone]
    pdfs = [next(b for name, b in r.files.items() if name.endswith(".pdf")) for r in together]
    sizes = [round(pymupdf.open(stream=b).load_page(0).rect.width) for b in pdfs]
    assert sizes == [595, 612]  # A4, then Letter


def test_a_pooled_two_paper_build_hands_each_printables_stale_papers_in_one_piece(tmp_path, monkeypatch):
    serial, pooled = tmp_path / "serial", tmp_path / "pooled"
    build(folders=[FIXTURES / "mini-hoh"], out=serial, papers=["a4", "letter"], previews=False, jobs=1)
    made = []  # the preflight's face readings made afresh, by printable: the Letter half looks up the A4's

    class _Counted(parts.Parts):
        def __init__(self, stem, *args, **kwargs):
            made.append(stem)
            super().__init__(stem, *args, **kwargs)

    monkeypatch.setattr(parts, "Parts", _Counted)
    pool = _Inline()
    events = []
    result = build(folders=[FIXTURES / "mini-hoh"], out=pooled, papers=["a4", "letter"], previews=False,
                   jobs=2, pool=pool, on_event=lambda name, info: events.append((name, info)))
    pieces = _renders(pool)
    paper_pieces = [p for p in pieces if "@" in p[0]]
    assert paper_pieces and all(len(p) == 2 and p[0].endswith("@a4") and p[1].endswith("@letter")
                                for p in paper_pieces)
    assert sorted(k for p in pieces for k in p) == sorted(k.split("/", 1)[1] for k in result.built)
    # each target recorded and written as it is alone: the same files, the same bytes, the same records
    files = sorted(p.relative_to(serial) for p in serial.rglob("*") if p.is_file() and p.suffix != ".json")
    assert len(files) > 10
    assert files == sorted(p.relative_to(pooled) for p in pooled.rglob("*") if p.is_file() and p.suffix != ".json")
    for rel in files:
        if rel.suffix in (".pdf", ".svg", ".png", ".stl", ".3mf"):
            assert (serial / rel).read_bytes() == (pooled / rel).read_bytes(), rel
    a, b = Manifest.load(serial / "mini-hoh").targets, Manifest.load(pooled / "mini-hoh").targets
    assert a.keys() == b.keys()
    assert all(a[k]["reads"] == b[k]["reads"] and a[k].get("findings") == b[k].get("findings") for k in a)
    assert made and sorted(made) == sorted(set(made))  # each printable's faces read once for both papers
    # a kit starts once its paper's targets are written
    done = [info["target"] for name, info in events if name == "done"]
    assert sorted(done) == sorted(a)


def test_only_the_stale_papers_go_in_the_piece(tmp_path):
    out = tmp_path / "out"
    build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4"], previews=False, jobs=1)
    pool = _Inline()
    result = build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4", "letter"], previews=False, jobs=2,
                   pool=pool)
    pieces = _renders(pool)
    assert pieces and all(len(p) == 1 and p[0].endswith("@letter") for p in pieces)  # A4 is up to date
    assert sorted(result.skipped) == sorted(f"mini-hoh/{k[0][:-len('@letter')]}@a4" for k in pieces
                                            ) + [s for s in result.skipped if "@" not in s]


def test_a_cancelled_build_cancels_the_pieces(tmp_path):
    cancelled = []

    class _Held(Future):
        def cancel(self):
            cancelled.append(self)
            return super().cancel()

    class _Pool(Executor):
        def submit(self, fn, /, *args, **kwargs):
            if fn is validate_game:  # a game's validation (schedule.validated) done at once, the rest held
                done = Future()
                done.set_result(fn(*args, **kwargs))
                return done
            return _Held()

    from printgen.project import validate_game
    from tests.conftest import broken_game

    bad = broken_game("unknown-map", tmp_path, base="mini-dice")
    (bad / "notes.md").write_text("x" * 100_000, encoding="utf-8")  # larger: validated after mini-hoh (schedule.py)
    result = build(folders=[FIXTURES / "mini-hoh", bad], out=tmp_path / "out", papers=["a4", "letter"],
                   previews=False, jobs=2, pool=_Pool())
    assert not result.ok and cancelled
    assert all(f.cancelled() for f in cancelled)
