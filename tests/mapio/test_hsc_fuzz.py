"""Hypothesis over .hsc bytes: damaged real maps (bytes flipped, cut, spliced) and random bytes either
read or end in an HscError with an offset inside the file; never another exception. A read map
converts to map data without an exception too.

CI runs ``CI_CASES`` derandomised examples; the nightly mode as many as PRINTGEN_FUZZ says:
PRINTGEN_FUZZ=3000 python3 -m pytest tests/mapio/test_hsc_fuzz.py
"""

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.mapio.convert import hsc_to_map
from printgen.mapio.hsc import HscError, read_hsc

CI_CASES = 200
NIGHTLY = int(os.environ.get("PRINTGEN_FUZZ", "0") or 0)
LADDERS = (Path(__file__).parent.parent / "fixtures" / "maps" / "ladders.hsc").read_bytes()


@st.composite
def damaged(draw):
    data = bytearray(LADDERS)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(("flip", "cut", "splice", "int")))
        if kind == "flip":
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            data = data[:at]
            if not data:
                break
        elif kind == "splice":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        else:  # a 32-bit field overwritten with a hostile number
            data[at:at + 4] = draw(st.sampled_from((-1, 2**31 - 1, -2**31, 100_000, 0xFFFF))).to_bytes(4, "little",
                                                                                                      signed=True)
    return bytes(data)


@settings(max_examples=NIGHTLY or CI_CASES, derandomize=not NIGHTLY, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(damaged(), st.binary(max_size=300)))
def test_damaged_files_read_or_fail_located(data):
    try:
        m = read_hsc(data)
    except HscError as exc:
        assert 0 <= exc.offset <= len(data) and exc.message
        return
    imp = hsc_to_map(m, name="Fuzz", game_terrain=["Grass"])
    assert imp.map or any(n.error for n in imp.notes)
