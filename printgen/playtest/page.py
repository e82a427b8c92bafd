"""The playtest report as an HTML page with plots (matplotlib, imported here only): the first player's
win rate per setup and pairing with its 95 % interval, game lengths, and each unit kind's side win rate
and kills. PNGs inline; the same report gives the same bytes."""

from __future__ import annotations

import base64
import html
import io

from .report import Report


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def _headline(p: dict) -> dict:
    """The pairing's main rate: the first player's wins, or a solo scenario's heroes' wins."""
    return p["heroes_win"] if p.get("solo") else p["first_player"]


def _kind_rate(p: dict, k: dict) -> dict:
    return k["win_rate"] if p.get("solo") else k["side_with_more_wins"]


def plots(report: Report) -> dict[str, bytes]:
    """first.png, lengths.png and kinds.png of a report."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    rows = report.pairings
    labels = [f"{p['setup']}\n{' v '.join(p['agents'])}" for p in rows]
    first = Figure(figsize=(7, 1.2 + 0.5 * len(rows)), dpi=100)
    ax = first.add_subplot()
    for i, p in enumerate(rows):
        r = _headline(p)
        ax.errorbar(r["rate"], i, xerr=[[r["rate"] - r["ci95"][0]], [r["ci95"][1] - r["rate"]]], fmt="o",
                    color="#2c5d7c", capsize=4)
    ax.axvline(0.5, color="#888888", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(rows)), labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    who = "heroes'" if rows and rows[0].get("solo") else "first player's"
    ax.set_xlabel(f"{who} win rate, 95% CI ({report.games} games each, seed {report.seed}; draws lose)")
    ax.grid(alpha=0.3, axis="x")
    first.subplots_adjust(left=0.28, right=0.97, bottom=0.5 / (1.2 + 0.5 * len(rows)) + 0.1, top=0.95)

    lengths = Figure(figsize=(7, 4), dpi=100)
    ax = lengths.add_subplot()
    for p, label in zip(rows, labels):
        h = p["length_histogram"]
        if h:
            ax.plot([(b["from"] + b["to"]) / 2 for b in h], [b["games"] / p["games"] for b in h], marker=".",
                    label=label.replace("\n", ", "))
    ax.set_xlabel("activations per game")
    ax.set_ylabel("share of games")
    ax.set_title(f"Game length ({report.games} games a pairing, seed {report.seed})", fontsize=10)
    ax.legend(fontsize=6)
    ax.grid(alpha=0.3)
    lengths.subplots_adjust(left=0.12, right=0.97, bottom=0.12, top=0.92)

    kinds = Figure(figsize=(7, 4.5), dpi=100)
    ax1 = kinds.add_subplot(1, 2, 1)
    ax2 = kinds.add_subplot(1, 2, 2)
    width = 0.8 / max(1, len(rows))
    names: list[str] = []
    for p in rows:
        names += [k["kind"] for k in p["kinds"] if k["kind"] not in names]
    for j, (p, label) in enumerate(zip(rows, labels)):
        xs = [names.index(k["kind"]) + j * width for k in p["kinds"]]
        rs = [_kind_rate(p, k) for k in p["kinds"]]
        rates = [r["rate"] for r in rs]
        err = [[r["rate"] - r["ci95"][0] for r in rs], [r["ci95"][1] - r["rate"] for r in rs]]
        ax1.bar(xs, rates, width, yerr=err, label=label.replace("\n", ", "), capsize=2)
        ax2.bar(xs, [k["kills_per_game"] for k in p["kinds"]], width)
    solo = bool(rows and rows[0].get("solo"))
    for ax, what in ((ax1, "win rate of the teams with it" if solo else "win rate of the side with more of it"),
                     (ax2, "kills per game")):
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(names))], names, fontsize=6 if solo else 8,
                      rotation=45 if solo else 0, ha="right" if solo else "center")
        ax.set_title(what, fontsize=9)
        ax.grid(alpha=0.3, axis="y")
    ax1.axhline(0.5, color="#888888", linestyle="--", linewidth=1)
    handles, names_ = ax1.get_legend_handles_labels()
    kinds.legend(handles, names_, loc="lower center", ncol=3, fontsize=6, frameon=False)
    kinds.subplots_adjust(left=0.08, right=0.98, top=0.92, wspace=0.25,
                          bottom=0.08 + 0.035 * ((len(rows) + 2) // 3) + (0.1 if solo else 0.0))
    return {"first.png": _png(first), "lengths.png": _png(lengths), "kinds.png": _png(kinds)}


def report_page(report: Report) -> bytes:
    e = html.escape
    pics = plots(report)

    def img(name):
        return f'<img alt="{e(name)}" src="data:image/png;base64,{base64.b64encode(pics[name]).decode()}">'

    rows = []
    for p in report.pairings:
        fp = _headline(p)
        rows.append(f"<tr><td>{e(p['setup'])}</td><td>{e(' v '.join(p['agents']))}</td><td>{p['games']}</td>"
                    f"<td>{fp['rate']:.1%} ({fp['ci95'][0]:.1%}-{fp['ci95'][1]:.1%})</td><td>{p['draws']}</td>"
                    f"<td>{p['length']['mean']}</td><td>{p['seed']}</td></tr>")
    kinds = []
    for p in report.pairings:
        for k in p["kinds"]:
            w, m = k["win_rate"], _kind_rate(p, k)
            kinds.append(f"<tr><td>{e(p['setup'])}</td><td>{e(' v '.join(p['agents']))}</td><td>{e(k['kind'])}</td>"
                         f"<td>{k['sides_fielding']}</td><td>{w['rate']:.1%} ({w['ci95'][0]:.1%}-{w['ci95'][1]:.1%})"
                         f"</td><td>{m['rate']:.1%} ({m['ci95'][0]:.1%}-{m['ci95'][1]:.1%}, {m['games']} games)</td>"
                         f"<td>{k['units_per_side']:.2f}</td><td>{k['kills_per_game']:.2f}</td></tr>")
    holes = "".join(f"<li><code>{e(str(h['file']))}:{h['line']}:{h['col']}</code> [{e(h['code'])}] {e(h['message'])}"
                    f" (met {h['times']} times in {h['games']} of {h['of_games']} games; first: "
                    f"<code>{e(h['example'])}</code>)</li>" for h in report.holes) or "<li>none</li>"
    notes = "".join(f"<li>{e(n)}</li>" for n in report.notes)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(report.name)}: playtest</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 6px;font-size:90%}}img{{max-width:100%}}</style></head><body>
<h1>{e(report.name)}: playtest</h1>
<p>{report.games} games of each setup and pairing, seed {report.seed}, lookahead budget {report.budget}, move
limit {report.move_limit}: <code>printgen playtest GAME_DIR --games {report.games} --seed {report.seed}</code>
gives these figures again.</p><ul>{notes}</ul>
<h2>{"Heroes" if report.pairings and report.pairings[0].get("solo") else "First player"}</h2>{img("first.png")}
<table><tr><th>setup</th><th>agents</th><th>games</th><th>{"heroes" if report.pairings and report.pairings[0].get(
    "solo") else "first player"} win (95% CI)</th><th>draws</th>
<th>mean length</th><th>seed</th></tr>{''.join(rows)}</table>
<h2>Game length</h2>{img("lengths.png")}
<h2>Units</h2>{img("kinds.png")}
<table><tr><th>setup</th><th>agents</th><th>unit</th><th>sides fielding it</th><th>their win rate (95% CI)</th>
<th>the side with more of it wins (95% CI)</th><th>per side</th><th>kills per game</th></tr>{''.join(kinds)}</table>
<h2>Rule holes</h2><ul>{holes}</ul>
</body></html>
"""
    return page.encode()
