"""The post-build step for players: print kits, zips, the gallery page, TTS and print-on-demand exports.

It runs after every target is written and reads only what the build wrote
(PDFs, previews, meshes) plus the validated game. Its inputs are hashed per
game into ``.printgen-publish.json``: a rebuild that changed nothing writes
nothing, and a file it no longer makes is removed.
"""

from .publisher import MANIFEST, Publisher, kit_name, publish, run_job, run_jobs, zip_name  # noqa: F401 (its face)
