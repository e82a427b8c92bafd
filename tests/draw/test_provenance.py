"""Where a drawn text came from (draw/provenance.py): a layout element entered inside a face's source."""

from __future__ import annotations


def test_a_layout_element_is_named_in_the_source_and_left_behind_after_it():
    """draw/provenance.element (a class for speed): inside it the current source is the face's with the
    element's place and name, equal to dataclasses.replace's; after it (an exception too), the face's again."""
    from dataclasses import replace

    import pytest

    from printgen.draw.provenance import Source, current, drawing, element
    from printgen.findings import Location

    face = Source("class card 'Knight'", Location("classes.yaml", 3, 5), trim=(3.0, 3.0, 63.0, 88.0))
    loc = Location("card.yaml", 12, 7)
    with element(loc, "title"):
        assert current() is None  # nothing drawing: nothing to name
    with drawing(face):
        with element(loc, "title"):
            inside = current()
            assert inside == replace(face, element=loc, element_name="title")
            assert hash(inside) == hash(replace(face, element=loc, element_name="title"))
            assert inside.naming() == "class card 'Knight' (layout element 'title')" and inside.place == loc
            with element(None, "stats"):
                assert current().place == face.data and current().trim == face.trim
            assert current() is inside
        with pytest.raises(ValueError):
            with element(loc, "title"):
                raise ValueError("a value of the wrong kind")
        assert current() is face
