"""Run a printgen command in a child process and measure it: exit code, output, seconds and peak memory
(the child's own ``resource.getrusage`` high-water mark). Hostile-input tests hold each case to the
bounds a user's machine can afford (issue 37: 10 s and 500 MB)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SECONDS = 10.0
MEGABYTES = 500.0

# The child runs the Typer app and prints its own peak resident memory (KiB on Linux) and the CPU seconds it
# and its workers used last, on stderr.
_CHILD = """
import resource, sys
from printgen.cli import app
try:
    app(sys.argv[1:], prog_name="printgen", standalone_mode=True)
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
else:
    code = 0
use = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = use.ru_utime + use.ru_stime + kids.ru_utime + kids.ru_stime
# ru_maxrss survives exec: a child of a big test process (a pytest-xdist worker) would report its parent's
# size. VmHWM belongs to this program's own memory map, made new at exec.
own = use.ru_maxrss
try:
    with open("/proc/self/status") as status:
        own = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:"))
except (OSError, StopIteration, ValueError):
    pass
sys.stderr.write("\\nPEAK_KIB %d CPU %.3f\\n" % (max(own, kids.ru_maxrss), cpu))
sys.stderr.flush()
sys.exit(code)
"""


@dataclass
class Run:
    code: int
    output: str
    seconds: float  # wall clock
    peak_mb: float
    cpu: float = 0.0  # seconds of CPU the process (and its workers) used: what the case costs on any load


def run_printgen(*args: str, timeout: float = 60.0) -> Run:
    """``printgen ARGS`` in a child process (this worktree's code), measured."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", _CHILD, *args], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=REPO)
    seconds = time.monotonic() - start
    err, _, tail = done.stderr.rpartition("PEAK_KIB ")
    words = tail.split()
    peak = int(words[0]) / 1024 if words else 0.0
    cpu = float(words[2]) if len(words) >= 3 else seconds
    return Run(done.returncode, done.stdout + err, seconds, peak, cpu)


def assert_bounded(run: Run, *, seconds: float = SECONDS, megabytes: float = MEGABYTES) -> None:
    """The run stayed inside the bounds and ended without a traceback. Time is the CPU the case used (a
    loaded machine shares its cores: the wall clock is held to three times the bound)."""
    assert "Traceback" not in run.output, run.output[-3000:]
    assert run.cpu < seconds, f"{run.cpu:.1f} s of CPU\n{run.output[-2000:]}"
    assert run.seconds < 3 * seconds, f"{run.seconds:.1f} s\n{run.output[-2000:]}"
    assert 0 < run.peak_mb < megabytes, f"{run.peak_mb:.0f} MB\n{run.output[-2000:]}"
