"""A build with workers validates in them (printgen.schedule.validated): a build of several games each game
whole in a worker, a build of one in two halves: the main process loads and checks it (``checked_game``), a
worker runs its assets' hooks (``asset_checks``). The findings, and what the hooks worked out for the workers,
are the ones ``validate_game`` gives in one process."""

from __future__ import annotations

import os
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from printgen import project as projects
from printgen.build import build
from printgen.project import asset_checks, checked_game, validate_game, with_asset_checks
from printgen.schedule import unrecorded
from printgen.terrain import assets as terrain_assets
from printgen.write.manifest import MANIFEST
from tests.conftest import FIXTURES


def _missing_map(tmp_path: Path) -> Path:
    """mini-terrain naming a map it does not have: the terrain hook's error, at game.yaml's line."""
    folder = tmp_path / "mini-terrain"
    shutil.copytree(FIXTURES / "mini-terrain", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("gap: 3mm}", "gap: 3mm, maps: [Nowhere]}"), encoding="utf-8")
    return folder


def test_the_hooks_run_in_a_worker_find_what_one_process_finds(tmp_path, monkeypatch):
    for folder in (FIXTURES / "mini-terrain", FIXTURES / "mini-hoh", FIXTURES / "broken", _missing_map(tmp_path)):
        monkeypatch.setattr(terrain_assets, "_CACHE", {})  # the worker forked below builds the terrain itself
        game = checked_game(folder)
        with ProcessPoolExecutor(max_workers=1) as pool:
            extra, shared = pool.submit(asset_checks, game).result()
        halves = with_asset_checks(game, extra, shared)
        whole = validate_game(folder)
        assert halves.findings == whole.findings, folder
        assert sorted(halves.shared) == sorted(whole.shared)
        assert halves.shared["tilings"].keys() == whole.shared["tilings"].keys()
        assert len(halves.shared["tilings"]) == (folder == FIXTURES / "mini-terrain")  # solved in the worker, handed back
        assert list(halves.shared["tilings"].values()) == list(whole.shared["tilings"].values())
    # the planted mistake is found, where it is, by the worker
    found = [f for f in halves.findings if f.code == "terrain-map"]
    assert len(found) == 1 and found[0].loc.file.endswith("game.yaml") and found[0].loc.line == 16
    assert "Nowhere" in found[0].message


def _noted(calls: list[int]):
    real = projects.asset_findings

    def asset_findings(game):
        calls.append(os.getpid())  # in a forked worker this list is the worker's copy
        return real(game)

    return asset_findings


def _checks_noted(calls: list[int]):
    real = projects.check_game

    def check_game(folder):
        calls.append(os.getpid())
        return real(folder)

    return check_game


def test_a_build_of_several_games_with_workers_validates_nothing_in_its_main_process(tmp_path, monkeypatch):
    calls: list[int] = []
    checks: list[int] = []
    monkeypatch.setattr(projects, "asset_findings", _noted(calls))
    monkeypatch.setattr(projects, "check_game", _checks_noted(checks))
    folders = [FIXTURES / "mini-terrain", FIXTURES / "mini-hoh"]
    pooled = build(folders=folders, out=tmp_path / "pooled", papers=["a4"], previews=False, jobs=2)
    assert pooled.clean and calls == [] and checks == []  # every game loaded, checked and hooked in a worker
    serial = build(folders=folders, out=tmp_path / "serial", papers=["a4"], previews=False, jobs=1)
    assert len(calls) == 2 and checks == [os.getpid()] * 2  # one process: each game's checks and hooks here
    assert [g.findings for g in pooled.games] == [g.findings for g in serial.games]
    assert sorted(pooled.built) == sorted(serial.built) and pooled.built
    for game in ("mini-terrain", "mini-hoh"):  # the same files, the same bytes
        a, b = tmp_path / "pooled" / game, tmp_path / "serial" / game
        files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file() and p.name != MANIFEST)
        assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file() and p.name != MANIFEST)
        assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files if f.suffix != ".json")


def test_a_hook_error_found_in_a_worker_writes_nothing(tmp_path):
    bad = _missing_map(tmp_path)
    result = build(folders=[FIXTURES / "mini-hoh", bad], out=tmp_path / "out", papers=["a4"], previews=False, jobs=2)
    assert not result.ok and not result.written and not result.built
    assert [f.code for f in result.games[1].findings if f.is_error] == ["terrain-map"]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_build_of_one_game_checks_it_in_its_main_process_and_hooks_it_in_a_worker(tmp_path, monkeypatch):
    calls: list[int] = []
    checks: list[int] = []
    monkeypatch.setattr(projects, "asset_findings", _noted(calls))
    monkeypatch.setattr(projects, "check_game", _checks_noted(checks))
    pooled = build(folders=[FIXTURES / "mini-terrain"], out=tmp_path / "out", papers=["a4"], previews=False,
                   jobs=2)
    assert pooled.clean and calls == [] and checks == [os.getpid()]
    assert pooled.games[0].findings == validate_game(FIXTURES / "mini-terrain").findings


def test_a_build_is_cold_until_a_game_of_its_output_folder_has_a_record(tmp_path):
    out = tmp_path / "out"
    assert unrecorded(out, None)  # no output folder yet
    result = build(folders=[FIXTURES / "mini-hoh"], out=out, papers=["a4"], previews=False, jobs=1)
    (game,) = result.games
    assert not unrecorded(out, None) and not unrecorded(out, game)
    other = validate_game(FIXTURES / "mini-terrain")
    assert unrecorded(out, other)  # this game has none, though another game in the folder has
    (out / game.game_id / MANIFEST).unlink()
    assert unrecorded(out, None) and unrecorded(out, game)
