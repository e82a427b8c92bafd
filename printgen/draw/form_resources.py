"""What reportlab leaves out of a form XObject's resources, put back: the graphics states its drawing sets.
printgen draws a group repeated on a sheet once, as a form (draw/canvas.py ``_form``)."""

from __future__ import annotations


def with_graphics_states(c, name: str) -> None:
    """Give the form ``name`` just ended resources naming the graphics states its drawing sets (a see-through
    shape's alpha: "/gRLs0 gs"). reportlab's form writes its fonts and pictures into its resources but not those
    (pdfdoc.PDFFormXObject.format): a reader then finds no such state and paints the shape opaque. Forms that set
    none are left as they were (the same bytes)."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

    form = c._doc.idToObject.get(xObjectName(name))
    states = getattr(form, "ExtGState", None)
    if form is None or not states or form.Resources:
        return
    stream = form.stream
    if (b"gs" if isinstance(stream, bytes) else "gs") not in stream.split():
        return
    resources = PDFResourceDictionary()  # (as format() makes them, and the states)
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = states
    form.Resources = resources
