"""Community Heroscape maps in and out: VirtualScape ``.hsc`` files and heroscape-map-editor JSON,
read into the game's own map data (text layers, legend, zones, glyphs, the placed pieces) and
written back. Pure data here; only ``command`` touches disk."""
