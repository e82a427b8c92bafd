"""How a build in workers takes their results as they come (printgen.build): each target written and recorded
as it arrives, a paper's kits started once that paper's targets are written, a game's record and thumbnails
once all its targets are, and its publishing (kits, zips, exports, record) written once all of that is in,
while other games' pieces still run. What is left when the workers have nothing more to do is the last
game's writing; a conflict in a game's publishing is said at the end, once every target is written."""

from __future__ import annotations

import queue
from collections import Counter
from typing import Any

from .write.manifest import OutputConflict
from .write.reuse import read_unread
from .write.staged import stage_result


def run_staged(job: tuple, stage_in: str | None) -> Any:
    """A publishing job (publish/publisher.py ``run_job``) run in a worker: the PDFs handed to it unread read here
    (write/reuse.py Recorded), its files staged in ``stage_in`` (build.render_targets)."""
    from .publish import publisher  # looked up when run: bench/profile_build.py times the jobs by replacing it

    fn, args = job
    return stage_result(publisher.run_job((fn, read_unread(args))), stage_in)


def collect_pooled(run, result) -> None:
    """Take every piece of work of ``run`` (a build's printgen.build._Run, its pool running) as it finishes,
    writing into ``result`` (its BuildResult)."""
    # A paper's kit starts once the game's targets on that paper are written, while others still
    # render; the game's record and thumbnails once all its targets are; and its kits, zips, exports and
    # record are written once all of those are in, while other games' work still runs (what is left for
    # the end, when the workers have nothing more to do, is the last game's).
    index = {id(g): i for i, g in enumerate(run.games)}
    left = Counter((index[id(t.game)], t.paper) for t in run.todo)
    waiting: dict = {}  # future -> the targets it renders, or (game index, job key) of a publishing job
    ready: queue.SimpleQueue = queue.SimpleQueue()  # futures as they finish (their callbacks put them)
    jobs_left: Counter = Counter()  # game index -> its publishing jobs not taken yet
    recorded: set[int] = set()  # the games whose targets are all written (their record taken)
    failed: list[BaseException] = []  # a publishing job's error: raised once every target is written

    def watch(fut, what) -> None:
        waiting[fut] = what
        if isinstance(what, tuple):
            jobs_left[what[0]] += 1
        fut.add_done_callback(ready.put)

    def submit(jobs) -> None:
        for j, key, job in jobs:
            # their files staged for the main process to rename (write/staged.py; build.run_staged)
            watch(run.pool.submit(run_staged, run._job(job), run.stage_in()), (j, key))

    def finish(i: int) -> None:
        """Write game ``i``'s publishing once its targets are written and its jobs taken."""
        if i in recorded and not jobs_left[i] and not failed:
            try:
                run.publisher.finish_game(i)
            except OutputConflict:
                pass  # said by the publisher's finish at the end, once every target is written

    def written(i: int, papers) -> None:
        """Game ``i``'s targets on ``papers`` may be done: start what waits for them."""
        for paper in papers:
            if paper is not None and left[i, paper] == 0:
                submit(run.publisher.kits(i, paper))
        if all(left[i, p] == 0 for p in (*run.papers, None)):
            run.manifests[run.games[i].game_id].save()
            run.publisher.record(i)
            recorded.add(i)
            submit(run.publisher.other_kits(i) + run.publisher.thumbs(i))
            finish(i)

    for fut, targets in run.futures.items():
        watch(fut, targets)
    for fut, i, key in run.exports:
        watch(fut, (i, key))
    for i in range(len(run.games)):
        written(i, run.papers)
    while waiting:
        fut = ready.get()
        what = waiting.pop(fut)
        if isinstance(what, tuple):  # a publishing job
            i, key = what
            jobs_left[i] -= 1
            try:
                run.publisher.take(i, key, fut.result())
            except Exception as exc:  # noqa: BLE001 (raised below, as it was before the targets were all written)
                failed.append(exc)
            finish(i)
            continue
        for target, rendered in zip(what, fut.result(), strict=True):
            run._finished(result, target, rendered)
            i = index[id(target.game)]
            left[i, target.paper] -= 1
            if left[i, target.paper] == 0:
                written(i, [target.paper])
    if failed:
        raise failed[0]
