"""Rules analysis: exact combat odds from a game's own dice, and the balance report (printgen balance)."""
