"""The ``ink-saver`` print profile: every sheet of the game drawn to save ink (printgen.render.ink_saver),
``ink-saver/<printable>.pdf``, on the paper of ``print: {cut: {paper: ...}}`` (Letter unless set).

The rulebook is left out (a book, typeset in its own pass: print it in draft mode) and so are 3D pieces.
"""

from __future__ import annotations

SKIP = ("rulebook", "balance")  # typeset books and reports: their own printer settings save their ink


def _paper_name(paper: tuple[float, float]) -> str:
    from ..units import PAPER_SIZES

    return next((k for k, v in PAPER_SIZES.items() if v == paper), "custom")


def ink_saver_documents(game) -> dict:
    """stem -> its Document drawn to save ink, for every sheet-like printable of ``game``."""
    from ..draw.document import Document
    from ..draw.page import PageSpec
    from ..registry import assets_for
    from ..render.ink_saver import save_ink

    cfg = game.data.game
    w, h = cfg.print.cut.paper
    spec = PageSpec(_paper_name((w, h)), w, h, cfg.print.margin)
    docs = {}
    for asset in assets_for(game).values():
        if asset.kind != "paper" or asset.name in SKIP or (asset.when is not None and not asset.when(game.data)):
            continue
        for stem, doc in asset.render(game, spec).items():
            if isinstance(doc, Document):
                docs[stem] = Document(title=f"{doc.title} (ink saver)", pages=[save_ink(p) for p in doc.pages],
                                      author=doc.author, subject=doc.subject, facts=doc.facts)
    return docs


def ink_saver_export(game, gout, reuse=None) -> tuple[dict[str, bytes], dict]:
    from ..write.pdf import to_pdf

    if game.data.game.print.ink_saver:
        return {}, {}  # the home sheets are drawn so already
    docs = ink_saver_documents(game)
    files = {f"ink-saver/{stem}.pdf": to_pdf(doc) for stem, doc in sorted(docs.items())}
    links = [{"href": rel, "label": f"{docs[rel[10:-4]].title}: {len(docs[rel[10:-4]].pages)} pages"} for rel in files]
    return files, {"title": "Ink-saver sheets", "links": links, "findings": [],
                   "facts": {"paper": "plain paper or card, any printer", "ink": "backgrounds and large fills "
                             "lightened; text, outlines and small marks kept"},
                   "text": "Every sheet with its backgrounds and large fills lightened and its text and outlines kept: "
                           "under half the ink of the full-colour sheets."}
