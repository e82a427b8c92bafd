"""Libraries of the operating system that printgen loads through Python packages, each asked for in one
place so that a machine without one gets a sentence saying what to install, not "cannot write out-…".

cairosvg (PNG previews, SVG art) loads the cairo C library when imported; without it the import raises
OSError, which a build would otherwise report as a failure to write its output.
"""

from __future__ import annotations


class MissingLibrary(Exception):
    """A system library printgen needs is not installed: neither the user's data nor the disk is at fault."""


def cairosvg():
    """The cairosvg module; raises MissingLibrary naming what to install when the cairo library is absent."""
    try:
        import cairosvg as module
    except OSError as exc:  # cairocffi: "no library called "cairo-2" was found ..."
        first = str(exc).splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
        raise MissingLibrary(
            f"PNG previews and SVG art need the cairo library, which this machine lacks ({first}); install it "
            "(Debian/Ubuntu: sudo apt install libcairo2; Fedora: sudo dnf install cairo; macOS: brew install "
            "cairo), or build with --no-previews when the game has no SVG art") from None
    return module
