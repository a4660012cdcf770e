// The lesson's eye on a phone (draws nothing): what the step asks to tap is on screen.
//
// - `target`: the step's selector(s) (comma-separated, inside .rb-app). After
//   each step change the first visible target is scrolled into view just
//   below the sticky step box (and above the phone's Rules button), so the
//   learner never hunts for the Moon 700 px down or taps a card hidden under
//   the step box.
// - `step`: bumped by the guide at every drawing, so the same target on the
//   next step is brought back into view too.
// - the step box is compact on a phone: its text is cut to three lines with
//   a "more" button (`label_more` / `label_less`), so the sticky box keeps
//   at most ~120 px of a 844 px screen.
const PHONE = "(max-width: 700px)";
const GAP = 8;

function stickyBottom() {
  const slot = document.querySelector(".rb-app > .rb-lesson-slot");
  if (!slot) return 0;
  const box = slot.getBoundingClientRect();
  return box.height > 0 ? Math.max(0, box.bottom) : 0;
}

function fabTop() {
  const fab = document.querySelector(".rb-rules-fab");
  if (!fab) return window.innerHeight;
  const box = fab.getBoundingClientRect();
  return box.height > 0 ? box.top : window.innerHeight;
}

function firstTarget(selector) {
  if (!selector) return null;
  const parts = selector.split(",").map((s) => s.split("=>")[0].trim()).filter(Boolean);
  for (const part of parts) {
    let found;
    try { found = document.querySelectorAll(".rb-app " + part); } catch (e) { return null; }
    for (const el of found) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return el;
    }
  }
  return null;
}

// The box that scrolls `el` (Voilà's page scrolls #rendered_cells, not the window).
function scrollerOf(el) {
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1) return node;
  }
  return document.scrollingElement || document.documentElement;
}

// Scroll so `el` sits below the sticky box and above the bottom band; true if it had to move.
function bringIntoView(el) {
  const box = el.getBoundingClientRect();
  const scroller = scrollerOf(el);
  const frame = scroller === document.scrollingElement || scroller === document.documentElement
    ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
  const top = Math.max(stickyBottom(), frame.top) + GAP;
  const bottom = Math.min(window.innerHeight, frame.bottom, fabTop()) - GAP;
  let delta = 0;
  if (box.top < top) delta = box.top - top;
  else if (box.bottom > bottom) delta = Math.min(box.bottom - bottom, box.top - top);
  if (Math.abs(delta) < 1) return false;
  scroller.scrollBy({ top: delta, left: 0, behavior: "instant" });
  return true;
}

function compact(area, labels) {
  const text = area.querySelector(".rb-lesson-text");
  const lesson = area.querySelector(".rb-lesson");
  if (!text || !lesson) return;
  const phone = window.matchMedia(PHONE).matches;
  let more = lesson.querySelector(".rb-lesson-more");
  if (!phone) {
    lesson.classList.remove("rb-lesson-compact", "rb-lesson-expanded");
    if (more) more.remove();
    return;
  }
  if (!lesson.classList.contains("rb-lesson-expanded")) lesson.classList.add("rb-lesson-compact");
  const cut = text.scrollHeight > text.clientHeight + 1;
  if (!more && (cut || lesson.classList.contains("rb-lesson-expanded"))) {
    more = document.createElement("button");
    more.type = "button";
    more.className = "rb-lesson-more";
    more.addEventListener("click", () => {
      const open = lesson.classList.toggle("rb-lesson-expanded");
      lesson.classList.toggle("rb-lesson-compact", !open);
      more.textContent = open ? labels().less : labels().more;
      more.setAttribute("aria-expanded", String(open));
    });
    lesson.appendChild(more);
  }
  if (more) {  // only what changed: a write would wake the observer that called us
    const open = lesson.classList.contains("rb-lesson-expanded");
    const label = open ? labels().less : labels().more;
    if (more.textContent !== label) more.textContent = label;
    if (more.getAttribute("aria-expanded") !== String(open)) more.setAttribute("aria-expanded", String(open));
  }
}

function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("rb-lesson-focus");
  const labels = () => ({ more: model.get("label_more"), less: model.get("label_less") });
  let timers = [];

  function area() {
    return document.querySelector(".rb-app > .rb-lesson-slot");
  }

  function focus() {
    const slot = area();
    if (slot) compact(slot, labels);
    const target = firstTarget(model.get("target"));
    if (target) bringIntoView(target);
  }

  // The board's redraw for the new step may land a little after the step box: look again a few times.
  function schedule() {
    timers.forEach(clearTimeout);
    timers = [0, 120, 400, 900].map((ms) => setTimeout(focus, ms));
  }

  model.on("change:step", schedule);
  model.on("change:target", schedule);
  const slot = area();
  let observer = null;
  if (slot) {
    // the step box is redrawn by the kernel (its HTML replaced): compact it again at once
    observer = new MutationObserver(() => compact(slot, labels));
    observer.observe(slot, { childList: true, subtree: true });
  }
  schedule();
  return () => {
    timers.forEach(clearTimeout);
    if (observer) observer.disconnect();
  };
}

export default { render };
