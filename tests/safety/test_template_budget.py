"""Layout values and rulebook chapters stop at their operation budget, and what one C call would allocate is
refused before it runs (issue 37): each hostile case is a located finding, exit 1, nothing written, in
under 10 s and 500 MB (measured in a child process)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from printgen.safety.sandbox import TemplateLimitError, environment
from tests.bounded import assert_bounded, run_printgen
from tests.conftest import FIXTURES

HOSTILE = {
    "nested loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "sum of lists": "{{ ([[1] * 100000] * 100000)|sum(start=[]) }}",
    "format width": "{{ '%0999999999d'|format(1) }}",
    "format precision": "{{ '%.999999999f'|format(1) }}",
    "percent width": "{{ '%0999999999d' % 1 }}",
    "str.format width": "{{ '{:>999999999}'.format(1) }}",
    "join": "{{ (['x' * 100000] * 100000)|join }}",
    "str.join": "{{ ''.join(['x' * 100000] * 100000) }}",
    "repeat": "{{ 'x' * 1000000000 }}",
    "namespace doubled (~)": "{% set ns = namespace(s='xx') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
                             "{% endfor %}{{ ns.s|length }}",
    "namespace doubled (+)": "{% set ns = namespace(s=[1]) %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}"
                             "{% endfor %}{{ ns.s|length }}",
    "big integer squared": "{% set ns = namespace(x=3) %}{% for i in range(64) %}{% set ns.x = ns.x * ns.x %}"
                           "{% endfor %}{{ ns.x > 5 }}",
    "macro in a loop": "{% macro m() %}{% for j in range(100000) %}{% endfor %}{% endmacro %}"
                       "{% for i in range(100000) %}{{ m() }}{% endfor %}",
    "printed list": "{{ (['x' * 100000] * 100000)|string|length }}",
    "nested list printed": "{{ ([[1] * 100000] * 100000) }}",
    "filter over a loop": "{{ range(100000)|map('string')|map('length')|sum }}{% for i in range(100000) %}"
                          "{{ range(100000)|list|length }}{% endfor %}",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_sandbox_refuses_each_case_quickly(name):
    env = environment(Path("/tmp"), Path("/tmp"), markdown=False)
    with env.budget.running(1_000_000, 2.0, "this value"), pytest.raises(TemplateLimitError):
        env.from_string(HOSTILE[name]).render()


def test_ordinary_templates_are_untouched():
    env = environment(Path("/tmp"), Path("/tmp"), markdown=False)
    text = ("{% for i in range(3) %}{{ i ~ '-' }}{% endfor %}{{ [[1], [2]]|sum(start=[]) }} {{ 'a,b'.split(',')|join('+') }} "
            "{{ '%5.2f' % 3.14159 }} {{ '{:>4}'.format(7) }} {{ 2 ** 10 * 3 }} {{ [1] + [2] }}")
    with env.budget.running(1_000_000, 2.0, "this value"):
        assert env.from_string(text).render() == "0-1-2-[1, 2] a+b  3.14    7 3072 [1, 2]"


def test_a_sum_of_many_short_lists_is_linear():
    """Python's sum copies the growing list at every step (5 billion copies here, in one C call)."""
    import time

    env = environment(Path("/tmp"), Path("/tmp"), markdown=False)
    start = time.process_time()
    with env.budget.running(1_000_000, 2.0, "this value"):
        assert env.from_string("{{ ([[1]] * 100000)|sum(start=[])|length }}").render() == "100000"
    assert time.process_time() - start < 1.0


def test_a_value_compiled_by_another_environment_is_budgeted_afresh_each_time():
    """Layouts share compiled values between environments; a budget spent (or timed) long ago by the
    environment that compiled one must not stop it later."""
    a = environment(Path("/tmp"), Path("/tmp"), markdown=False)
    tpl = a.from_string("{% for i in range(1000) %}{% endfor %}ok")
    with a.budget.running(2000, 0.0, "this value"):
        pass  # a deadline already past, were it kept
    b = environment(Path("/tmp"), Path("/tmp"), markdown=False)
    for _ in range(3):
        with b.budget.running(5000, 2.0, "this value"):
            assert tpl.render() == "ok"
    assert tpl.render() == "ok"  # outside any evaluation: no budget


LAYOUT_CASES = ["nested loops", "sum of lists", "format width", "namespace doubled (~)", "big integer squared",
                "str.format width", "macro in a loop"]
RECURSIVE = "{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}"


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def test_hostile_layout_values_are_located_findings_in_bounds(tmp_path):
    """One card with a text element per case (and a macro calling itself): a finding at each element's line,
    the build stopped before anything is written, in one bounded process."""
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    card = game / "templates" / "layouts" / "battle-card.yaml"
    lines = card.read_text(encoding="utf-8").splitlines()
    first = len(lines) + 1
    for text in [HOSTILE[n] for n in LAYOUT_CASES] + [RECURSIVE]:
        lines.append("  - {type: text, text: " + _quoted(text) + ", x: 5mm, y: 70mm, w: 20mm, h: 5mm, size: 6pt}")
    card.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    run = run_printgen("build", str(game), "--out", str(out), "--paper", "a4", "--no-previews")
    assert_bounded(run)
    assert run.code == 1, run.output[-2000:]
    for k, name in enumerate(LAYOUT_CASES):
        assert re.search(rf"battle-card\.yaml:{first + k}:\d+: error\[template-limit\]", run.output), (name, run.output[-3000:])
    assert re.search(rf"battle-card\.yaml:{first + len(LAYOUT_CASES)}:\d+: error\[template-limit\]: layout "
                     r"'battle-card': this value calls itself too deeply", run.output), run.output[-3000:]
    assert not out.exists()


def test_hostile_rulebook_chapters_are_located_findings_in_bounds(tmp_path):
    """A chapter per case, the step budget's last (it stops the whole rulebook)."""
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    names = ["sum of lists", "format precision", "join", "nested loops"]
    for k, name in enumerate(names, start=3):
        (game / "templates" / "rulebook" / f"{k:02d}-hostile.md").write_text(f"# Case {k}\n\n{HOSTILE[name]}\n",
                                                                            encoding="utf-8")
    out = tmp_path / "out"
    run = run_printgen("build", str(game), "--out", str(out), "--paper", "a4", "--no-previews")
    assert_bounded(run)
    assert run.code == 1
    for k, name in enumerate(names, start=3):
        assert re.search(rf"{k:02d}-hostile\.md:3:\d+: error\[template(-limit)?\]", run.output), (name, run.output[-3000:])
    assert not out.exists()


def test_a_runaway_vars_value_is_a_finding_at_its_line(tmp_path):
    from typer.testing import CliRunner

    from printgen.cli import app

    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    card = game / "templates" / "layouts" / "unit-card.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("vars:\n", "vars:\n  spin: \"" + HOSTILE["nested loops"]
                                                             + "\"\n", 1), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 1
    assert re.search(r"unit-card\.yaml:3:\d+: error\[template-limit\]: layout 'unit-card': this layout value takes "
                     r"more than [\d,]+ steps", result.output), result.output
    assert not out.exists()
