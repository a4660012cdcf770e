// Pig's board (after common.js and dice.js, see widgets/views/pig/__init__.py):
// draws `model.get("view")`, the view model Python built (present.py): a row
// per seat with its total and a bar towards the goal, the turn's points and the last die.
// Moves are the page's buttons; this board only draws (it keeps no state).

function render({ model, el: host }) {
  const root = document.createElement("div");
  host.appendChild(root);

  function draw() {
    const view = model.get("view") || {};
    const words = view.words || {};
    root.replaceChildren();
    root.className = "rb-board rb-pig";
    element("div", "rb-goal", root, words.goal);
    const table = element("div", "rb-seats", root);
    for (const row of view.rows || []) {
      const line = element("div", `rb-seat-row rb-seat-${row.seat}${row.to_play ? " rb-to-play" : ""}`, table);
      element("span", "rb-seat-name", line, row.name);
      const bar = element("span", "rb-bar", line);
      const fill = element("span", "rb-bar-fill", bar);
      fill.style.width = `${Math.round(100 * (row.share || 0))}%`;
      const total = element("b", `rb-total rb-total-${row.seat}`, line, row.total_text);
      total.dataset.total = String(row.total);
    }
    const turn = element("div", `rb-turn-points${view.busted ? " rb-busted" : ""}`, root);
    element("span", "rb-turn-label", turn, view.busted ? words.bust : words.turn_points);
    const points = element("b", "rb-turn-total", turn, String(view.turn_total || 0));
    points.dataset.points = String(view.turn_total || 0);
    const die = element("div", "rb-last-die", root);
    element("span", "rb-die-label", die, view.die ? words.last_die : words.no_die);
    if (view.die) {
      const svg = makeSvg(56, 56, "rb-die-svg");
      svg.setAttribute("width", "56");
      drawDie(svg, { x: 2, y: 2, size: 52, colour: "clear", pips: view.die, cls: `rb-die-${view.die}`, title: view.die_title });
      die.appendChild(svg);
      die.dataset.pips = String(view.die);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
