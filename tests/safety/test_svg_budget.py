"""A picture's SVG is bounded before cairosvg draws it: a 1 KB file of nested <use> (a billion drawn
rectangles: it never ended), a width of 20,000 px (1.6 GB drawn, then a Pillow traceback), a <use> that
leads back to itself, an SVG embedded as a data: picture. Each is an art finding at the place that names
the picture, in bounded time and memory."""

from __future__ import annotations

import base64
import shutil

import pytest

from printgen.safety.svg_budget import DRAWN, SvgRefused, check_svg, drawn_elements
from tests.bounded import assert_bounded, run_printgen
from tests.conftest import FIXTURES

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
MAX_PIXELS = 40_000_000


def use_bomb(levels: int = 9, fan: int = 10) -> str:
    groups = "".join(f'<g id="a{i + 1}">' + f'<use xlink:href="#a{i}"/>' * fan + "</g>" for i in range(levels))
    return f'<svg {NS} width="10" height="10"><rect id="a0" width="1" height="1"/>{groups}</svg>'


HOSTILE = {
    "use-bomb": (use_bomb(), "more than 10,000 elements"),
    "20000px": (f'<svg {NS} width="20000" height="20000"><rect width="1" height="1"/></svg>', "20,000 x 20,000"),
    "100in": (f'<svg {NS} width="100in" height="100in"/>', "9,600 x 9,600"),
    "viewbox-only": (f'<svg {NS} viewBox="0 0 100000 100000"/>', "100,000 x 100,000"),
    "use-loop": (f'<svg {NS} width="10" height="10"><g id="a"><use href="#a"/></g></svg>', "leads back to itself"),
    "use-cycle": (f'<svg {NS} width="10" height="10"><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>',
                  "leads back to itself"),
    "long-path": (f'<svg {NS} width="10" height="10"><path d="{"M0 0 L1 1 " * 60_000}"/></svg>', "more than 10,000"),
    "data-svg": (f'<svg {NS} width="10" height="10"><image href="data:image/svg+xml;base64,'
                 f'{base64.b64encode(use_bomb().encode()).decode()}" width="10" height="10"/></svg>', "embeds another SVG"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_costly_svg_is_refused_before_it_is_drawn(name):
    svg, said = HOSTILE[name]
    with pytest.raises(SvgRefused) as caught:
        check_svg(svg.encode(), MAX_PIXELS)
    assert said in str(caught.value), str(caught.value)


def test_use_is_counted_with_its_target_and_a_shared_target_once_per_use():
    import xml.etree.ElementTree as ET

    # svg, rect, a1 (three uses, each one more the rect), a2 (three uses, each one more a1)
    assert drawn_elements(ET.fromstring(use_bomb(2, 3))) == 1 + 1 + (1 + 3 * (1 + 1)) + (1 + 3 * (1 + 7))
    check_svg(use_bomb(3, 10).encode(), MAX_PIXELS)  # 1,000 rectangles: drawn
    assert DRAWN >= 10_000


def test_the_fixture_pictures_pass():
    check_svg((FIXTURES / "custom-game" / "art" / "lantern.svg").read_bytes(), MAX_PIXELS)


def test_a_use_bomb_in_a_game_is_an_art_finding_in_bounds(tmp_path):
    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    (game / "art" / "lantern.svg").write_text(use_bomb())
    run = run_printgen("validate", str(game))
    assert_bounded(run)
    assert run.code == 1, run.output
    assert "content.yaml:23:15: error[art]" in run.output and "more than 10,000 elements" in run.output, run.output
    assert "Traceback" not in run.output
