// The studio page: swaps changed images in place, redraws the page when faces or findings change,
// filters by name and opens a face beside the list. Names reach the page only as server-escaped HTML.
"use strict";
(function () {
  const main = document.getElementById("main");
  const detail = document.getElementById("detail");
  const status = document.getElementById("status");
  const filter = document.getElementById("filter");
  let openUrl = null;

  function applyFilter() {
    const q = filter.value.trim().toLowerCase();
    for (const li of main.querySelectorAll("li.face")) {
      li.hidden = q !== "" && !li.dataset.name.includes(q);
    }
    for (const sec of main.querySelectorAll("section.group")) {
      sec.hidden = q !== "" && !sec.querySelector("li.face:not([hidden])");
    }
  }

  async function fetchText(url) {
    const r = await fetch(url, {cache: "no-store"});
    if (!r.ok) throw new Error(url + ": " + r.status);
    return r.text();
  }

  async function refresh() {
    main.innerHTML = await fetchText("/?fragment=1");
    applyFilter();
    if (openUrl) await openFace(openUrl);
  }

  async function openFace(url) {
    try {
      detail.innerHTML = await fetchText(url + "&fragment=1");
      detail.hidden = false;
      openUrl = url;
    } catch (e) {
      closeFace();
    }
  }

  function closeFace() {
    detail.hidden = true;
    detail.innerHTML = "";
    openUrl = null;
  }

  function swap(images) {
    for (const [path, url] of Object.entries(images)) {
      for (const img of document.querySelectorAll("img[data-path]")) {
        if (img.dataset.path === path) {
          img.src = url;
          const a = img.closest("a.image");
          if (a) a.href = url;
        }
      }
    }
  }

  function setStatus(text, busy) {
    status.textContent = text;
    status.className = busy ? "busy" : "idle";
  }

  main.addEventListener("click", (ev) => {
    const a = ev.target.closest("a.open");
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    ev.preventDefault();
    openFace(a.getAttribute("href"));
  });
  detail.addEventListener("click", (ev) => {
    if (ev.target.closest("a.close")) { ev.preventDefault(); closeFace(); }
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeFace(); });
  filter.addEventListener("input", applyFilter);

  const events = new EventSource("/events");
  events.addEventListener("status", (ev) => {
    const d = JSON.parse(ev.data);
    setStatus(d.status, d.busy);
  });
  events.addEventListener("update", (ev) => {
    const d = JSON.parse(ev.data);
    setStatus(d.status, d.busy);
    if (d.page) refresh().catch(() => {});
    else swap(d.images);
  });
  // a page opened before the server's first round ends asks once more when the stream (re)connects
  events.addEventListener("open", () => { refresh().catch(() => {}); });
})();
