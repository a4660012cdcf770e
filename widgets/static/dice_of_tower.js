// Dice of Tower board: the towers in side view (every die with its colour,
// size and face), the board's buttons and the score table. Draws
// `model.get("view")`, the view model built in Python
// (widgets/views/dice_of_tower/present.py), and sends taps as messages
// stamped with the board's `ply` so a late double tap cannot act on the next
// state: {type: "die", die} (pick a lone die, put the picked one on a top,
// remove a die after a burst), {type: "play", action} (a button's move) and
// {type: "control", key} (a page-only button: in table mode, the tower that
// fell, before the page asks how many of its levels still stand).
// Python and the engine decide what is legal; a disabled button shows the
// engine's reason when tapped.

const TOWER_COLOURS = ["red", "blue", "yellow", "green"];
DIE_COLOURS.green = { fill: "#3fa66a", stroke: "#23683f", pip: "#ffffff", dash: "" };
// the smallest die 28 px as shown (30 drawn, its outline inset by 1), readable on a phone (issue 19 D)
const DIE_PX = { 1: 30, 2: 38, 3: 46 };
const COLUMN = 54;

function div(cls, text = null, parent = null) {
  return element("div", cls, parent, text);
}

function render({ model, el }) {
  const root = div("rb-board rb-board-dot", null, el);

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    const send = (message) => model.send({ ...message, ply: view.ply });
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.phase = view.phase || "";
    root.dataset.seat = view.seat ?? "";
    root.dataset.ply = view.ply ?? "";
    if (vm.caption) div("rb-caption", vm.caption, root);
    if ((vm.messages || []).length) {
      const box = div("rb-messages", null, root);
      for (const message of vm.messages) messageLine(message, box);
    }
    drawTowers(view, send);
    if ((vm.controls || []).length) {
      const bar = div("rb-dot-bar", null, root);
      for (const control of vm.controls) {
        // a control without a move is the page's own (table mode: which tower fell, before how many levels stand)
        const message = control.action ? { type: "play", action: control.action } : { type: "control", key: control.key };
        const button = controlButton(control, () => send(message), bar);
        if (control.highlight) button.classList.add("rb-primary");
      }
    }
    if (view.scores) drawScores(view.scores);
  }

  function drawTowers(view, send) {
    const row = div("rb-dot-towers", null, root);
    row.setAttribute("role", "group");  // a name needs a role (aria-label on a bare div is not allowed)
    row.setAttribute("aria-label", (view.words || {}).towers || "towers");
    for (const tower of view.towers || []) {
      const target = tower.dice.some((d) => d.target);
      const col = div(`rb-tower rb-tower-${tower.key}${target ? " rb-tower-target" : ""}`, null, row);
      const top = tower.dice[tower.dice.length - 1];
      const risk = div("rb-tower-risk", target && top.risk ? top.risk : "", col);
      if (target && top.risk_title) risk.title = top.risk_title;
      const height = tower.dice.reduce((sum, d) => sum + DIE_PX[d.size], 0) + 6;
      const svg = makeSvg(COLUMN, height, "rb-tower-svg");
      svg.style.width = `${COLUMN}px`;
      let y = height - 3;
      for (const die of tower.dice) {
        const size = DIE_PX[die.size];
        y -= size;
        const cls = ["rb-die", `rb-die-${die.id}`, `rb-size-${die.size}`];
        if (die.pickable) cls.push("rb-pickable");
        if (die.picked) cls.push("rb-picked");
        if (die.target) cls.push("rb-target");
        if (die.pending) cls.push("rb-pending");
        const g = drawDie(svg, { x: (COLUMN - size) / 2, y, size, colour: TOWER_COLOURS[die.colour] || "clear", pips: die.face,
          cls: cls.join(" "), title: die.title });
        if (view.interactive) activate(g, () => send({ type: "die", die: die.id }), die.tap || die.title, die.pickable ? !!die.picked : null);
      }
      col.appendChild(svg);
      const base = div(`rb-tower-base rb-owner-${tower.owner}`, null, col);
      div("rb-tower-points", tower.points || "", base);
    }
  }

  function drawScores(scores) {
    const table = element("table", "rb-dot-scores", root);
    const head = element("tr", "", table);
    for (const text of scores.head || []) element("th", "", head, text);
    if (scores.now) element("th", "", head, scores.now);
    element("th", "", head, scores.total || "");
    for (const row of scores.rows || []) {
      const tr = element("tr", `rb-score-row rb-score-colour-${row.colour}`, table);
      const name = element("th", "", tr);
      element("span", `rb-swatch rb-owner-${row.colour}`, name);
      element("span", "rb-score-name", name, `${row.name} · ${row.seats}`);
      if (row.removed) element("span", "rb-score-removed", name, row.removed);
      for (const points of row.rounds) element("td", "", tr, points);
      if (scores.now) element("td", "rb-score-now", tr, row.now);
      element("td", "rb-score-total", tr, row.total);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
