"""The asset registry: the shared assets every game can have, and a game's full list with its pack's.

Plan, build, previews and validation all read this one list; a pack registers
its own assets in its RulePack, the same way.
"""

from __future__ import annotations

from .asset import Asset
from .balance.run import check_balance, render_balance, wants_balance
from .check import ValidatedGame
from .cut.export import setting_findings
from .findings import Finding
from .layout.sheets import layout_findings, sheet_assets
from .mesh.pieces import check_pieces, render_pieces
from .playtest.target import check_playtest, render_playtest, wants_playtest
from .render.maps import render_maps
from .render.tokens import check_tokens, render_tokens
from .rulebook.render import check_rulebook, render_rulebook
from .terrain.assets import check_terrain, render_terrain, render_terrain_bom, wants_terrain

SHARED_ASSETS: tuple[Asset, ...] = (
    Asset("maps", render_maps, reads=("maps",)),
    Asset("tokens", render_tokens, reads=("tokens",), validate=check_tokens),
    Asset("rulebook", render_rulebook, validate=check_rulebook, long=True),
    Asset("pieces", render_pieces, kind="mesh", reads=("pieces",), validate=check_pieces),
    Asset("terrain", render_terrain, kind="mesh", reads=("maps",), validate=check_terrain, when=wants_terrain),
    Asset("terrain-bom", render_terrain_bom, reads=("maps",), when=wants_terrain),
    Asset("balance", render_balance, validate=check_balance, when=wants_balance),  # game.yaml balance:
    Asset("playtest", render_playtest, validate=check_playtest, when=wants_playtest),  # game.yaml playtest:
)


def assets_for(game: ValidatedGame) -> dict[str, Asset]:
    """Asset name -> Asset for one game: the shared assets, its rule pack's own, then the sheets its
    game.yaml draws from layouts (a sheet replaces a pack asset of the same name)."""
    pack_assets = game.pack.assets if game.pack else ()
    return {a.name: a for a in SHARED_ASSETS + pack_assets + sheet_assets(game)}


def asset_findings(game: ValidatedGame) -> list[Finding]:
    """What each asset's own validation hook finds (nothing when the data could not be read)."""
    from .check.limits import past_limits

    if game.data is None or past_limits(game.findings):  # a hook builds: never past a limit
        return []
    found: list[Finding] = layout_findings(game)
    if any(f.is_error for f in found):
        return found  # the hooks draw faces: never through a broken layout (fix it, then they run)
    for asset in assets_for(game).values():
        if asset.validate is not None:
            found += list(asset.validate(game))
    return found + setting_findings(game)  # print: cut: settings no sheet can be made with (cut/export.py)
