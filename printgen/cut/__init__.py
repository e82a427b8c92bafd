"""Print and cut: sheets a cutting machine reads (registration marks round the pieces) and the cut files of
the same sheets (SVG, DXF), for the ``silhouette`` and ``cricut`` print profiles.

machines.py holds each machine's registration geometry (a plain registry), pieces.py gathers every
piece a game prints with its outline, sheet.py lays them out inside a machine's registration area,
files.py writes the cut paths, export.py is the profile's export (publish/shop.PROFILE_EXPORTS).
All lengths in mm, y down from the sheet's top-left corner.
"""
