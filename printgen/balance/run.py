"""The balance report of a validated game, its files (JSON, HTML, PDF), the `balance` build target and
the `printgen balance` command's body."""

from __future__ import annotations

import base64
import html
import json

from typing import TYPE_CHECKING

from ..findings import Finding

if TYPE_CHECKING:  # the odds load icepool: only when a report is made, never when the registry is read
    from .report import Report


def combat_model(game):
    """The game's combat model and what reading it found; (None, []) for a game whose rules have none."""
    from .notation import custom
    from .systems import SYSTEMS

    if game.data is None:
        return None, []
    if game.data.game.combat is not None:
        return custom(game)
    reader = SYSTEMS.get(game.data.game.system)
    return reader(game) if reader is not None and game.rules is not None else (None, [])


def model_findings(model) -> list[Finding]:
    """A model past the limits, whatever system it came from (a stat read from the data may be huge):
    every roll and every unit's wounds, as errors at the unit, before any odds are computed."""
    from ..findings import error
    from ..limits import limit
    from .dice import Roll, RollError, check_roll

    found = []
    if len(model.fighters) > limit("balance-units"):
        first = model.fighters[int(limit("balance-units"))]
        return [error("limit-balance-units", f"{len(model.fighters)} units are past the balance report's limit of "
                      f"{int(limit('balance-units'))} (every pair is computed); report a part of the roster",
                      first.loc)]
    most = int(limit("combat-health"))
    for f in model.fighters:
        if f.health * f.figures > most:
            found.append(error("limit-combat-health", f"'{f.name}' takes {f.health * f.figures} wounds to destroy "
                               f"({f.figures} figures of {f.health}); the balance report follows at most {most}",
                               f.loc))
        rolls = [a.roll for a in f.attacks if a.roll is not None] + [r for _, r in f.defences if isinstance(r, Roll)]
        rolls += [a.roll.plus(a.high_ground) for a in f.attacks if a.roll is not None and a.high_ground]
        for roll in rolls:
            try:
                check_roll(roll)
            except RollError as exc:
                code = "limit-dice-pool" if "past the limit" in str(exc) else "combat-notation"
                found.append(error(code, f"'{f.name}': {exc}", f.loc))
                break
    return found


def balance_report(game) -> tuple["Report | None", list[Finding]]:
    from .report import TOLERANCE, build_report

    model, found = combat_model(game)
    if model is not None and not any(f.is_error for f in found):
        found += model_findings(model)
    if model is None or any(f.is_error for f in found):
        return None, found
    spec = game.data.game.balance
    report = build_report(game.game_id, game.data.game.name, model,
                          tolerance=spec.tolerance if spec is not None else TOLERANCE)
    return report, found + report.findings


def report_files(report: "Report") -> dict[str, bytes]:
    """balance.json, balance.html (plots inline) and balance.pdf."""
    from .plots import render_plots

    plots = render_plots(report)
    data = json.dumps(report.to_dict(), indent=1, sort_keys=False).encode()
    return {"balance.json": data, "balance.html": _html(report, plots).encode(), "balance.pdf": plots["balance.pdf"]}


def _html(report: "Report", plots: dict[str, bytes]) -> str:
    e = html.escape

    def img(name):
        return f'<img alt="{e(name)}" src="data:image/png;base64,{base64.b64encode(plots[name]).decode()}">'

    rows = "".join(
        f"<tr><td>{e(v.name)}</td><td>{'' if v.cost is None else f'{v.cost:g}'}</td><td>{v.offence:.3f}</td>"
        f"<td>{v.toughness:.2f}</td><td>{v.value:.3f}</td>"
        f"<td>{'' if v.off_by is None else f'{v.off_by:+.0%}'}</td>"
        f"<td>{'' if v.fair_cost is None else f'{v.fair_cost:.0f}'}</td></tr>" for v in report.values)
    pairs = "".join(
        f"<tr><td>{e(report.names[a])}</td><td>{e(report.names[t])}</td><td>{float(m.wound):.3f}</td>"
        f"<td>{float(m.destroy):.3f}</td><td>{'never' if m.turns is None else f'{m.turns:.2f}'}</td></tr>"
        for a, row in enumerate(report.matchups) for t, m in enumerate(row) if m is not None)
    warn = "".join(f"<li><code>{e(str(f.loc))}</code> {e(f.message)}</li>" for f in report.findings) or "<li>none</li>"
    notes = "".join(f"<li>{e(a)}</li>" for a in report.model.assumptions)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(report.name)}: balance</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 6px;font-size:90%}}img{{max-width:100%}}</style></head><body>
<h1>{e(report.name)}: balance</h1>
<p>{e(report.model.summary)}</p><ul>{notes}</ul>
<h2>Outliers</h2><ul>{warn}</ul>
<h2>Matchups</h2>{img("heat.png")}
<h2>Cost and value</h2>{img("value.png")}
<table><tr><th>unit</th><th>cost</th><th>kill rate</th><th>toughness</th><th>value</th><th>off the median</th>
<th>cost in line</th></tr>{rows}</table>
<h2>Every pair: one attack, and turns to destroy</h2>
<table><tr><th>attacker</th><th>target</th><th>wound</th><th>destroy</th><th>turns</th></tr>{pairs}</table>
</body></html>
"""


def wants_balance(data) -> bool:
    """The game asks for the balance target (game.yaml ``balance:``)."""
    return data.game.balance is not None


def render_balance(game, spec) -> dict:
    """The `balance` build target: the PDF on each paper, the JSON and HTML once under balance/."""
    from ..draw.document import PdfFile, RawFile

    report, _ = balance_report(game)
    if report is None:
        return {}
    files = report_files(report)
    return {"balance": PdfFile(title=f"{report.name}: balance", data=files["balance.pdf"], pages=2),
            "balance-json": RawFile("balance/balance.json", files["balance.json"]),
            "balance-html": RawFile("balance/balance.html", files["balance.html"])}


def check_balance(game):
    """The target's validation hook: a model that cannot be read, and the outliers, as findings. A game
    that declares combat: without asking for the report still has its notation checked."""
    if wants_balance(game.data):
        return balance_report(game)[1]
    if game.data is not None and game.data.game.combat is not None:
        model, found = combat_model(game)
        return found + (model_findings(model) if model is not None and not found else [])
    return []
