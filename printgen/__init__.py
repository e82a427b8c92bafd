"""printgen: print-and-play asset generator for hex tabletop games.

The pipeline is staged (load -> model -> check -> plan -> render -> write) and
plain data travels between stages. Every length inside printgen is in
millimetres; points and pixels appear only in the writers.
"""

__version__ = "0.1.0"
