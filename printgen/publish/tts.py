"""Tabletop Simulator: card decks as deck sheets with saved-object JSON, tokens, maps as one image.

Under ``output/<game>/tts/``:

- ``<deck>-deck.png``: the faces on a grid of at most 10 x 7 at ``CARD_DPI``; the last slot
  of the grid holds the card back, which TTS shows for a card hidden in another player's hand.
  A deck of more than 69 cards takes several sheets.
- ``<deck>-back.png``: the back alone; ``<deck>.json``: a saved object TTS imports as the deck.
- ``tokens.json`` with ``tokens/<token>.png`` (round, transparent outside the cut circle, at
  ``TOKEN_DPI``): a bag per token kind holding as many tokens as the sheet prints.
- ``maps/<map>.png``: each map whole, at ``MAP_DPI``, for a custom board.

TTS needs absolute addresses: the JSON names its images by ``file://`` URLs of this output
folder, so after moving the folder build again (or upload the images and edit the URLs).
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

from PIL import Image, ImageDraw

from ..draw.document import Document, Page
from ..model.maps import map_geometry
from ..names import slug
from ..render.maps import map_ops, map_pictures
from ..render.tokens import TokenFaces
from ..write.pdf import to_pdf
from .cards import CardDeck, card_decks
from .raster import Rows, items_rows, pdf_page_pngs, px, reused_pngs, sheet_rows
from ..write.reuse import Reuse, source_digest

CARD_DPI = 150  # deck sheets and backs: a poker card is 375 x 525 px
TOKEN_DPI = 300
MAP_DPI = 100  # a 1-inch hex is 100 px across the flats
MAX_COLS, MAX_ROWS = 10, 7
TTS_SHAPE = {"rect": 0, "hex": 3}  # CustomDeck "Type": 0 rounded rectangle, 3 hexagon


def grid_for(n: int) -> tuple[int, int]:
    """(columns, rows) for ``n`` faces plus the hidden back in the last slot; TTS wants at least 2 x 2."""
    slots = n + 1
    rows = max(2, math.ceil(slots / MAX_COLS))
    cols = max(2, math.ceil(slots / rows))
    return cols, rows


def _guid(*parts: str) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:6]


def _transform(x: float = 0.0, z: float = 0.0, *, face_down: bool = False, scale: float = 1.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _saved(objects: list[dict], name: str) -> bytes:
    doc = {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
           "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
           "VersionNumber": ""}
    return json.dumps(doc, indent=1, ensure_ascii=False).encode()


def deck_sheets(deck: CardDeck, items: list | None = None) -> tuple[list[tuple[Rows, int, int, list[int]]], Rows]:
    """The deck's sheets as (their pixels, columns, rows, card indices on it) and the back, at CARD_DPI
    (``items``: the faces' ops and then the back's, when already drawn). Each face is drawn by pdfium
    straight into its slot of the sheet (printgen.write.raster.page_sheets): no face image, no blank sheet
    to paste onto."""
    w, h = deck.trim
    cell = (px(w, CARD_DPI), px(h, CARD_DPI))
    items = items or [c.face(0.0) for c in deck.cards] + [deck.back(0.0)]
    grids, chunks = [], _chunks(len(deck.cards))
    for chunk in chunks:
        cols, rows = grid_for(len(chunk))
        slots: list[int | None] = [None] * (cols * rows)
        slots[:len(chunk)] = chunk
        slots[-1] = len(items) - 1  # the back, in the last slot
        grids.append((cols, rows, slots))
    drawn = sheet_rows(items, *deck.box(0.0), cell=cell, sheets=grids)
    if not drawn:  # a deck of no cards: the back alone
        return [], next(items_rows([items[-1]], *deck.box(0.0), size_px=cell))
    cols, rows, _ = grids[0]
    back = drawn[0].cut((cols - 1) * cell[0], (rows - 1) * cell[1], *cell)  # as drawn alone: the same pixels
    return [(sheet, cols, rows, chunk) for sheet, (cols, rows, _), chunk in zip(drawn, grids, chunks)], back


def _chunks(n: int) -> list[list[int]]:
    """The card indices on each sheet of a deck of ``n``."""
    per_sheet = MAX_COLS * MAX_ROWS - 1
    return [list(range(start, min(start + per_sheet, n))) for start in range(0, n, per_sheet)]


def _sheet_path(deck: CardDeck, k: int, count: int) -> str:
    return f"tts/{deck.slug}-deck{'' if count == 1 else f'-{k}'}.png"


def _deck_files(game, deck: CardDeck, gout: Path, reuse: Reuse) -> tuple[dict[str, bytes], str]:
    back_path = f"tts/{deck.slug}-back.png"
    chunks = _chunks(len(deck.cards))
    images = [back_path] + [_sheet_path(deck, k, len(chunks)) for k in range(1, len(chunks) + 1)]
    items = [c.face(0.0) for c in deck.cards] + [deck.back(0.0)]
    # the back and the sheets as a whole: a sheet shows every card, and the back sits on each sheet
    files = reuse.take(images, source_digest("tts-deck", items, deck.box(0.0), deck.trim, CARD_DPI))
    if files is None:
        sheets, back = deck_sheets(deck, items)
        files = {back_path: back.png(CARD_DPI)}
        files.update((path, sheet.png(CARD_DPI)) for path, (sheet, *_) in zip(images[1:], sheets))
    custom, cards, ids = {}, [], []
    for k, chunk in enumerate(chunks, start=1):
        cols, rows = grid_for(len(chunk))
        path = images[k]
        custom[str(k)] = {"FaceURL": (gout / path).resolve().as_uri(), "BackURL": (gout / back_path).resolve().as_uri(),
                          "NumWidth": cols, "NumHeight": rows, "BackIsHidden": False, "UniqueBack": False,
                          "Type": TTS_SHAPE[deck.shape]}
        for slot, i in enumerate(chunk):
            card_id = k * 100 + slot
            ids.append(card_id)
            cards.append({"GUID": _guid(game.game_id, deck.slug, str(i)), "Name": "Card",
                          "Nickname": deck.cards[i].name, "Description": "", "CardID": card_id,
                          "Transform": _transform(), "CustomDeck": {str(k): custom[str(k)]}})
    scale = deck.trim[0] / 63.5 if deck.shape == "hex" else 1.0
    nickname = f"{game.data.game.name}: {deck.name}"
    if len(cards) == 1:
        obj = {**cards[0], "Transform": _transform(scale=scale)}
    else:
        obj = {"GUID": _guid(game.game_id, deck.slug), "Name": "DeckCustom", "Nickname": nickname,
               "Description": f"{len(cards)} cards", "Transform": _transform(scale=scale), "DeckIDs": ids,
               "CustomDeck": custom, "ContainedObjects": cards}
    json_path = f"tts/{deck.slug}.json"
    files[json_path] = _saved([obj], nickname)
    return files, json_path


def _round(img: Image.Image) -> Image.Image:
    """Clear everything outside the cut circle (the sheet's bleed ring), so the token is round in TTS."""
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, img.width - 1, img.height - 1), fill=255)
    out = img.convert("RGBA")
    out.putalpha(Image.composite(out.getchannel("A"), mask, mask))
    return out


def _token_files(game, gout: Path, reuse: Reuse) -> dict[str, bytes]:
    drawn = [(i, t) for i, t in enumerate(getattr(game.data, "tokens", None) or []) if t.count]
    if not drawn:
        return {}
    faces = TokenFaces(game)
    tokens = [t for _, t in drawn]
    d = faces.diameter
    size = (px(d, TOKEN_DPI), px(d, TOKEN_DPI))
    # each face cut to its disc: no bleed, the image is the token
    items = [faces.face(i, bleed=0.0) for i, _ in drawn]
    paths = [f"tts/tokens/{slug(t.name)}.png" for t in tokens]
    files = reused_pngs(reuse, paths, items, (d, d), size, TOKEN_DPI, transparent=True, finish=_round)
    bags = []
    for i, (t, path) in enumerate(zip(tokens, paths)):
        token = {"Name": "Custom_Token", "Nickname": t.name, "Description": t.text or "",
                 "Transform": _transform(scale=d / 25.4),
                 "CustomImage": {"ImageURL": (gout / path).resolve().as_uri(), "ImageSecondaryURL": "",
                                 "ImageScalar": 1.0, "WidthScale": 0.0,
                                 "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False,
                                                 "Stackable": True}}}
        contents = [{**token, "GUID": _guid(game.game_id, "token", t.name, str(n))} for n in range(t.count)]
        bags.append({"GUID": _guid(game.game_id, "bag", t.name), "Name": "Bag",
                     "Nickname": f"{t.name} tokens ({t.count})", "Description": t.text or "",
                     "Transform": _transform(x=3.0 * i), "ContainedObjects": contents})
    files["tts/tokens.json"] = _saved(bags, f"{game.data.game.name}: tokens")
    return files


def _map_files(game, reuse: Reuse) -> dict[str, bytes]:
    files = {}
    data = game.data
    pictures = map_pictures(game) if getattr(data, "maps", None) else {}
    for mapdef in getattr(data, "maps", None) or []:
        geom = map_geometry(mapdef, data.game)
        page = Page(geom.width, geom.height,
                    map_ops(geom, data, (0.0, 0.0, geom.width, geom.height), 0.0, 0.0, pictures))
        path = f"tts/maps/{slug(mapdef.name)}.png"
        kept = reuse.take([path], source_digest("tts-map", page, MAP_DPI))
        if kept is not None:
            files.update(kept)
            continue
        (files[path],) = pdf_page_pngs(to_pdf(Document(title=mapdef.name, pages=[page]), joinable=False),
                                       dpi=MAP_DPI, stated_dpi=MAP_DPI)
    return files


def readme(game, decks: list[str], has_tokens: bool, maps: list[str]) -> bytes:
    lines = [f"{game.data.game.name} v{game.data.game.version} for Tabletop Simulator", "",
             "Copy the .json files into Tabletop Simulator's Saved Objects folder",
             "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects), then load them from",
             "Objects > Saved Objects. They name their images by file:// addresses of this folder:",
             "after moving it, build again (or host the images and change the addresses).", ""]
    for path in decks:
        lines.append(f"  {path}: a deck; its sheet is at {CARD_DPI} dpi, the card back in the last slot")
    if has_tokens:
        lines.append(f"  tts/tokens.json: a bag of tokens per kind; token images at {TOKEN_DPI} dpi")
    for path in maps:
        lines.append(f"  {path}: the whole map at {MAP_DPI} dpi, for Objects > Components > Custom > Board")
    return ("\n".join(lines) + "\n").encode()


def tts_export(game, gout: Path, reuse: Reuse | None = None) -> tuple[dict[str, bytes], dict]:
    """Every TTS file of one game (paths under its output folder) and its gallery entry; an image drawn
    as it was at the last publish is taken from ``reuse`` (printgen.write.reuse)."""
    reuse = reuse or Reuse()
    files: dict[str, bytes] = {}
    decks = []
    for deck in card_decks(game):
        made, json_path = _deck_files(game, deck, gout, reuse)
        files.update(made)
        decks.append(json_path)
    tokens = _token_files(game, gout, reuse)
    files.update(tokens)
    maps = _map_files(game, reuse)
    files.update(maps)
    if not files:
        return {}, {}
    files["tts/README.txt"] = readme(game, decks, bool(tokens), sorted(maps))
    links = [{"href": "tts/README.txt", "label": "How to load them (README)"}]
    links += [{"href": p, "label": f"Deck: {p[4:-5]} (saved object)"} for p in decks]
    if tokens:
        links.append({"href": "tts/tokens.json", "label": "Tokens (saved object)"})
    links += [{"href": p, "label": f"Map image: {Path(p).stem} ({MAP_DPI} dpi)"} for p in sorted(maps)]
    info = {"title": "Tabletop Simulator", "links": links,
            "text": f"Decks as {CARD_DPI} dpi sheets with the card back in the last slot, tokens in bags, "
                    f"maps as whole images."}
    return files, info
