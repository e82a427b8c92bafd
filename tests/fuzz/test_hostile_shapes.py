"""The shapes of issue 37's hostile campaign, generated with random sizes: layout values and rulebook chapters
that loop, sum, join, format, repeat, double or square past any budget; map files that span hundreds of
levels, nest JSON deep or turn by inf; combat pools too big to compute. Each case must end in a located
finding (file:line:col, or a byte offset), exit 1, nothing written, inside 10 s and 500 MB, measured in a
child process (tests/bounded.py). A case is a whole printgen process, so this runs nightly:
PRINTGEN_NIGHTLY=1 PRINTGEN_FUZZ=200 python3 -m pytest tests/fuzz/test_hostile_shapes.py"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.bounded import assert_bounded, run_printgen
from tests.conftest import FIXTURES
from tests.mapio.helpers import hsc_bytes

NIGHTLY = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")
CASES = int(os.environ.get("PRINTGEN_FUZZ", "0") or 0) or 30
big = st.integers(min_value=6, max_value=12).map(lambda e: 10 ** e)

EXPRESSIONS = st.one_of(
    st.tuples(st.integers(3_000, 100_000), st.integers(3_000, 100_000)).map(
        lambda ab: "{%% for i in range(%d) %%}{%% for j in range(%d) %%}{%% endfor %%}{%% endfor %%}" % ab),
    st.integers(2_000, 100_000).map(lambda n: "{{ ([[1] * %d] * %d)|sum(start=[]) }}" % (n, n)),
    big.map(lambda w: "{{ '%%0%dd'|format(1) }}" % w),
    big.map(lambda w: "{{ '%%.%df'|format(1) }}" % w),
    big.map(lambda w: "{{ '{:>%d}'.format(1) }}" % w),
    st.integers(5_000, 100_000).map(lambda n: "{{ (['x' * %d] * %d)|join }}" % (n, n)),
    st.sampled_from(["~", "+"]).map(lambda op: "{%% set ns = namespace(s='ab') %%}{%% for i in range(64) %%}"
                                               "{%% set ns.s = ns.s %s ns.s %%}{%% endfor %%}{{ ns.s|length }}" % op),
    st.integers(2, 99).map(lambda x: "{%% set ns = namespace(x=%d) %%}{%% for i in range(64) %%}"
                                     "{%% set ns.x = ns.x * ns.x %%}{%% endfor %%}{{ ns.x > 1 }}" % x),
    st.just("{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}"),
)


def _nested(depth: int) -> bytes:
    return b'{"boardPieces": ' + b"[" * depth + b"]" * depth + b"}"


MAPS = st.one_of(
    st.integers(65, 200).map(lambda top: ("levels.hsc", hsc_bytes(
        0.0007, [(1001, (z * 7) % 40, (z * 13) % 40, z, 0) for z in range(-top, top + 1)]))),
    st.integers(600, 100_000).map(lambda d: ("deep.json", _nested(d))),
    st.integers(600, 100_000).map(lambda d: ("deep.json.gz", gzip.compress(_nested(d)))),
    st.sampled_from(["inf", "-inf", "1e309", "nan"]).map(lambda r: ("turned.json", json.dumps(
        {"boardPieces": {f"0~0~0~{r}~g7": "g7"}}).encode())),
    st.integers(61, 5_000).map(lambda n: ("named.hsc", hsc_bytes(0.0007, [(1001, 0, 0, 0, 0)], name="N" * n))),
)

POOLS = st.tuples(st.integers(61, 100), st.sampled_from([6, 10, 20, 100])).map(
    lambda cs: (cs[0], cs[1], 2))


def _layout_case(root: Path, text: str) -> tuple[list[str], str]:
    game = root / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    card = game / "templates" / "layouts" / "battle-card.yaml"
    card.write_text(card.read_text(encoding="utf-8") + "  - {type: text, text: '" + text.replace("'", "''")
                    + "', x: 5mm, y: 70mm, w: 20mm, h: 5mm, size: 6pt}\n", encoding="utf-8")
    return ["build", str(game), "--out", str(root / "out"), "--paper", "a4", "--no-previews"], \
        r"battle-card\.yaml:\d+:\d+: error\["


def _chapter_case(root: Path, text: str) -> tuple[list[str], str]:
    game = root / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    (game / "templates" / "rulebook" / "03-hostile.md").write_text(f"# Hostile\n\n{text}\n", encoding="utf-8")
    return ["build", str(game), "--out", str(root / "out"), "--paper", "a4", "--no-previews"], \
        r"03-hostile\.md:\d+:\d+: error\["


def _map_case(root: Path, case: tuple[str, bytes]) -> tuple[list[str], str]:
    name, data = case
    game = root / "game"
    shutil.copytree(FIXTURES / "mini-heroscape", game)
    (root / name).write_bytes(data)
    return ["import-map", str(root / name), "--into", str(game)], re.escape(name) + r": (byte \d+: )?"


def _pool_case(root: Path, pool: tuple[int, int, int]) -> tuple[list[str], str]:
    count, sides, target = pool
    game = root / "balance-game"
    shutil.copytree(FIXTURES / "balance-game", game)
    text = (game / "game.yaml").read_text()
    roll = f'attack: "{{attack}}d{sides} hit {target}+ explode {target}+"'
    (game / "game.yaml").write_text(text.replace('attack: "{attack}d6 hit 4+"', roll))
    (game / "content.yaml").write_text((game / "content.yaml").read_text().replace("attack: 5,", f"attack: {count},"))
    return ["balance", str(game), "--out", str(root / "out")], r"\.yaml:\d+:\d+: error\["


SHAPES = st.one_of(
    EXPRESSIONS.map(lambda t: (_layout_case, t)),
    EXPRESSIONS.map(lambda t: (_chapter_case, t)),
    MAPS.map(lambda m: (_map_case, m)),
    POOLS.map(lambda p: (_pool_case, p)),
)


@pytest.mark.skipif(not NIGHTLY, reason="a whole printgen process per case (minutes): set PRINTGEN_NIGHTLY=1")
@settings(max_examples=CASES, deadline=None, database=None, suppress_health_check=list(HealthCheck),
          print_blob=True)
@given(shape=SHAPES)
def test_every_hostile_shape_is_a_located_finding_in_bounds(shape):
    make, value = shape
    root = Path(tempfile.mkdtemp(prefix="printgen-shape-"))
    try:
        args, where = make(root, value)
        run = run_printgen(*args)
        assert_bounded(run, seconds=15.0 if make is _chapter_case else 10.0)  # a chapter's own watchdog is 10 s
        assert run.code == 1, (make.__name__, str(value)[:200], run.output[-2000:])
        assert re.search(where, run.output), (make.__name__, str(value)[:200], run.output[-2000:])
        assert not (root / "out").exists()
    finally:
        shutil.rmtree(root, ignore_errors=True)
