"""The free names of a lone layout expression (layout/expressions.py's result cache keys on their values)
found from its syntax tree are those jinja2.meta finds by generating the template's code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jinja2 import TemplateError, meta
from jinja2.sandbox import SandboxedEnvironment

from printgen.layout.expressions import _EXPR, expression_names

ROOT = Path(__file__).resolve().parents[2]
TRICKY = [
    "{{ item.name }}", "{{ mix(accent, '#ffffff', 0.3) }}", "{{ a if b else c }}", "{{ x | default(y) }}",
    "{{ item.stats['vit'] ~ ' / ' ~ n }}", "{{ 3 if k is defined and k > 2 else 0 }}", "{{ [a, b][i] }}",
    "{{ {'k': v}[key] }}", "{{ f(x, y=z, *args, **kw) }}", "{{ loop.index }}", "{{ range(n) | list | length }}",
    "{{ not done and (a or b) }}", "{{ items | map(attribute='name') | join(sep) }}", "{{ 'lit' }}", "{{ 1 + 2 }}",
]


def _bundled_expressions() -> set[str]:
    found = set()
    for folder in ("data", "templates", "tests/fixtures", "printgen/packs"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".yaml", ".yml", ".md", ".j2"):
                found.update(re.findall(r"\{\{.*?\}\}", path.read_text(errors="replace"), re.S))
    return {t for t in found if (m := _EXPR.match(t)) and "{{" not in m.group(1) and "}}" not in m.group(1)}


def test_an_expressions_names_from_its_tree_equal_jinjas():
    env = SandboxedEnvironment()
    checked = 0
    for text in sorted(set(TRICKY) | _bundled_expressions()):
        try:
            ast = env.parse(text)
            want = frozenset(meta.find_undeclared_variables(ast))
        except TemplateError:
            continue  # a game's own filter this bare environment lacks: compiling it fails first anyway
        assert expression_names(ast, env.globals) == want, text
        checked += 1
    assert checked > 100  # the bundled games' layouts were read


@pytest.mark.parametrize("text, names", [("{{ mix(a, b, t) }}", {"mix", "a", "b", "t"}), ("{{ 'x' }}", set()),
                                         ("{{ range(n) | list }}", {"n"})])
def test_an_expressions_names_are_what_it_reads_besides_the_globals(text, names):
    env = SandboxedEnvironment()  # its globals hold range, not mix
    assert expression_names(env.parse(text), env.globals) == names
