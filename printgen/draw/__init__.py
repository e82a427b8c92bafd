"""The drawing base that render, write and rulebook share: the drawing model (documents of pages of
ops, in mm), the bundled fonts and their metrics, colours, text layout, built-in icons, plane
geometry and the page's printable area. It imports nothing else of printgen but units and hexgrid,
so the checker can measure text and pages without importing a renderer."""
