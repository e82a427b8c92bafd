// The map painter: a map's text layers drawn as hexes; pick a legend entry and a level, paint hexes (click
// or drag), add rows and columns, undo, save. The page edits the layers' characters in place, so a save
// changes in the designer's YAML only the characters painted; the server validates before it writes.
"use strict";
window.studioPainter = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const R3 = Math.sqrt(3);
  let st = null;  // the open painter

  function el(tag, attrs = {}, text = "") {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text) e.textContent = text;
    return e;
  }

  // a hex in doubled coordinates (dc, dr) <-> a character (line, col) of one layer's text. Picture notation
  // draws doubled coordinates as they are; rows notation is offset coordinates (a line a row, odd columns of
  // flat-top maps half a hex down, odd rows of pointy-top maps half a hex right), a line set in by half a
  // step reading as if it were not (hexgrid/textmap.py)
  function shiftOf(g, li) {
    const line = g.lines[li];
    const first = line === undefined ? -1 : line.search(/\S/);
    if (first < 0) return 0;
    const s = (((first - g.pos0) % g.step) + g.step) % g.step;
    return g.step % 2 === 0 && s === g.step / 2 ? s : 0;
  }
  function where(g, dc, dr) {
    if (!g.rows) return [g.line0 + dr, g.pos0 + (dc - g.parity) * g.step];
    const [col, row] = st.flat ? [dc, (dr - (dc & 1)) / 2] : [(dc - (dr & 1)) / 2, dr];
    const li = g.line0 + row;
    return [li, g.pos0 + shiftOf(g, li) + col * g.step];
  }
  function doubled(g, li, ci) {  // the hex of character (li, ci), or null where none can sit
    if (!g.rows) return (ci - g.pos0) % g.step ? null : [(ci - g.pos0) / g.step + g.parity, li - g.line0];
    const at = ci - g.pos0 - shiftOf(g, li);
    if (at % g.step) return null;
    const col = at / g.step, row = li - g.line0;
    return st.flat ? [col, 2 * row + (col & 1)] : [2 * col + (row & 1), row];
  }
  function charAt(layer, dc, dr) {
    const [li, ci] = where(layer, dc, dr);
    const line = layer.lines[li];
    return line === undefined || ci < 0 || ci >= line.length ? " " : line[ci];
  }
  function setChar(layer, dc, dr, ch) {
    const [li, ci] = where(layer, dc, dr);
    while (layer.lines.length <= li) layer.lines.push("");
    let line = layer.lines[li];
    if (line.length <= ci) line = line + " ".repeat(ci - line.length + 1);
    layer.lines[li] = line.slice(0, ci) + ch + line.slice(ci + 1);
  }

  function hexes() {  // every hex of the layout: [dc, dr]
    const g = st.layers[0];
    const out = [];
    g.lines.forEach((line, li) => {
      for (let ci = 0; ci < line.length; ci++) {
        const h = line[ci] === " " ? null : doubled(g, li, ci);
        if (h) out.push(h);
      }
    });
    return out;
  }

  function centre(dc, dr) {
    return st.flat ? [1.5 * dc, (R3 / 2) * dr] : [(R3 / 2) * dc, 1.5 * dr];
  }

  function corners(x, y) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i + (st.flat ? 0 : 30));
      pts.push((x + 0.98 * Math.cos(a)).toFixed(3) + "," + (y + 0.98 * Math.sin(a)).toFixed(3));
    }
    return pts.join(" ");
  }

  function top(dc, dr) {  // [legend entry, level] of the hex's highest tile
    for (let L = st.layers.length - 1; L >= 0; L--) {
      const ch = charAt(st.layers[L], dc, dr);
      if (ch !== " " && (L === 0 || ch !== st.data.empty)) {
        const e = st.legend.get(ch);
        return [e || null, Math.max(L + 1, e ? e.level : 0), ch];
      }
    }
    return [null, 0, " "];
  }

  function draw() {
    const cells = hexes();
    const svg = st.svg;
    svg.replaceChildren();
    if (!cells.length) return;
    const pts = cells.map(([c, r]) => centre(c, r));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs) - 1.1, y0 = Math.min(...ys) - 1.1;
    const w = Math.max(...xs) + 1.1 - x0, h = Math.max(...ys) + 1.1 - y0;
    svg.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    svg.setAttribute("width", String(Math.round(Math.min(900, w * 64))));
    const levels = cells.map(([c, r]) => top(c, r)[1]);
    const most = Math.max(1, ...levels);
    cells.forEach(([c, r], i) => {
      const [x, y] = pts[i];
      const [entry, level, ch] = top(c, r);
      const g = document.createElementNS(SVG, "g");
      g.dataset.hex = c + "," + r;
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", corners(x, y));
      poly.setAttribute("fill", entry ? entry.colour : "#ff00ff");
      if (entry && entry.zoneColour) { poly.setAttribute("stroke", entry.zoneColour); poly.setAttribute("stroke-width", "0.14"); }
      g.appendChild(poly);
      if (most > 1) {  // height shading: each level below the top darker
        const shade = document.createElementNS(SVG, "polygon");
        shade.setAttribute("points", corners(x, y));
        shade.setAttribute("fill", level >= most ? "#fff" : "#000");
        shade.setAttribute("fill-opacity", level >= most ? "0.12" : String(0.1 * (most - level)));
        shade.setAttribute("pointer-events", "none");
        g.appendChild(shade);
      }
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", x);
      label.setAttribute("y", y + 0.12);
      label.setAttribute("text-anchor", "middle");
      label.textContent = (entry && entry.objective ? "\u2605" : "") + (most > 1 ? String(level) : ch);
      g.appendChild(label);
      const title = document.createElementNS(SVG, "title");
      title.textContent = entry ? `${ch}: ${entry.terrain}${entry.zone ? ", zone " + entry.zone : ""}` +
        `${entry.objective ? ", objective " + entry.objective : ""}, level ${level}` : `'${ch}' is not in the legend`;
      g.appendChild(title);
      svg.appendChild(g);
    });
  }

  function snapshot() {
    st.undo.push(st.layers.map((l) => l.lines.slice()));
    if (st.undo.length > 200) st.undo.shift();
  }

  function undo() {
    const last = st.undo.pop();
    if (!last) return;
    last.forEach((lines, i) => { st.layers[i].lines = lines; });
    st.dirty = st.undo.length > 0;
    draw();
    say("Undone.");
  }

  function paintAt(target) {
    const g = target && target.closest && target.closest("g[data-hex]");
    if (!g) return;
    const [c, r] = g.dataset.hex.split(",").map(Number);
    const layer = st.layers[st.level];
    const ch = st.key;
    if (charAt(layer, c, r) === ch) return;
    setChar(layer, c, r, ch);
    st.dirty = true;
    draw();
  }

  function grow(what) {
    const cells = hexes();
    const cs = cells.map((h) => h[0]), rs = cells.map((h) => h[1]);
    const [c0, c1, r0, r1] = [Math.min(...cs), Math.max(...cs), Math.min(...rs), Math.max(...rs)];
    const add = [];
    // flat-top: a column is every other line; pointy-top: a row is a line and hexes are two apart
    const rows = what === "row" ? (st.flat ? [r1 + 1, r1 + 2] : [r1 + 1]) : range(r0, r1);
    const cols = what === "col" ? (st.flat ? [c1 + 1] : [c1 + 1, c1 + 2]) : range(c0, c1);
    for (const r of rows) for (const c of cols) if ((r + c) % 2 === 0) add.push([c, r]);
    if (!add.length) return;
    snapshot();
    const ground = st.level === 0 ? st.key : st.data.legend[0].key;
    for (const [c, r] of add) {
      setChar(st.layers[0], c, r, ground);
      for (let L = 1; L < st.layers.length; L++) setChar(st.layers[L], c, r, st.data.empty);
    }
    st.dirty = true;
    draw();
    say(`Added ${add.length} hexes.`);
  }

  function range(a, b) { const out = []; for (let i = a; i <= b; i++) out.push(i); return out; }

  function say(text, bad = false, findings = []) {
    st.said.className = "said" + (bad ? " bad" : "");
    st.said.replaceChildren(el("span", {}, text));
    if (findings.length) {
      const ul = el("ul", {class: "findings"});
      for (const f of findings) {
        const li = el("li", {class: "finding error"});
        li.append(el("strong", {}, "error"), " ", el("code", {}, f.code), " ", el("span", {class: "where"}, f.where),
                  ": ", el("span", {class: "message"}, f.message));
        ul.appendChild(li);
      }
      st.said.appendChild(ul);
    }
  }

  async function save() {
    st.saveBtn.disabled = true;
    try {
      const r = await fetch("/map", {method: "POST", headers: {"Content-Type": "application/json", "X-Studio-Token": st.token},
        body: JSON.stringify({game: st.game, index: st.index, digest: st.data.digest, layers: st.layers.map((l) => l.lines)})});
      const d = await r.json();
      if (r.ok && d.ok) {
        st.data.digest = d.digest;
        st.dirty = false;
        st.undo = [];
        say(d.message);
        st.root.dataset.saved = String(Number(st.root.dataset.saved || 0) + 1);
      } else say(d.message || "not saved", true, d.findings || []);
    } catch (e) {
      say("The studio did not answer: " + e, true);
    } finally {
      st.saveBtn.disabled = false;
    }
  }

  function pick(button) {
    for (const b of st.root.querySelectorAll(".legend button")) b.setAttribute("aria-pressed", String(b === button));
    st.key = button.dataset.key;
  }

  function tools() {
    const bar = el("div", {class: "tools"});
    const level = el("select", {"aria-label": "Level to paint"});
    st.layers.forEach((_, i) => level.appendChild(el("option", {value: String(i)}, `Level ${i + 1}`)));
    level.addEventListener("change", () => { st.level = Number(level.value); legend(); });
    const b = (label, fn, attrs = {}) => { const x = el("button", {type: "button", ...attrs}, label); x.addEventListener("click", fn); bar.appendChild(x); return x; };
    bar.appendChild(level);
    b("+ Row", () => grow("row"), {class: "add-row"});
    b("+ Column", () => grow("col"), {class: "add-col"});
    b("Undo", undo, {class: "undo", title: "Ctrl+Z"});
    st.saveBtn = b("Save into " + st.data.file, save, {class: "save"});
    b("Close", close, {class: "close-painter"});
    return bar;
  }

  function legend() {
    const box = st.root.querySelector(".legend");
    box.replaceChildren();
    const entries = st.data.legend.map((e) => ({...e}));
    if (st.level > 0) entries.push({key: st.data.empty, terrain: "no tile at this level", colour: "#ffffff"});
    for (const e of entries) {
      const bt = el("button", {type: "button", "data-key": e.key, "aria-pressed": "false"});
      const sw = el("span", {class: "swatch"});
      sw.style.background = e.colour;
      if (e.zoneColour) sw.style.borderColor = e.zoneColour;
      const words = [e.terrain, e.zone && "zone " + e.zone, e.objective && "objective " + e.objective,
                     e.level > 1 && "level " + e.level].filter(Boolean).join(", ");
      bt.append(sw, el("code", {}, e.key), " " + words);
      bt.addEventListener("click", () => pick(bt));
      box.appendChild(bt);
    }
    pick(box.querySelector(`button[data-key="${CSS.escape(st.key)}"]`) || box.firstElementChild);
  }

  async function open(root, game, index, token) {
    const r = await fetch(`/map?game=${encodeURIComponent(game)}&index=${index}`, {cache: "no-store"});
    const data = await r.json();
    root.hidden = false;
    root.replaceChildren();
    st = {root, game, index, token, data, flat: data.orientation === "flat", level: 0, key: "", undo: [], dirty: false,
          layers: data.layers || [], legend: new Map((data.legend || []).map((e) => [e.key, e]))};
    st.said = el("p", {class: "said", role: "status"});
    if (!r.ok || !data.ok) { root.append(st.said); say(data.message || "cannot paint this map", true); return; }
    root.append(el("h3", {}, `Painting ${data.name} (${data.file})`), tools(), el("div", {class: "legend tools"}));
    st.key = data.legend.length ? data.legend[0].key : "";
    legend();
    st.svg = document.createElementNS(SVG, "svg");
    st.svg.setAttribute("role", "img");
    st.svg.setAttribute("aria-label", `The map ${data.name}, to paint`);
    let down = false;
    st.svg.addEventListener("pointerdown", (ev) => { down = true; snapshot(); paintAt(ev.target); ev.preventDefault(); });
    st.svg.addEventListener("pointermove", (ev) => {
      if (down) paintAt(document.elementFromPoint(ev.clientX, ev.clientY));
    });
    window.addEventListener("pointerup", () => { down = false; });
    root.append(st.svg, st.said);
    root.addEventListener("keydown", (ev) => { if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); undo(); } });
    draw();
    say(`Pick an entry of the legend, then click or drag over hexes. ${st.layers.length > 1 ? "Higher levels are lighter." : ""}`);
    root.scrollIntoView({block: "start"});
  }

  function close() {
    if (!st) return;
    if (st.dirty && !window.confirm("Close the painter without saving?")) return;
    st.root.hidden = true;
    st.root.replaceChildren();
    st = null;
  }

  return {
    open,
    busy: (detail) => !!(st && detail.contains(st.root) && !st.root.hidden),
  };
})();
