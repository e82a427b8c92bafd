"""The studio: ``printgen serve``, a live preview of every face, sheet, map and rulebook page in the browser.

faces.py draws each card, back and token alone as a PNG; catalogue.py gathers what the build wrote and
pins findings to faces; events.py pushes server-sent events; server.py serves the page and the output
folder (nothing else) on the loopback address; session.py rebuilds on save.
"""
