"""The `playtest` build target a game asks for in game.yaml (``playtest: {games, seed, agents, ...}``):
its JSON, text and HTML under playtest/, and the rule holes (warnings) and unplayable data (errors)
joining the validator's findings. One simulation serves both: the report is kept per game and spec."""

from __future__ import annotations

from ..findings import Finding, error

_DONE: dict = {}  # (id of the game's data, spec) -> (data, report, findings): validate and build play once


def wants_playtest(data) -> bool:
    """The game asks for the playtest target (game.yaml ``playtest:``)."""
    return getattr(data.game, "playtest", None) is not None


def _spec_findings(game, spec) -> list[Finding]:
    from ..check.limits import over_limit
    from ..limits import limit
    from .command import parse_pairings

    found = []
    for field, name in (("games", "playtest-games"), ("move_limit", "playtest-moves"), ("budget", "playtest-budget")):
        value = getattr(spec, field)
        if value > limit(name):
            found.append(over_limit(name, f"playtest {field}", value, game.source.loc(("game", "playtest", field))))
    for i, a in enumerate(spec.agents):
        try:
            parse_pairings([a])
        except ValueError as exc:
            found.append(error("playtest-agents", str(exc), game.source.loc(("game", "playtest", "agents", i))))
    return found


def playtest_for(game):
    """(report or None, findings) of the game's own playtest spec, played once per process."""
    from .command import parse_pairings, playtest_report

    spec = game.data.game.playtest
    key = (id(game.data), spec.model_dump_json())
    if key not in _DONE or _DONE[key][0] is not game.data:
        found = _spec_findings(game, spec)
        if found:
            _DONE[key] = (game.data, None, found)
        else:
            _DONE[key] = (game.data, *playtest_report(
                game, games=spec.games, seed=spec.seed, pairings=parse_pairings(spec.agents), budget=spec.budget,
                move_limit=spec.move_limit))
        while len(_DONE) > 4:  # a long-running studio validates many versions of a game: keep the last few
            _DONE.pop(next(iter(_DONE)))
    return _DONE[key][1:]


def check_playtest(game):
    """The target's validation hook: the rule holes met (warnings) and data that cannot be played (errors)."""
    if game.data is None or not wants_playtest(game.data):
        return []
    return list(playtest_for(game)[1])


def render_playtest(game, spec) -> dict:
    """The JSON, text and HTML report under playtest/ (once, whatever the paper)."""
    from ..draw.document import RawFile
    from .page import report_page
    from .report import text_lines

    report, _ = playtest_for(game)
    if report is None:
        return {}
    return {"playtest-json": RawFile("playtest/playtest.json", report.json()),
            "playtest-text": RawFile("playtest/playtest.txt", ("\n".join(text_lines(report)) + "\n").encode()),
            "playtest-html": RawFile("playtest/playtest.html", report_page(report))}
