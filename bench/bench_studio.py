"""Benchmark: the studio (issue 28): save-to-updated-image time in the browser, and the first page's time.

Run from the repository root:  python3 bench/bench_studio.py [--saves 10] [--game heroes-of-hex]

It copies the game (and the project's templates) to a scratch folder, starts ``printgen serve`` there in a
fresh process, opens the page in headless Chromium (tests/browser.py) and reports:

- first page: from starting the command to the page showing every face (the first build included);
- save to image: from writing classes.yaml with one class's VIT changed to that class's card showing
  different pixels in the open page (median, min and max of ``--saves`` saves, one save at a time, each
  after the previous round has finished: a designer's rhythm, not a burst);
- map painter (issue 40): from pressing the painter's Save (one hex of the first map repainted) to the
  map's page image changing in the list, beside its anchor measured in the same run: the same one-hex
  change written to maps.yaml by hand (as an editor saves it). The difference is what the painter adds:
  the scratch copy validated before it writes.

Not a test: timings depend on the machine (and on what else runs on it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import Browser, image_hash_script  # noqa: E402



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def poll(browser: Browser, expression: str, timeout: float = 120.0, step: float = 0.005):
    deadline = time.monotonic() + timeout
    while True:
        value = browser.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(step)


MAP_IMG = "[...document.querySelectorAll('main img[data-path]')].find(i => /\\/map-[^/]*-1\\.png$/.test(i.dataset.path)).src"


def map_saves(b: Browser, maps: Path, saves: int) -> tuple[list[float], list[float]]:
    """Seconds from a save to the map's page image changing: by hand (maps.yaml written) and by the painter."""
    hand, painted = [], []
    b.evaluate("document.querySelector('li.face.page a.open[href*=\"map-\"]').click()")
    poll(b, "!!document.querySelector('#detail button.paint')")
    b.evaluate("document.querySelector('#detail button.paint').click()")
    poll(b, "document.querySelectorAll('#detail .painter g[data-hex]').length > 0")
    for n in range(saves):
        # by hand: the first '.' of the first map's layout becomes '#', or back
        src = b.evaluate(MAP_IMG)
        text = maps.read_text()
        at = text.index("layout: |")
        line = text.index("\n", at) + 1
        k = next(i for i in range(line, len(text)) if text[i] in ".#")
        t = time.monotonic()
        maps.write_text(text[:k] + ("#" if text[k] == "." else ".") + text[k + 1:])
        poll(b, f"document.getElementById('status').dataset.state !== 'busy' && ({MAP_IMG}) !== {src!r}")
        hand.append(time.monotonic() - t)
        time.sleep(0.3)
        # the painter: reopened (the file changed under it), one hex repainted, Save
        b.evaluate("window.confirm = () => true; document.querySelector('#detail .painter button.close-painter')?.click();"
                   "document.querySelector('#detail button.paint').click()")
        poll(b, "document.querySelectorAll('#detail .painter g[data-hex]').length > 0")
        key = "#" if n % 2 == 0 else "."
        b.evaluate(f"document.querySelector('#detail .painter .legend button[data-key=\"{key}\"]').click()")
        hexes = b.evaluate("[...document.querySelectorAll('#detail .painter g[data-hex]')].filter(g => "
                           f"g.querySelector('title').textContent.startsWith('{'.' if key == '#' else '#'}:'))"
                           ".map(g => g.dataset.hex)")
        src = b.evaluate(MAP_IMG)
        b.evaluate(f"document.querySelector('#detail .painter g[data-hex=\"{hexes[0]}\"] polygon')"
                   ".dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0}));"
                   "window.dispatchEvent(new PointerEvent('pointerup'))")
        t = time.monotonic()
        b.evaluate("document.querySelector('#detail .painter button.save').click()")
        poll(b, f"document.getElementById('status').dataset.state !== 'busy' && ({MAP_IMG}) !== {src!r}")
        painted.append(time.monotonic() - t)
        time.sleep(0.3)
    return hand, painted


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=10)
    ap.add_argument("--game", default="heroes-of-hex")
    ap.add_argument("--face", default="001-knight", help="the face whose card is watched")
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-studio-"))
    shutil.copytree(ROOT / "data" / args.game, scratch / args.game)
    if (ROOT / "templates").is_dir():
        shutil.copytree(ROOT / "templates", scratch / "templates")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", args.game, "--port", str(port),
                             "--paper", "a4"], cwd=scratch, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        while True:  # the server listens at once; the page is worth loading when it answers
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.02)
                if proc.poll() is not None:
                    raise SystemExit(proc.stdout.read())
        with Browser(timeout=120) as b:
            b.open(f"http://127.0.0.1:{port}/")
            poll(b, image_hash_script(args.face + '.png'))
            first = time.monotonic() - t0
            poll(b, "document.getElementById('status').className === 'idle'")
            built = time.monotonic() - t0
            classes = scratch / args.game / "classes.yaml"
            times = []
            for n in range(args.saves):
                src, before, _ = b.evaluate(image_hash_script(args.face + '.png'))
                text = classes.read_text()
                vit = re.search(r"vit: (\d+)", text)
                new = "3" if vit.group(1) != "3" else "2"
                t = time.monotonic()
                classes.write_text(text[:vit.start(1)] + new + text[vit.end(1):])
                poll(b, f"(async () => {{ const r = await {image_hash_script(args.face + '.png')}; "
                        f"return r && r[1] !== {before}; }})()")
                times.append(time.monotonic() - t)
                poll(b, "document.getElementById('status').className === 'idle'")  # the round's build is done
                time.sleep(0.3)
            hand, painted = map_saves(b, scratch / args.game / "maps.yaml", args.saves)
            assert not [p for p in b.problems() if "409" not in p], b.problems()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{args.game}: first page with every face {first:.2f} s (first build done {built:.2f} s)")
    print(f"save to updated image in the browser ({args.saves} saves of one class's VIT): median "
          f"{statistics.median(times):.3f} s, min {min(times):.3f} s, max {max(times):.3f} s")
    print(f"map: painter's Save to redrawn map page: median {statistics.median(painted):.3f} s "
          f"(min {min(painted):.3f}, max {max(painted):.3f}); anchor, the same change saved by hand: median "
          f"{statistics.median(hand):.3f} s (min {min(hand):.3f}, max {max(hand):.3f}); {len(painted)} saves each")
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
