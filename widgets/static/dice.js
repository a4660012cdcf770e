// Dice drawn the same way on every board (after common.js, before the board
// module, see widgets/base.py `esm()`). No imports: the site must work
// offline.

const DIE_COLOURS = {
  clear: { fill: "#f4f7fa", stroke: "#8a99a8", pip: "#3d4b59", dash: "3 2" },
  yellow: { fill: "#f2c94c", stroke: "#a4831d", pip: "#3d3200", dash: "" },
  red: { fill: "#e04848", stroke: "#962323", pip: "#ffffff", dash: "" },
  blue: { fill: "#3b7ddd", stroke: "#1f4f96", pip: "#ffffff", dash: "" },
};

// Pip positions on a 0..1 square, per face value.
const PIP_LAYOUT = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.73, 0.22], [0.27, 0.5], [0.73, 0.5], [0.27, 0.78], [0.73, 0.78]],
};

// Draw one die as a <g> at (x, y) with side `size`. `pips` 0 draws "?" (not
// rolled yet), -1 a blank face (only the colour matters). `cls` is added to the group's classes.
function drawDie(parent, { x, y, size, colour, pips, cls = "", title = null }) {
  const style = DIE_COLOURS[colour] || DIE_COLOURS.clear;
  const g = svgEl("g", { class: `rb-die-face rb-colour-${colour} ${cls}`.trim(), transform: `translate(${x},${y})` }, parent);
  if (title) svgEl("title", {}, g).textContent = title;
  // a die alone in its own picture names the picture (an image needs a name); activate() takes it back
  if (title && parent.tagName === "svg" && parent.getAttribute("role") === "img" && !parent.hasAttribute("aria-label")) {
    parent.setAttribute("aria-label", title);
    parent.dataset.namedByDie = "1";
  }
  svgEl("rect", {
    x: 1, y: 1, width: size - 2, height: size - 2, rx: size * 0.16,
    fill: style.fill, stroke: style.stroke, "stroke-width": Math.max(1.5, size * 0.04),
    "stroke-dasharray": style.dash || null, class: "rb-die-body",
  }, g);
  if (colour === "clear") {
    // a glint so clear dice read as glass, not as empty slots
    svgEl("path", { d: `M ${size * 0.18} ${size * 0.34} Q ${size * 0.2} ${size * 0.2} ${size * 0.34} ${size * 0.17}`,
      stroke: "#ffffff", "stroke-width": size * 0.06, fill: "none", "stroke-linecap": "round", opacity: 0.9 }, g);
  }
  if (pips >= 1 && pips <= 6) {
    for (const [px, py] of PIP_LAYOUT[pips]) {
      svgEl("circle", { cx: px * size, cy: py * size, r: size * 0.085, fill: style.pip, class: "rb-pip" }, g);
    }
  } else if (pips !== -1) {  // -1: a blank face (colour only), 0: not rolled yet
    const t = svgEl("text", { x: size / 2, y: size * 0.66, "text-anchor": "middle", "font-size": size * 0.5, fill: style.pip }, g);
    t.textContent = "?";
  }
  return g;
}

function makeSvg(width, height, cls) {
  return svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", class: cls, role: "img",
    preserveAspectRatio: "xMidYMid meet" });
}

// Geometry of the 4-3-2-1 pyramid: slot (r, i) centre-left corner.
function slotXY(r, i, cell, gap, originX, baseY) {
  const step = cell + gap;
  return [originX + (i + r / 2) * step, baseY - r * step];
}

const PYRAMID_SLOTS = [];
for (let r = 0; r < 4; r++) for (let i = 0; i < 4 - r; i++) PYRAMID_SLOTS.push([r, i]);

// A small pyramid picture: `cells` maps "r,i" -> {colour, pips}; `mark` is a
// set of "r,i" keys to emphasise (the dice that make a pattern).
function drawMiniPyramid(parent, { x, y, cell, cells, mark = null, cls = "" }) {
  const g = svgEl("g", { class: `rb-mini ${cls}`.trim(), transform: `translate(${x},${y})` }, parent);
  const gap = cell * 0.12;
  for (const [r, i] of PYRAMID_SLOTS) {
    const key = `${r},${i}`;
    const [sx, sy] = slotXY(r, i, cell, gap, 0, 3 * (cell + gap));
    const die = cells[key];
    const dim = mark && !mark.has(key);
    if (die) {
      const dg = drawDie(g, { x: sx, y: sy, size: cell, colour: die[0] ?? die.colour, pips: die[1] ?? die.pips });
      if (dim) dg.setAttribute("opacity", "0.22");
    } else {
      svgEl("rect", { x: sx + 1, y: sy + 1, width: cell - 2, height: cell - 2, rx: cell * 0.16,
        fill: "none", stroke: "#c3ccd5", "stroke-dasharray": "2 2" }, g);
    }
  }
  return g;
}
