"""The hostile-input campaign's figures: cases run, how they ended, findings by code, peak memory.

Run from the repository root:  PYTHONPATH=. python3 bench/fuzz_campaign.py [CASES] [FIRST_SEED]
Each case is tests/fuzz/harness.fuzz_case(seed): a bundled game with 1-3 random hostile edits,
validated and (when valid) built in memory, in a forked child with a time and memory limit.
Prints every case that ended in a traceback, hang, memory blow-up or unlocated finding (with
its seed, to replay it), then the totals. Not a test: the suite's tests/fuzz runs in CI.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.harness import fuzz_case  # noqa: E402


def main() -> int:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    kinds: Counter = Counter()
    codes: Counter = Counter()
    peak, slowest = 0, (0.0, -1)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="printgen-fuzz-") as tmp:
        for seed in range(first, first + cases):
            done, out = fuzz_case(seed, Path(tmp) / "case")
            kinds[out.kind] += 1
            codes.update(out.codes)
            peak = max(peak, out.peak_rss)
            slowest = max(slowest, (out.seconds, seed))
            if out.kind not in ("findings", "built"):
                print(f"seed {seed}: {out.kind}: {done}\n{out.detail[-1500:]}\n", flush=True)
    print(f"{cases} cases (seeds {first}-{first + cases - 1}) in {time.monotonic() - start:.0f} s")
    print("ended: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print(f"tracebacks {kinds['traceback']}, hangs {kinds['timeout']}, memory {kinds['memory']}, "
          f"unlocated {kinds['unlocated']}")
    print(f"peak memory of a case: {peak / 2**20:.0f} MB; slowest case: {slowest[0]:.1f} s (seed {slowest[1]})")
    print("findings by code (cases it appears in): " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    return 1 if set(kinds) - {"findings", "built"} else 0


if __name__ == "__main__":
    sys.exit(main())
