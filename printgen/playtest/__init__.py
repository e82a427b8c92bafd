"""printgen playtest: games a rules pack plays against itself, and what they show (printgen.playtest.command)."""
