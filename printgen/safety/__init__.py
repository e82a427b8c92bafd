"""Game folders are untrusted: the sandbox for templates, confinement of paths, markup escaping.

Everything a game folder can make printgen do passes through here: a template
runs in an immutable Jinja sandbox (``sandbox``), a file is read only when it
lies inside the game's own folder or its templates (``paths``), and data text
is escaped once before it reaches reportlab's paragraph markup (``markup``).
"""
