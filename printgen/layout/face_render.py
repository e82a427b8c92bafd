"""Drawing a Face (layout/face.py) for one item: its vars, its background, each element (placed again from an
earlier face where it read the same values, layout/reads.py), its stamp last, and the cut line of a round
or hex face. Ops in mm, bleed-box coordinates."""

from __future__ import annotations

from ..draw.document import Group, Op, Style
from ..draw.provenance import Source, drawing
from ..findings import quoted
from .face import _COLOUR, FAILED, Face, _all, outline
from .reads import element_reads, fingerprint
from .spec import Element


def render_face(face: Face, scope: dict) -> list[Op]:
    """The face's ops in bleed-box coordinates ((0, 0) the bleed box's top-left corner, mm)."""
    ox, oy, _, _ = face.frame
    trim = (ox, oy, face.w, face.h) if face.shape == "rect" else None  # round and hex faces carry a cut line
    with drawing(Source(face.what, face.item_loc, trim=trim)):
        return _render_face(face, scope)


def _render_face(face: Face, scope: dict) -> list[Op]:
    given = scope
    scope = dict(scope)
    for name, raw, loc in face.layout.vars:
        v = face.eval(raw, scope, loc)
        scope[name] = None if v is FAILED else v
        path = face.data_path(raw)
        if path is not None:
            face.paths[name] = path
    ox, oy, fw, fh = face.frame
    ops: list[Op] = []
    bg = face.layout.settings.get("background")
    if bg is not None:
        v = face.eval(bg, scope, face.layout.loc("background"))
        if isinstance(v, str) and _COLOUR.match(v.strip()):
            # the whole bleed box of a card; a token's or tile's bleed disc or hexagon, so neighbours can sit close
            ops.append(_outline(face, fw, fh, fw, fh, Style(fill=v.strip().lower()), "background"))
        elif v is not FAILED and v not in (None, "none"):
            face.problem("layout-colour", f"layout '{face.layout.name}': background {quoted(v)} is not a colour; write "
                         "'#rrggbb'", face.layout.loc("background"))
    trim = (ox, oy, face.w, face.h)
    if any(e.args.get("group") for e in _all(face.layout.elements)):
        # Texts of a group share one size: measure them all first, then draw at the smallest (which
        # can be below a member's own min: the second pass finds that, validating too).
        face.measuring = True
        face.draw(face.layout.elements, scope, trim)
        face.measuring = False
    # a stamp prints the digest of everything else on the face: drawn last, from what the rest drew
    stamps = [el for el in face.layout.elements if el.type == "stamp"]
    for el in [e for e in face.layout.elements if e.type != "stamp"] + stamps:
        if el is (stamps[0] if stamps else None):
            from .digest import shown_digest

            # validating, the faces are drawn for their findings only (their texts' ops are left out, so
            # the digest would not be the printed one anyway): a stamp is as long, its digest never read
            if face.validating:
                face.shown = _UNSHOWN
            elif face.stamp_bleed is not None and face.stamp_bleed != face.bleed:
                face.shown = _shown_at(face, given, face.stamp_bleed)
            else:
                face.shown = shown_digest(ops, face.memo)
        seen = _seen_key(face, el, scope) if face.validating or el.type != "stamp" else None
        if face.validating:
            if seen is not None and seen in face.memo:
                continue  # drawn without a finding on an earlier face, from the same values (layout/reads.py)
        elif seen is not None:
            # Drawing, an element that read the same values on an earlier face draws the same ops: those
            # very ops are placed again (their texts keep the source of the face that drew them first, as
            # two cards' identical backs are one face to the preflight). The stamp reads the face's digest,
            # no value of the scope, so it is always drawn. (The key holds the bleed: a face drawn at
            # another bleed for its stamp meets none of these.)
            drawn_key = ("drawn",) + seen
            again = face.memo.get(drawn_key)
            if again is not None:
                ops += again
                continue
        count = len(face.found)
        drawn = face.draw((el,), scope, trim)
        if seen is not None and face.validating and len(face.found) == count:
            face.memo[seen] = True
        # Each element's ops as one group: a frame, a stats row or a badge drawn alike on many cards is
        # then one PDF form, drawn once (printgen.draw.canvas); a group that is not is drawn in place.
        placed = [Group(tuple(drawn))] if len(drawn) > 1 else drawn
        if seen is not None and not face.validating:
            face.memo[("drawn",) + seen] = placed
        ops += placed
    if face.shape != "rect" and face.cut > 0:
        # no crop marks can guide scissors round a disc or a hexagon: the face carries its own cut line
        ops.append(_outline(face, fw, fh, face.w, face.h, Style(stroke="#000000", width=face.cut), "cut"))
    return ops


def _shown_at(face: Face, scope: dict, bleed: float) -> str:
    """The stamp digest of ``face`` drawn at ``bleed`` mm instead: a bleed moves and grows what a face
    draws (its ground, every position), never what it shows, so the stamp is of one bleed for every output.
    Worked out once per face and bleed in a maker's memo (the exports draw a card at two bleeds, each
    taking its stamp from the same drawing at the layout's own)."""
    from dataclasses import replace

    # the face as drawn: its layout, size, shape, the text sizes it starts from and everything in its scope, by
    # identity (the values are held in the entry, so no other object takes their ids while it is kept)
    held = tuple(scope.values())
    key = ("shown-at", id(face.layout), face.w, face.h, face.shape, face.cut, bleed,
           tuple(sorted(face.groups.items())), tuple(sorted(face.forced.items())),
           tuple((name, id(v)) for name, v in scope.items()))
    got = face.memo.get(key)
    if got is not None and got[1] is face.layout:
        return got[0]
    twin = replace(face, bleed=bleed, stamp_bleed=None, found=[], paths=dict(face.paths), forced=dict(face.forced),
                   groups=dict(face.groups), shown="")
    _render_face(twin, scope)  # (what it finds is the face's own drawing's to find: its findings are dropped)
    face.memo[key] = (twin.shown, face.layout, held)
    return twin.shown


def _outline(face: Face, fw: float, fh: float, w: float, h: float, style: Style, role: str) -> Op:
    """``outline`` centred on the bleed box (``fw`` x ``fh`` mm), one object for every face drawn alike (ops
    are immutable): what looks at the sheets afterwards meets it again instead of anew."""
    key = ("outline", face.shape, fw, fh, w, h, style, role)
    op = face.memo.get(key)
    if op is None:
        op = face.memo[key] = outline(face.shape, fw / 2, fh / 2, w, h, style, role)
    return op


_UNREAD = object()
_UNSHOWN = "0" * 64  # a digest's length: what a stamp drawn for its findings prints


def _seen_key(face: Face, el: Element, scope: dict) -> tuple | None:
    """What decides ``el``'s findings on this face (see layout/reads.py), or None when that cannot be told."""
    env = face.exprs.env
    reads = face.memo.get(("reads", id(el)), _UNREAD)
    if reads is _UNREAD:
        reads = face.memo[("reads", id(el))] = element_reads(el, env)
    if reads is None:
        return None
    fixed = face.fixed.difference(name for name, _, _ in face.layout.vars)
    values = fingerprint(reads, scope, fixed, env)
    if values is None:
        return None
    return ("seen", id(el), face.w, face.h, face.bleed, face.shape, face.cut, values)
