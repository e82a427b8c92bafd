"""Tabletop Simulator and print-on-demand exports: the saved objects parse and name images that
exist, deck sheets have the right grid and cell size for the card, POD faces are the service sizes."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image, ImageChops

from printgen.model.maps import map_geometry
from printgen.project import validate_game
from printgen.publish.pod import pod_size
from printgen.publish.tts import CARD_DPI, MAP_DPI, TOKEN_DPI, grid_for
from tests.conftest import FIXTURES

GAMES = ["mini-hoh", "mini-dice", "mini-tech"]


def _file(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    path = Path(unquote(parts.path))
    assert path.is_file(), url
    return path


def _px(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


def _objects(path: Path) -> list[dict]:
    doc = json.loads(path.read_text())
    assert isinstance(doc["ObjectStates"], list) and doc["ObjectStates"]
    return doc["ObjectStates"]


@pytest.mark.parametrize("gid", GAMES)
def test_tts_decks_parse_name_existing_images_and_have_the_card_cell_size(site, gid):
    game = validate_game(FIXTURES / gid)
    decks = sorted((site / gid / "tts").glob("*.json"))
    decks = [d for d in decks if d.name != "tokens.json"]
    assert decks, "every mini game has a deck"
    hexes = game.data.game.hex.size
    for path in decks:
        (deck,) = _objects(path)
        if deck["Name"] == "Card":  # a deck of one card is a card in TTS
            cards = [deck]
        else:
            assert deck["Name"] == "DeckCustom"
            cards = deck["ContainedObjects"]
            assert len(cards) == len(deck["DeckIDs"]) == len(set(deck["DeckIDs"])) >= 2
            assert [c["CardID"] for c in cards] == deck["DeckIDs"]
        for key, custom in deck["CustomDeck"].items():
            sheet = Image.open(_file(custom["FaceURL"]))
            back = Image.open(_file(custom["BackURL"])).convert("RGB")
            cols, rows = custom["NumWidth"], custom["NumHeight"]
            assert 2 <= cols <= 10 and 2 <= rows <= 7
            on_sheet = [c for c in cards if str(c["CardID"] // 100) == key]
            assert (cols, rows) == grid_for(len(on_sheet))
            assert all(c["CardID"] % 100 < cols * rows - 1 for c in on_sheet), "the last slot is the hidden back"
            if custom["Type"] == 0:  # a rectangular card: the game's card size at CARD_DPI
                w, h = game.data.game.card.size
            else:  # a flat-top hex tile: its bounding box
                assert custom["Type"] == 3
                w, h = 2 * hexes / 3 ** 0.5, hexes
            cell = (_px(w, CARD_DPI), _px(h, CARD_DPI))
            assert sheet.size == (cols * cell[0], rows * cell[1])
            assert back.size == cell
            assert sheet.info["dpi"][0] == pytest.approx(CARD_DPI, abs=0.5)
            last = cols * rows - 1
            x, y = (last % cols) * cell[0], (last // cols) * cell[1]
            slot = sheet.convert("RGB").crop((x, y, x + cell[0], y + cell[1]))
            assert ImageChops.difference(slot, back).getbbox() is None, "the last slot holds the back"
            # every card slot is drawn, not left blank
            for c in on_sheet:
                s = c["CardID"] % 100
                face = sheet.convert("RGB").crop(((s % cols) * cell[0], (s // cols) * cell[1],
                                                  (s % cols + 1) * cell[0], (s // cols + 1) * cell[1]))
                assert len(face.getcolors(1 << 20)) > 20, c["Nickname"]
            for c in on_sheet:
                assert c["CustomDeck"] == {key: custom}


@pytest.mark.parametrize("gid", ["mini-hoh", "big-map"])
def test_tts_tokens_come_in_bags_of_the_printed_count_and_are_round(site, gid):
    game = validate_game(FIXTURES / gid)
    bags = _objects(site / gid / "tts" / "tokens.json")
    tokens = [t for t in game.data.tokens if t.count]
    assert [b["Nickname"] for b in bags] == [f"{t.name} tokens ({t.count})" for t in tokens]
    d = game.data.game.token.diameter
    for bag, t in zip(bags, tokens):
        assert bag["Name"] == "Bag" and len(bag["ContainedObjects"]) == t.count
        token = bag["ContainedObjects"][0]
        assert token["Name"] == "Custom_Token" and token["Nickname"] == t.name
        img = Image.open(_file(token["CustomImage"]["ImageURL"]))
        assert img.mode == "RGBA" and img.size == (_px(d, TOKEN_DPI),) * 2
        assert img.getpixel((0, 0))[3] == 0, "transparent outside the cut circle"
        assert img.getpixel((img.width // 2, img.height // 2))[3] == 255


def test_tts_maps_are_one_image_at_the_stated_dpi(site):
    game = validate_game(FIXTURES / "big-map")
    for mapdef in game.data.maps:
        geom = map_geometry(mapdef, game.data.game)
        from printgen.names import slug

        img = Image.open(site / "big-map" / "tts" / "maps" / f"{slug(mapdef.name)}.png")
        assert abs(img.width - geom.width / 25.4 * MAP_DPI) <= 1
        assert abs(img.height - geom.height / 25.4 * MAP_DPI) <= 1
    readme = (site / "big-map" / "tts" / "README.txt").read_text()
    assert f"{MAP_DPI} dpi" in readme and f"{TOKEN_DPI} dpi" in readme


def test_pod_poker_faces_are_825_by_1125_px_at_300_dpi():
    assert pod_size((63.5, 88.9)) == (825, 1125)
    assert pod_size((57.15, 88.9)) == (750, 1125)  # bridge


@pytest.mark.parametrize("gid", ["mini-hoh", "mini-dice"])
def test_pod_pngs_and_their_csv(site, gid):
    game = validate_game(FIXTURES / gid)
    pod = site / gid / "pod"
    rows = list(csv.DictReader((pod / "cards.csv").open()))
    fronts = [r for r in rows if r["side"] == "front"]
    backs = [r for r in rows if r["side"] == "back"]
    n_cards = len(game.data.classes) if gid == "mini-hoh" else len(game.data.faces)
    assert len(fronts) == n_cards and len(backs) == 1
    assert int(backs[0]["count"]) == sum(int(r["count"]) for r in fronts)
    listed = {r["file"] for r in rows}
    on_disk = {p.relative_to(pod).as_posix() for p in pod.rglob("*.png")}
    assert listed == on_disk
    for r in rows:
        img = Image.open(pod / r["file"])
        assert img.size == (825, 1125) == (int(r["width_px"]), int(r["height_px"]))
        assert img.info["dpi"][0] == pytest.approx(300, abs=0.5)
        assert r["template"] == "poker" and r["bleed_in"] == "0.125"
        # the art runs into the bleed: no blank paper at the very edge
        rgb = img.convert("RGB")
        assert rgb.getpixel((0, 0)) != (255, 255, 255) or rgb.getpixel((0, 1124)) != (255, 255, 255)


def test_hex_tiles_have_no_pod_export(site):
    assert not (site / "mini-tech" / "pod").exists()


def test_exports_are_linked_from_the_gallery(site):
    html = (site / "mini-hoh.html").read_text()  # the game's own gallery page
    assert 'href="mini-hoh/pod/cards.csv"' in html
    assert 'href="mini-hoh/tts/README.txt"' in html
    assert '<h2 id="export-tts">Tabletop Simulator</h2>' in html and '<h2 id="export-pod">Print on demand</h2>' in html


def test_tts_hex_dice_cards_are_named_by_value_and_unit(site):
    # The sheet's label expression names each card: "1 Pawn", as the printed card shows its value.
    game = validate_game(FIXTURES / "mini-dice")
    (deck,) = [p for p in (site / "mini-dice" / "tts").glob("*.json") if "token" not in p.name]
    names = [c["Nickname"] for obj in _objects(deck) for c in obj["ContainedObjects"]]
    faces = sorted(game.data.faces, key=lambda f: f.value)
    assert names == [f"{f.value} {f.name}" for f in faces]


def test_a_bad_label_expression_is_a_located_finding(tmp_path):
    import shutil

    game = tmp_path / "mini-dice"
    shutil.copytree(FIXTURES / "mini-dice", game)
    text = (game / "game.yaml").read_text()
    assert "sheets:" not in text
    (game / "game.yaml").write_text(text + "sheets:\n  - {name: unit-cards, kind: faces, front: unit-card, "
                                    "back: unit-back, label: \"item.nope ~ \"}\n")
    found = validate_game(game).findings
    bad = [f for f in found if f.loc and f.loc.line == text.count("\n") + 2]
    assert bad and bad[0].is_error, [f.format() for f in found]
