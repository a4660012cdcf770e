// Rule panel: the rules as HTML; scrolls to and flashes the highlighted rule
// whenever `focus` changes (a counter, so the same rule can be shown twice).
// On a phone (narrow screen) the panel sits far below the board, so a fixed
// "Rules" button opens it over the board at the paragraph that matters now
// (the highlighted one: the last refusal's, or the lesson step's), and its
// Close button returns to the board. On a tablet the panel stays beside it.
//
// Worked examples: the HTML holds `<figure class="rb-example" data-example=KEY>`;
// `examples[KEY]` is a view model that the game's own board module
// (`exampleBoard`, prepended by widgets/base.py rule_panel_class) draws inside a
// closed shadow root with the board's CSS (`exampleCss`), so the example looks
// like the game and its elements never answer the page's own selectors. A tap
// in an example says that it is a picture (`label_example`).
//
// An example is drawn when a reader comes near it (`drawWhenNear`), not with the page: on a phone
// (CPU 4x slower) drawing Treasure Hunt's three with the page cost its repeat visit ~0.45 s before
// the board could be tapped, for pictures far below it. Printing draws them all first.

function exampleModel(view, onTap) {
  // the few anywidget model methods a board uses; nothing changes, a tap only answers
  const traits = view.traits || {};
  return {
    get: (key) => (key === "view" ? view : traits[key]),
    set() {}, save_changes() {}, on() {}, off() {},
    send: () => onTap(),
  };
}

function drawExample(figure, view, label) {
  const host = figure.querySelector(".rb-example-board");
  if (!host || host.dataset.drawn) return;
  const shadow = host.attachShadow({ mode: "closed" });
  const style = document.createElement("style");
  // small beside the board on a tablet (the panel is narrow); on a phone at the board's own size, so every
  // number stays at least 12 px and every die 28 px (issue 19 D): a picture wider than the panel scrolls
  // sideways there instead of shrinking
  style.textContent = exampleCss + "\n.rb-example-inner { zoom: 0.72; pointer-events: auto; }"
    + "\n@media (max-width: 700px) { .rb-example-inner { zoom: 1; } :host { display: block; overflow-x: auto; } }";
  const inner = document.createElement("div");
  inner.className = "rb-example-inner";
  shadow.append(style, inner);
  const onTap = () => {
    let note = figure.querySelector(".rb-example-note");
    if (!note) {
      note = document.createElement("div");
      note.className = "rb-example-note";
      note.setAttribute("role", "status");
      figure.append(note);
    }
    note.textContent = label;
  };
  // any tap on the picture says it is one; caught before the board's own handlers, which never run here
  host.addEventListener("click", (event) => { event.stopPropagation(); onTap(); }, true);
  try {
    exampleBoard.render({ model: exampleModel(view, onTap), el: inner });
    // scrollWidth is in the board's own (unzoomed) pixels: times the zoom it is what the panel shows
    const zoom = parseFloat(getComputedStyle(inner).zoom) || 1;
    const phone = window.matchMedia("(max-width: 700px)").matches;
    if (!phone && host.clientWidth && inner.scrollWidth * zoom > host.clientWidth + 1) {
      inner.style.zoom = String(Math.max(0.4, host.clientWidth / inner.scrollWidth));
    }
    host.dataset.drawn = String(inner.querySelectorAll("svg, button, td").length || 1);
  } catch (error) {
    host.dataset.drawn = "error";
    console.error("example", error);
  }
}

// Worked examples are drawn near the screen (`NEAR` px ahead of a scroll), and only once the page's own
// board shows: while the page is being built the board is still empty and the rules sit right under
// the header, where every example would look near.
const NEAR = "400px";

function boardDrawn() {
  // read without a layout: the board's module has put its first picture in
  const board = document.querySelector(".rb-app .rb-board");
  return !!board && board.childElementCount > 0;
}

function afterBoard(then) {
  // `then` once the page's board is drawn and painted (or after BUILD_MS, a page whose board never draws)
  const started = performance.now();
  let timer = null;
  let waiting = true;
  const tick = () => {
    if (!waiting) return;
    if (!boardDrawn() && performance.now() - started < BUILD_MS) {
      timer = setTimeout(tick, 30);
      return;
    }
    requestAnimationFrame(() => { timer = setTimeout(() => { if (waiting) { waiting = false; then(); } }, 0); });
  };
  tick();
  return () => { waiting = false; clearTimeout(timer); };
}

function drawWhenNear(draw) {
  if (typeof IntersectionObserver === "undefined") return { watch: draw, stop() {} };
  const waiting = new Set();
  let retry = null;
  const observer = new IntersectionObserver((entries) => {
    if (!boardDrawn()) {  // too early to tell what is near: look again in a moment
      if (!retry) {
        retry = setTimeout(() => {
          retry = null;
          for (const figure of waiting) { observer.unobserve(figure); observer.observe(figure); }
        }, 250);
      }
      return;
    }
    for (const entry of entries) {
      if (!entry.isIntersecting || !waiting.has(entry.target)) continue;
      waiting.delete(entry.target);
      observer.unobserve(entry.target);
      draw(entry.target);
    }
  }, { rootMargin: `${NEAR} 0px` });
  return {
    watch(figure) {
      if (waiting.has(figure)) return;
      waiting.add(figure);
      observer.observe(figure);
    },
    stop() {
      observer.disconnect();
      clearTimeout(retry);
      waiting.clear();
    },
  };
}

// The phone's Rules button never covers a control (issue 18 E: it sat on Kokkuri-san's ▲/▼, the
// swap buttons, Treasure Hunt's "Seats & links"). Spots are tried from the bottom corners up both
// edges, 8 px at a time, to just below the sticky lesson step: first with the labelled button, then
// with a small round "?" one. Where no spot is free even for that, the button steps aside (hidden,
// `data-hidden`) until the screen has room again (a scroll, a redraw): the rule panel stays on the
// page below the board, and a button over a control would take the tap meant for the game.
const CONTROLS = ".rb-app button, .rb-app a[href], .rb-app input, .rb-app select, .rb-app textarea, .rb-app [role='button']";
const EDGE = 12;  // px between the button and the screen's side
const LOW = 14;  // px between the button and the screen's bottom
const STEP = 8;  // px between two spots tried up an edge
const BUILD_MS = 5000;  // a page whose board never draws gets its button anyway after this long

function fabTop() {
  // the highest the button may go: just below the sticky lesson step (it has its own buttons)
  const slot = document.querySelector(".rb-app > .rb-lesson-slot");
  const box = slot ? slot.getBoundingClientRect() : null;
  return box && box.height > 0 ? Math.max(0, box.bottom) + 8 : 8;
}

function fabSpots(width, height) {
  // bottom corners first, then up both edges: each spot with the box the button would take there
  const screenWidth = document.documentElement.clientWidth;
  const screenHeight = document.documentElement.clientHeight;
  const top = fabTop();
  const spots = [];
  for (let bottom = LOW; screenHeight - bottom - height >= top; bottom += STEP) {
    const y = screenHeight - bottom;
    spots.push({ style: { right: `${EDGE}px`, left: "auto", bottom: `${bottom}px`, top: "auto" },
                 box: { left: screenWidth - EDGE - width, right: screenWidth - EDGE, top: y - height, bottom: y } });
    spots.push({ style: { right: "auto", left: `${EDGE}px`, bottom: `${bottom}px`, top: "auto" },
                 box: { left: EDGE, right: EDGE + width, top: y - height, bottom: y } });
  }
  return spots;
}

function overlaps(a, b) {
  return Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
}

function controlBoxes(fab) {
  const boxes = [];
  const screenHeight = document.documentElement.clientHeight;
  for (const node of document.querySelectorAll(CONTROLS)) {
    if (node === fab || fab.contains(node)) continue;
    const box = node.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < screenHeight) boxes.push(box);
  }
  return boxes;
}

function freeSpot(fab, boxes) {
  // the first spot where the button, at its current size, covers no control (the size is read once:
  // the spots' boxes are computed, so trying a hundred of them costs no layout)
  const size = fab.getBoundingClientRect();
  for (const spot of fabSpots(size.width, size.height)) {
    if (!boxes.some((other) => overlaps(spot.box, other))) return spot;
  }
  return null;
}

function placeFab(fab) {
  if (!fab.isConnected) return;
  delete fab.dataset.hidden;  // shown (where the stylesheet allows) so its size can be read
  if (getComputedStyle(fab).position !== "fixed") return;  // a tablet: no floating button
  const boxes = controlBoxes(fab);
  for (const compact of [false, true]) {
    fab.classList.toggle("rb-rules-fab-compact", compact);
    const spot = freeSpot(fab, boxes);
    if (spot) {
      Object.assign(fab.style, spot.style);
      return;
    }
  }
  fab.dataset.hidden = "1";  // no free spot on this screen: out of the way until there is one
}

function watchFab(fab) {
  // placed once at once (it is hidden until then), then again in the frame after any change
  let queued = false;
  let observer = null;
  const started = performance.now();
  const place = () => {
    // the page's app may be attached after this widget: watch it (never <body>, where the button itself is)
    const app = document.querySelector(".rb-app");
    if (!observer && app) {
      observer = new MutationObserver(queue);
      observer.observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "style"] });
    }
    // not while the page is still being built: its controls are still moving, and each placing reads
    // the layout of all of them (a phone's repeat visit spent ~0.1 s so, every frame, before the board)
    if (!boardDrawn() && performance.now() - started < BUILD_MS) return;
    placeFab(fab);
  };
  function queue() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place();
    });
  }
  window.addEventListener("scroll", queue, { passive: true, capture: true });
  window.addEventListener("resize", queue);
  const poll = setInterval(queue, 1000);  // a board drawn in a closed shadow root, a font that loaded late
  queue();
  return () => {
    window.removeEventListener("scroll", queue, { capture: true });
    window.removeEventListener("resize", queue);
    clearInterval(poll);
    if (observer) observer.disconnect();
  };
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rb-rules-panel";
  const close = document.createElement("button");
  close.className = "rb-rules-close jupyter-button";
  const open = document.createElement("button");
  open.className = "rb-rules-fab jupyter-button";
  open.dataset.hidden = "1";  // out of the way until placed (placeFab)
  el.append(root);
  // Voilà's page scroller (#rendered_cells) has `contain: strict`, which pins any
  // position: fixed inside it to the scrolled content. The button and the open
  // overlay live on <body> instead, so they stay on the screen.
  const host = document.createElement("div");
  host.className = "rb-rules-overlay-host";
  document.body.append(open);

  function labels() {
    const label = model.get("label_open") || "Rules";
    open.dataset.label = label;  // the compact round button shows "?" (rules.css); it is still named
    open.setAttribute("aria-label", label);
    open.title = label;
    open.textContent = label;
    close.textContent = model.get("label_close") || "Close";
  }
  let drawn = false;
  function draw() {
    drawn = true;
    root.innerHTML = model.get("html") || "";  // generated and escaped by rulebook.core.text
    root.dataset.drawn = "1";
    drawExamples();
    focus();
  }
  function drawFigure(figure) {
    const view = (model.get("examples") || {})[figure.dataset.example];
    if (view) drawExample(figure, view, model.get("label_example") || "");
  }
  const near = drawWhenNear(drawFigure);
  function drawExamples() {
    if (!exampleBoard) return;
    for (const figure of root.querySelectorAll("figure.rb-example[data-example]")) near.watch(figure);
  }
  const drawAll = () => { if (exampleBoard) root.querySelectorAll("figure.rb-example[data-example]").forEach(drawFigure); };
  window.addEventListener("beforeprint", drawAll);
  function focus() {
    const id = model.get("highlight");
    if (!drawn || !id || !model.get("focus")) return;  // drawing the text focuses it
    const section = root.querySelector(`[data-rule="${CSS.escape(id)}"]`);
    if (!section) return;
    section.classList.add("rb-rule-highlight");
    // scroll inside the panel only: never jump the whole page on a tablet
    const top = section.offsetTop - root.offsetTop;
    root.scrollTo({ top: Math.max(0, top - 8), behavior: "smooth" });
    section.classList.remove("rb-rule-flash");
    void section.offsetWidth;
    section.classList.add("rb-rule-flash");
  }
  function show(on) {
    if (on && !drawn) draw();
    el.classList.toggle("rb-rules-open", on);
    document.body.classList.toggle("rb-rules-overlay-open", on);
    if (on) {
      host.append(close, root);
      document.body.append(host);
    } else {
      el.append(root);
      host.remove();
    }
    if (on) {
      const id = model.get("highlight");
      const section = id ? root.querySelector(`[data-rule="${CSS.escape(id)}"]`) : null;
      root.scrollTo({ top: section ? Math.max(0, section.offsetTop - root.offsetTop - 8) : 0 });
    }
  }
  open.addEventListener("click", () => show(true));
  close.addEventListener("click", () => show(false));
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") show(false); });
  model.on("change:html", draw);
  model.on("change:focus", focus);
  model.on("change:examples", drawExamples);
  model.on("change:label_open", labels);
  model.on("change:label_close", labels);
  labels();
  // the text once the board is drawn and painted: a visitor waits for the board, and on a phone the rules
  // are far below it (the board came ~0.06 s sooner on the phone profile); `data-drawn` says it is there
  const stopWaiting = afterBoard(() => { if (!drawn) draw(); });
  const unwatchFab = watchFab(open);  // once it has its label: its size decides where it fits
  return () => {
    model.off("change:html", draw); model.off("change:focus", focus); model.off("change:examples", drawExamples);
    model.off("change:label_open", labels); model.off("change:label_close", labels);
    window.removeEventListener("beforeprint", drawAll);
    stopWaiting();
    near.stop();
    document.body.classList.remove("rb-rules-overlay-open");
    unwatchFab();
    open.remove();
    host.remove();
  };
}

export default { render };
