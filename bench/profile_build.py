"""Profile: a cold build of every bundled game, the workers included, as one cProfile table.

Run from the repository root:  python3 bench/profile_build.py [--jobs 2] [--no-previews] [--top 40]
                                                               [--sort cumulative|tottime] [--save FILE]
                                                               [--timeline] [--no-profile] [--again]

The build runs in this process as ``printgen build`` runs it (its own pool of ``--jobs`` workers, forked),
on a copy of the bundled games in a scratch folder. The main process (validation, planning, writing) is
profiled as a whole; in each worker every piece of work (a target's render, a publishing job) runs under
that worker's profiler, and each worker's table is saved when it finishes a piece. The tables are added up
(pstats), so a function's time is its time in every process: more than the wall time when the workers ran
side by side. ``--jobs 1`` profiles the whole build serially in one process. Also printed: the wall time,
each process's busy time and the slowest pieces of work, each with the CPU its worker spent on it (on a
loaded machine a piece's wall time is much longer), and the pieces' CPU summed by kind (a target on a
paper, a publishing job). Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_PROFILE: cProfile.Profile | None = None  # this worker's (made at its first piece of work)
_WORK: list[tuple[str, float, float]] = []  # (what, start, end) of each piece of work, this process


def _profiled(fn, name: str, where: Path, label, profile: bool = True):
    """``fn`` run under this process's profiler when it is a worker, its table saved after each call
    (``profile`` False: only timed)."""
    main = os.getpid()

    def run(*args, **kwargs):
        global _PROFILE
        t, cpu = time.time(), time.process_time()
        if os.getpid() == main or not profile:  # serial (--jobs 1): the main profiler sees it already
            result = fn(*args, **kwargs)
        else:
            if _PROFILE is None:
                _PROFILE = cProfile.Profile()
            _PROFILE.enable()
            try:
                result = fn(*args, **kwargs)
            finally:
                _PROFILE.disable()
                _PROFILE.dump_stats(where / f"worker-{os.getpid()}.prof")
        cpu = time.process_time() - cpu  # this process's own CPU (its threads included), not the machine's
        _WORK.append((label(*args, **kwargs), t, time.time()))
        with open(where / f"work-{os.getpid()}.txt", "a", encoding="utf-8") as f:
            f.write(f"{label(*args, **kwargs)}\t{t}\t{time.time()}\t{cpu}\n")
        return result

    run.__module__, run.__qualname__, run.__name__ = fn.__module__, name, name  # pickled by its name
    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-previews", action="store_true")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--timeline", action="store_true", help="print every piece of work by its start")
    ap.add_argument("--no-profile", action="store_true",
                    help="time the pieces of work without the profiler (its overhead skews the timeline)")
    ap.add_argument("--again", action="store_true",
                    help="profile a rebuild with nothing changed (the cold build made first, in another process)")
    ap.add_argument("--save", help="write the added-up table here (pstats format), the main process's "
                                       "alone beside it (FILE.main)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="printgen-profile-") as tmp:
        tmp = Path(tmp)
        for name in ("data", "templates"):
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, tmp / "project" / name)
        stats_dir = tmp / "stats"
        stats_dir.mkdir()
        os.chdir(tmp / "project")
        if args.again:  # the cold build, by the CLI in its own process: this one starts as a rebuild's does
            import subprocess

            subprocess.run([sys.executable, "-m", "printgen.launcher", "build", "--out", "output",
                            *(["--no-previews"] if args.no_previews else [])], check=True, capture_output=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        t0 = time.time()
        # as the console script starts a build (printgen/launcher.py main): collections batched, numpy's OpenBLAS
        # on one thread, and what the command imports left out of every later collection; without them the
        # figures carry collections a real build never makes
        from printgen import launcher

        launcher.batch_gc()
        launcher.one_blas_thread()
        launcher.settle(["build"])
        import printgen.build as build
        import printgen.publish.publisher as publish
        from printgen.project import Project

        imported = time.time() - t0
        build.render_target = _profiled(build.render_target, "render_target", stats_dir,
                                        lambda t, **k: f"{t.game.game_id}/{t.key}", not args.no_profile)
        publish.run_job = build.run_job = _profiled(
            publish.run_job, "run_job", stats_dir,
            lambda job: f"{job[1][0].game_id}/{job[0].__name__.strip('_')}"
                        f"{':' + job[1][1] if isinstance(job[1][1], str) else ''}", not args.no_profile)
        import printgen.project as projects

        if hasattr(projects, "asset_checks"):  # a game's asset hooks, run in a worker (printgen.schedule.validated)
            projects.asset_checks = _profiled(projects.asset_checks, "asset_checks", stats_dir,
                                              lambda g: f"{g.game_id}/validation", not args.no_profile)
        project = Project(Path.cwd())
        main_profile = cProfile.Profile()
        import resource

        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)  # the cold build's, with --again: not counted
        t1 = time.time()
        if not args.no_profile:
            main_profile.enable()
        result = build.build(folders=project.games(), out=Path("output"), papers=["a4", "letter"],
                             previews=not args.no_previews, jobs=args.jobs, project=project)
        main_profile.disable()
        wall = time.time() - t1
        cpu1, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        main_cpu = cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime
        main_profile.dump_stats(stats_dir / "main.prof")
        files = sorted(str(p) for p in stats_dir.glob("*.prof"))
        stats = pstats.Stats(*files) if not args.no_profile else None
        if args.save and stats:
            stats.dump_stats(args.save)
            shutil.copy(stats_dir / "main.prof", f"{args.save}.main")  # the main process's own table
        work = []
        for p in stats_dir.glob("work-*.txt"):
            for line in p.read_text(encoding="utf-8").splitlines():
                what, a, b, c = line.split("\t")
                work.append((p.stem[5:], what, float(a) - t1, float(b) - t1, float(c)))
        load = os.getloadavg()[0]
        print(f"{len(result.built)} targets built, {args.jobs} worker(s), previews {not args.no_previews}: "
              f"wall {wall:.2f} s after {imported:.2f} s of imports; load average {load:.1f} on "
              f"{os.cpu_count()} cores")
        print(f"  CPU: main process {main_cpu:.2f} s (its threads included), workers "
              f"{kids.ru_utime + kids.ru_stime - kids0.ru_utime - kids0.ru_stime:.2f} s")
        for pid in sorted({w[0] for w in work}):
            mine = [w for w in work if w[0] == pid]
            print(f"  process {pid}: busy {sum(b - a for _, _, a, b, _ in mine):.2f} s "
                  f"({sum(c for *_, c in mine):.2f} s CPU) in {len(mine)} pieces, "
                  f"first at {min(a for _, _, a, _, _ in mine):.2f} s, "
                  f"last done at {max(b for *_, b, _ in mine):.2f} s")
        print("slowest pieces of work (s, wall and the worker's CPU; under load the wall is longer):")
        for _, what, a, b, c in sorted(work, key=lambda w: w[2] - w[3])[:12]:
            print(f"  {b - a:6.2f}  {c:6.2f} CPU  {what}  (from {a:.2f} s)")
        kinds: dict[str, list[float]] = {}
        for _, what, a, b, c in work:  # "game/kind:paper" or "game/kind": summed over games and papers
            kind = kinds.setdefault(what.split("/", 1)[-1].split(":")[0], [0, 0.0, 0.0])
            kind[0] += 1
            kind[1] += b - a
            kind[2] += c
        print("pieces of work by kind (s, summed over games and papers):")
        for kind, (n, w, c) in sorted(kinds.items(), key=lambda kv: -kv[1][2]):
            print(f"  {c:6.2f} CPU  {w:6.2f} wall  {n:3d} x {kind}")
        if args.timeline:
            print("every piece of work, by its start (s):")
            for pid, what, a, b, c in sorted(work, key=lambda w: w[2]):
                print(f"  {a:6.2f} - {b:6.2f}  {c:5.2f} CPU  {pid:>7}  {what}")
        if stats is None:
            return
        print()
        stats.sort_stats(args.sort).print_stats(args.top)
        if args.jobs > 1:
            print("the main process alone (validation, planning, writing; waiting for the workers shows as "
                  "acquire):")
            pstats.Stats(str(stats_dir / "main.prof")).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
