"""The docs site builds with `mkdocs build --strict` (a broken link, a page missing from the nav or a bad
anchor fails), the way CI builds it. mkdocs comes with the `docs` extra (pip install ".[docs]")."""

from __future__ import annotations

import os
from pathlib import Path
import subprocess
import sys

import pytest

from tests.docs.harness import REPO


def test_mkdocs_build_strict(tmp_path):
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install '.[docs]' (the docs extra) to build the site")
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install '.[docs]'")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    html = (site / "tutorial" / "index.html").read_text(encoding="utf-8")
    assert "Ash Runner" in html and "ember-watch/scouts.yaml" in html
    assert (site / "images" / "icons.png").stat().st_size > 10_000
    _the_tutorial_pictures_are_drawn_from_its_replay(site, html)
    assert "limit-text-length" in (site / "reference" / "limits" / "index.html").read_text(encoding="utf-8")


def test_the_readme_is_a_short_front_page_whose_links_and_picture_resolve():
    import re

    from PIL import Image

    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 80  # a front page; the manual is docs/
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert "docs/images/cards.png" in links and "docs/tutorial.md" in links
    for link in links:
        assert (REPO / link).is_file(), f"README links to {link}, which does not exist"
    picture = Image.open(REPO / "docs" / "images" / "cards.png").convert("RGB")
    assert picture.width > 500 and picture.height > 500
    dark = sum(picture.resize((100, 100)).convert("L").histogram()[:67])  # pixels darker than ~ 200 / 3
    assert 300 < dark < 6000  # the cards' dark title bands, not a blank or a black image


def _the_tutorial_pictures_are_drawn_from_its_replay(site, html):
    """tools/docs_hooks.py replays the tutorial and draws what each step made: the card, the map, the
    chapter, the tile; every picture the page shows is in the site, and each is what it says."""
    import io
    import re

    from PIL import Image

    shown = re.findall(r'<img[^>]+src="([^"]+)"', html)
    pictures = {Path(s).name: site / "tutorial" / s for s in shown if "images/tutorial/" in s}
    assert set(pictures) == {"card.png", "map.png", "chapter.png", "tile.png"}
    for path in pictures.values():
        assert path.resolve().is_file(), path
    with Image.open(pictures["map.png"].resolve()) as im:
        rgb = im.convert("RGB")
        px = rgb.load()
        # the ridge's brown (its terrain colour, shaded for level 2): red over green over blue, darker than Field
        ridge = [(x, y) for x in range(rgb.width) for y in range(rgb.height)
                 if (c := px[x, y])[0] > c[1] > c[2] and c[1] < 170 and c[0] - c[2] > 40]
    xs, ys = [p[0] for p in ridge], [p[1] for p in ridge]
    # the 2x2 ridge is a compact block in the middle of the map, not a strip (legend swatch aside: tiny)
    assert len(ridge) > 500 and 0.5 < (max(xs) - min(xs)) / (max(ys) - min(ys)) < 1.6
    with Image.open(pictures["card.png"].resolve()) as im:
        assert im.width > 150 and im.height > im.width  # a portrait card face


def test_every_how_to_guide_is_listed_on_both_front_pages():
    """A newcomer finds the guides from the README or the docs' home page: each how-to is linked from both
    (cutting, playtest and five more were on neither list)."""
    import re

    guides = {p.name for p in (REPO / "docs" / "how-to").glob("*.md")}
    for front, prefix in ((REPO / "README.md", "docs/how-to/"), (REPO / "docs" / "index.md", "how-to/")):
        linked = set(re.findall(r"\]\(" + re.escape(prefix) + r"([\w-]+\.md)", front.read_text(encoding="utf-8")))
        assert guides <= linked, f"{front.name} does not link {sorted(guides - linked)}"
