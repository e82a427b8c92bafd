"""The cutting-machine print profiles: ``silhouette/`` and ``cricut/`` in a game's output folder.

Each holds ``print-and-cut-sheets.pdf`` (every piece a machine can cut, laid out inside its registration
area, the marks on every sheet) and, per sheet, ``sheet-NN-CUT-FILE.svg`` (and ``.dxf`` for Silhouette
Studio's free edition): the cut paths of that sheet at true size. A piece too small for the blade or too
big for the area is a finding at its data; so is a sheet with ink where a mark must stay clear.
"""

from __future__ import annotations

from ..findings import Finding, Location, error, warning
from .machines import MACHINES, Machine
from .pieces import Piece, cut_pieces
from .sheet import Sheet, fits, lay_out

PDF = "print-and-cut-sheets.pdf"


def cut_file(machine: str, number: int, ext: str) -> str:
    """Where sheet ``number``'s cut file goes: the name says what it is, beside the sheets it cuts."""
    return f"{machine}/sheet-{number:02d}-CUT-FILE.{ext}"


def _settings_loc(game, key: str) -> Location:
    return game.source.loc(("game", "print", "cut", key))


def setting_findings(game) -> list[Finding]:
    """Validation hook: cut settings no sheet can be made with (a kerf as large as the smallest piece, a
    paper too small for a machine's marks), located at game.yaml's ``print: {cut: ...}``."""
    if game.data is None:
        return []
    cfg = game.data.game
    spec = cfg.print.cut
    found = []
    sizes = [("a token", cfg.token.diameter)] if game.data.tokens else []
    sizes.append(("a card", min(cfg.card.size)))
    what, least = min(sizes, key=lambda s: s[1])
    if spec.kerf * 2 >= least:
        found.append(error("cut-setting", f"print: cut: kerf {spec.kerf:g} mm would cut every piece out {spec.kerf:g} "
                           f"mm beyond its edge, and {what} is only {least:g} mm across; the kerf is a fraction "
                           "of a millimetre (0.1mm is usual)", _settings_loc(game, "kerf")))
    elif spec.kerf > spec.bleed:
        found.append(warning("cut-setting", f"print: cut: kerf {spec.kerf:g} mm is wider than the bleed "
                             f"({spec.bleed:g} mm): every piece would show a white rim; raise bleed to at least "
                             "the kerf", _settings_loc(game, "kerf")))
    w, h = spec.paper
    for name, machine in MACHINES.items():
        x0, y0, x1, y1 = machine.area(w, h)
        marks = [b for box in machine.keepouts(w, h) for b in (box,)]
        if x1 - x0 < 20 or y1 - y0 < 20 or any(b[0] < 0 or b[1] < 0 or b[2] > w or b[3] > h for b in marks):
            found.append(error("cut-setting", f"print: cut: paper {w:g} x {h:g} mm is smaller than the {name} marks "
                               "and the area inside them; use letter or a4", _settings_loc(game, "paper")))
            break
    return found


def _piece_findings(pieces: list[Piece], machine: Machine, w: float, h: float, bleed: float) -> tuple[list[Piece],
                                                                                                    list[Finding]]:
    """The pieces the machine can cut, and a finding at the data of each it cannot."""
    keep, found = [], []
    for p in pieces:
        if p.across < machine.least:
            found.append(warning("cut-piece", f"{p.name} is {p.across:g} mm across, less than the {machine.least:g} "
                                 f"mm a {machine.name} cuts cleanly; it is left off the cut sheets (cut it by hand "
                                 "from the home sheets, or make it larger)", p.where))
        elif not fits(p, machine, w, h, bleed):
            found.append(warning("cut-piece", f"{p.name} ({p.w:g} x {p.h:g} mm) does not fit the {machine.name}'s "
                                 "cutting area; it is left off the cut sheets (cut it by hand)", p.where))
        else:
            keep.append(p)
    return keep, found


def cut_sheets(game, decks, machine: Machine) -> tuple[list[Sheet], list[Finding]]:
    """``game``'s pieces (its ``decks``: publish.cards.card_decks) laid out for ``machine`` on its cut
    settings' paper, and what could not go on."""
    spec = game.data.game.print.cut
    w, h = spec.paper
    pieces, found = _piece_findings(cut_pieces(game, decks, spec.corner), machine, w, h, spec.bleed)
    upright = lay_out(pieces, machine, w, h, spec.bleed)
    # cards turned a quarter often sit three rows deep where upright ones sit two: the fewer sheets wins
    turned = [p.turned() if p.shape == "rect" and fits(p.turned(), machine, w, h, spec.bleed) else p for p in pieces]
    sideways = lay_out(turned, machine, w, h, spec.bleed) if turned != pieces else upright
    return (sideways if len(sideways) < len(upright) else upright), found


def machine_export(name: str, game, decks) -> tuple[dict[str, bytes], dict]:
    """The sheets PDF and each sheet's cut files for machine ``name`` (the game's card ``decks`` among its
    pieces: publish.cards.card_decks), and the gallery entry."""
    from ..draw.document import Document
    from ..preflight.registration import clear_findings
    from ..preflight.run import settings_of
    from ..write.pdf import to_pdf
    from .files import dxf_bytes, svg_bytes

    machine = MACHINES[name]
    spec = game.data.game.print.cut
    sheets, found = cut_sheets(game, decks, machine)
    if not sheets:  # nothing to cut (or nothing the machine can): what could not go on is still said
        return {}, ({"findings": [f.to_dict() for f in found]} if found else {})
    cfg = game.data.game
    w, h = spec.paper
    title = f"{cfg.name}: print-and-cut sheets ({machine.label})"
    files = {f"{name}/{PDF}": to_pdf(Document(title=title, pages=[s.page for s in sheets]))}
    found += clear_findings([s.page for s in sheets], f"{name}/{PDF}", Location(str(game.folder / "game.yaml"), 1, 1),
                            settings_of(game).level("registration"))
    for n, sheet in enumerate(sheets, start=1):
        loops = [(p.name, loop) for p, loop in sheet.loops(spec.bleed, spec.kerf)]
        files[cut_file(name, n, "svg")] = svg_bytes(loops, w, h, f"{cfg.name}: cut file of sheet {n}")
        if "dxf" in machine.formats:
            files[cut_file(name, n, "dxf")] = dxf_bytes(loops, w, h)
    pieces = sum(len(s.placed) for s in sheets)
    links = [{"href": f"{name}/{PDF}", "label": f"{len(sheets)} sheets to print, {pieces} pieces"}] + [
        {"href": cut_file(name, n, ext), "label": f"sheet {n}: cut file ({ext.upper()})"}
        for n in range(1, len(sheets) + 1) for ext in machine.formats]
    facts = {"machine": machine.label, "software": machine.software, "mat": machine.mat,
             "paper": f"{w:g} x {h:g} mm card stock", "kerf": f"{spec.kerf:g} mm", "bleed": f"{spec.bleed:g} mm"}
    text = (f"Print the sheets at 100 % (no fit to page) on {w:g} x {h:g} mm card, then open each sheet's cut file "
            f"in {machine.software}; the machine reads the marks and cuts every piece on its line.")
    return files, {"title": f"Print and cut: {machine.label}", "text": text, "links": links, "facts": facts,
                   "findings": [f.to_dict() for f in found]}
