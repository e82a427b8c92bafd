// The studio page: swaps changed images in place, merges a changed list into the page (only the faces and
// findings that changed are replaced: what is open stays open), searches names and card text, opens a face
// or a page beside the list (in place on a phone) at an address of its own, zooms and pans it.
// Names reach the page only as server-escaped HTML.
"use strict";
(function () {
  const main = document.getElementById("main");
  const detail = document.getElementById("detail");
  const status = document.getElementById("status");
  const filter = document.getElementById("filter");
  const release = document.getElementById("release");
  const token = document.querySelector("meta[name=studio-token]").content;
  let openUrl = null;

  // -- search ---------------------------------------------------------------------------------------
  function applyFilter() {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    for (const li of main.querySelectorAll("li.face")) {
      const hay = li.dataset.name + " " + (li.dataset.text || "");
      li.hidden = words.length > 0 && !words.every((w) => hay.includes(w));
    }
    for (const sec of main.querySelectorAll("section.group")) {
      sec.hidden = words.length > 0 && !sec.querySelector("li.face:not([hidden])");
    }
  }

  async function fetchText(url) {
    const r = await fetch(url, {cache: "no-store"});
    if (!r.ok) throw new Error(url + ": " + r.status);
    return r.text();
  }

  // -- merging a new list into the page: keyed by data-k, an unchanged element is left as it is ---------
  function keep(oldEl, newEl) {
    // what the designer opened stays open
    const was = oldEl.querySelectorAll("details");
    const now = newEl.querySelectorAll("details");
    if (was.length === now.length) was.forEach((d, i) => { now[i].open = d.open; });
  }

  // make oldEl show what newEl shows, keeping every descendant that did not change (and so its state)
  // equal but for what the page itself set (the filter's hidden, the opened face's mark, details opened)
  function same(oldEl, newEl) {
    if (oldEl.isEqualNode(newEl)) return true;
    const c = oldEl.cloneNode(true);
    for (const e of [c, ...c.querySelectorAll("[hidden], .current, details")]) {
      e.removeAttribute("hidden");
      e.classList.remove("current");
      if (!e.getAttribute("class")) e.removeAttribute("class");
    }
    const n = newEl.cloneNode(true);
    const od = c.querySelectorAll("details"), nd = n.querySelectorAll("details");
    if (od.length === nd.length) od.forEach((d, i) => { d.open = nd[i].open; });
    return c.isEqualNode(n);
  }

  function merge(oldEl, newEl) {
    if (same(oldEl, newEl)) return oldEl;
    if (oldEl.tagName !== newEl.tagName || !newEl.querySelector("[data-k]")) {
      keep(oldEl, newEl);
      oldEl.replaceWith(newEl);
      return newEl;
    }
    for (const a of newEl.attributes) if (oldEl.getAttribute(a.name) !== a.value) oldEl.setAttribute(a.name, a.value);
    for (const a of [...oldEl.attributes]) if (!newEl.hasAttribute(a.name)) oldEl.removeAttribute(a.name);
    mergeChildren(oldEl, newEl);
    return oldEl;
  }

  function mergeChildren(oldParent, newParent) {
    const byKey = new Map();
    const loose = [];
    for (const c of oldParent.children) (c.dataset.k ? byKey.set(c.dataset.k, c) : loose.push(c));
    const result = [];
    for (const n of [...newParent.children]) {
      let o = null;
      if (n.dataset.k) { o = byKey.get(n.dataset.k) || null; byKey.delete(n.dataset.k); }
      else {
        const i = loose.findIndex((u) => u.tagName === n.tagName && u.className === n.className);
        if (i >= 0) o = loose.splice(i, 1)[0];
      }
      result.push(o ? merge(o, n) : n);
    }
    result.forEach((el, i) => { if (oldParent.children[i] !== el) oldParent.insertBefore(el, oldParent.children[i] || null); });
    while (oldParent.children.length > result.length) oldParent.lastElementChild.remove();
  }

  async function refresh() {
    const tpl = document.createElement("template");
    tpl.innerHTML = await fetchText("/?fragment=1");
    mergeChildren(main, tpl.content);
    applyFilter();
    if (openUrl) await openFace(openUrl, {again: true});
  }

  // -- a face or page opened ----------------------------------------------------------------------------
  function opened() { return [...main.querySelectorAll("li.face:not([hidden]) a.open")]; }

  // each opening (and closing) counts: a reply that comes back after a later one was asked for is dropped,
  // so a slow answer for the face just left never covers the page opened since
  let opening = 0;

  async function openFace(url, how = {}) {
    const mine = how.again ? opening : ++opening;  // a refresh of the open face asks nothing new
    let html;
    try {
      html = await fetchText(url + "&fragment=1");
    } catch (e) {
      if (mine === opening && !how.again) closeFace();
      return;
    }
    if (mine !== opening || (how.again && url !== openUrl)) return;
    if (how.again && window.studioPainter && window.studioPainter.busy(detail)) return;  // painting: kept
    const tpl = document.createElement("template");
    tpl.innerHTML = html;
    const old = detail.querySelector(".detail-body");
    if (how.again && old && old.isEqualNode(tpl.content.firstElementChild)) return;  // nothing changed
    const zoom = how.again ? zoomState() : null;
    detail.replaceChildren(tpl.content);
    detail.hidden = false;
    document.body.classList.add("face-open");
    openUrl = url;
    for (const li of main.querySelectorAll("li.face.current")) li.classList.remove("current");
    const link = main.querySelector(`a.open[href="${CSS.escape(url)}"]`);
    if (link) link.closest("li.face").classList.add("current");
    setupZoom(zoom);
    if (!how.again) {
      if (!how.fromHash && location.hash !== "#" + url) history.pushState({open: url}, "", "#" + url);
      detail.scrollTop = 0;
      detail.scrollIntoView({block: "start"});
      const first = detail.querySelector("a.close");
      if (first) first.focus({preventScroll: true});
    }
  }

  function closeFace(how = {}) {
    opening++;
    detail.hidden = true;
    detail.replaceChildren();
    document.body.classList.remove("face-open");
    const li = main.querySelector("li.face.current");
    openUrl = null;
    if (!how.fromHash && location.hash) history.pushState({open: null}, "", location.pathname + location.search);
    if (li) { li.classList.remove("current"); li.scrollIntoView({block: "nearest"}); }
  }

  function step(by) {
    const links = opened();
    const i = links.findIndex((a) => a.getAttribute("href") === openUrl);
    const next = links[(i + by + links.length) % links.length];
    if (next) openFace(next.getAttribute("href"));
  }

  function fromHash() {
    const h = decodeURIComponent(location.hash.slice(1));
    if (h.startsWith("/face?") || h.startsWith("/page?")) { if (h !== openUrl) openFace(h, {fromHash: true}); }
    else if (openUrl) closeFace({fromHash: true});
  }

  // -- zoom and pan: fit, then 150 dpi steps; past 1x the print-resolution (300 dpi) image is fetched ----
  const STEPS = [0.25, 0.5, 1, 1.5, 2, 3, 4];

  function zoomState() {
    const vp = detail.querySelector(".viewport");
    return vp ? {z: Number(vp.dataset.z || 0), x: vp.scrollLeft, y: vp.scrollTop} : null;
  }

  function setupZoom(state) {
    const fig = detail.querySelector("figure.zoom");
    if (!fig) return;
    const vp = fig.querySelector(".viewport");
    const img = fig.querySelector("img.zoomed");
    const label = fig.querySelector(".zoomlevel");
    const scale = Number(img.dataset.scale || 1);  // the shown image's pixels per 150-dpi pixel
    const base = () => (img.naturalWidth || img.width) / scale;
    const fit = () => Math.min(1, (vp.clientWidth - 2) / base());
    function apply(z, cx, cy) {
      const before = {w: img.clientWidth || 1, x: vp.scrollLeft + (cx ?? vp.clientWidth / 2),
                      y: vp.scrollTop + (cy ?? vp.clientHeight / 2)};
      vp.dataset.z = z;
      const shown = z || fit();
      img.style.width = Math.round(base() * shown) + "px";
      img.style.height = "auto";
      label.textContent = z ? Math.round(shown * 150) + " dpi" : "fit";
      fig.classList.toggle("zoomed-in", shown > fit() + 0.01);
      if (shown > 1 && img.dataset.hires && !img.dataset.hiresOn) {
        img.dataset.hiresOn = "1";
        const hi = new Image();
        hi.onload = () => {
          const w = img.style.width;
          img.dataset.scale = String(scale * 2);
          img.src = hi.src;
          img.style.width = w;
        };
        hi.src = img.dataset.hires;
      }
      const k = img.clientWidth / before.w;
      vp.scrollLeft = before.x * k - (cx ?? vp.clientWidth / 2);
      vp.scrollTop = before.y * k - (cy ?? vp.clientHeight / 2);
    }
    function by(dir) {
      const now = Number(vp.dataset.z) || fit();
      const next = dir > 0 ? STEPS.find((s) => s > now + 1e-3) : [...STEPS].reverse().find((s) => s < now - 1e-3);
      apply(next || now);
    }
    fig.querySelector(".zoombar").addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b) return;
      const how = b.dataset.zoom;
      if (how === "fit") apply(0);
      else if (how === "print") apply(2);
      else by(how === "in" ? 1 : -1);
    });
    vp.addEventListener("wheel", (ev) => {
      if (!ev.ctrlKey) return;
      ev.preventDefault();
      by(ev.deltaY < 0 ? 1 : -1);
    }, {passive: false});
    let drag = null;  // pan: drag the image
    vp.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      drag = {x: ev.clientX, y: ev.clientY, l: vp.scrollLeft, t: vp.scrollTop};
      vp.setPointerCapture(ev.pointerId);
    });
    vp.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      vp.scrollLeft = drag.l - (ev.clientX - drag.x);
      vp.scrollTop = drag.t - (ev.clientY - drag.y);
    });
    vp.addEventListener("pointerup", () => { drag = null; });
    vp.addEventListener("dblclick", (ev) => {
      const r = vp.getBoundingClientRect();
      Number(vp.dataset.z) ? apply(0) : apply(2, ev.clientX - r.left, ev.clientY - r.top);
    });
    const start = () => {
      apply(state ? state.z : 0);
      if (state) { vp.scrollLeft = state.x; vp.scrollTop = state.y; }
    };
    if (img.complete && img.naturalWidth) start(); else img.addEventListener("load", start, {once: true});
    fig.zoomTo = apply;
  }

  // -- images swapped in place ----------------------------------------------------------------------------
  function swap(images) {
    for (const [path, url] of Object.entries(images)) {
      for (const img of document.querySelectorAll("img[data-path]")) {
        if (img.dataset.path !== path) continue;
        if (img.classList.contains("zoomed")) {
          if (window.studioPainter && window.studioPainter.busy(detail)) {
            // the painter stays open: the page it paints is fetched again beside it
            const v = new URL(url, location.href).searchParams.get("v");
            img.src = img.src.replace(/([?&]v=)[^&]*/, "$1" + v);
            if (img.dataset.hires) img.dataset.hires = img.dataset.hires.replace(/([?&]v=)[^&]*/, "$1" + v);
          } else if (openUrl) openFace(openUrl, {again: true});
          continue;
        }
        img.src = url;
      }
    }
  }

  function setStatus(text, state) {
    status.textContent = text;
    status.className = state === "busy" ? "busy" : "idle";
    status.dataset.state = state;
  }

  main.addEventListener("click", (ev) => {
    const a = ev.target.closest("a.open");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    ev.preventDefault();
    openFace(a.getAttribute("href"));
  });
  detail.addEventListener("click", (ev) => {
    if (ev.target.closest("a.close")) { ev.preventDefault(); closeFace(); }
    else if (ev.target.closest("a.prev")) { ev.preventDefault(); step(-1); }
    else if (ev.target.closest("a.next")) { ev.preventDefault(); step(1); }
    else if (ev.target.closest("button.paint") && window.studioPainter) {
      const b = ev.target.closest("button.paint");
      window.studioPainter.open(detail.querySelector(".painter"), b.dataset.game, Number(b.dataset.index), token);
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    if (window.studioPainter && window.studioPainter.busy(detail)) return;
    if (ev.key === "Escape" && openUrl) closeFace();
    else if (openUrl && (ev.key === "ArrowRight" || ev.key === "j")) step(1);
    else if (openUrl && (ev.key === "ArrowLeft" || ev.key === "k")) step(-1);
    else if (openUrl && (ev.key === "+" || ev.key === "-")) {
      const b = detail.querySelector(`.zoombar button[data-zoom="${ev.key === "+" ? "in" : "out"}"]`);
      if (b) b.click();
    }
  });
  window.addEventListener("popstate", fromHash);
  window.addEventListener("hashchange", fromHash);
  filter.addEventListener("input", applyFilter);
  release.addEventListener("click", async () => {
    release.disabled = true;
    try {
      const r = await fetch("/release", {method: "POST", headers: {"X-Studio-Token": token}});
      const d = await r.json();
      setStatus(d.message, r.ok ? status.dataset.state : "error");
    } finally {
      release.disabled = false;
    }
  });

  const events = new EventSource("/events");
  events.addEventListener("status", (ev) => {
    const d = JSON.parse(ev.data);
    setStatus(d.status, d.state || (d.busy ? "busy" : "ok"));
  });
  events.addEventListener("update", (ev) => {
    const d = JSON.parse(ev.data);
    setStatus(d.status, d.state || (d.busy ? "busy" : "ok"));
    if (d.page) refresh().catch(() => {});
    else swap(d.images);
  });
  // a page opened before the server's first round ends asks once more when the stream (re)connects
  events.addEventListener("open", () => { refresh().catch(() => {}); });
  if (location.hash) fromHash();
  window.studioRefresh = refresh;
})();
