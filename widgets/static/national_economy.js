// National Economy board: the round and wage, the household, deck and
// discards, each seat (wallet, unpaid tokens, workers awake/placed/asleep,
// hand size, score forecast), the public area and each player's buildings
// (every building a tappable workplace, with the workers on it and, in solo,
// whether it is blocked), your hand and the design office's cards. Draws the
// view model `model.get("view")` (built in Python from the viewer's
// observation only) and sends a tap as {type: "act", action, ply}: the text
// of the move of the tapped control. A tap on something that cannot be
// played now shows the reason Python put beside it, next to it.

function tappable(node, cell, host, play) {
  activate(node, () => {
    if (cell && cell.enabled) play();
    else showReason(host, (cell && cell.reason) || "", cell && cell.rule);
  }, cell && (cell.tap || cell.label));  // what a tap does (Python's words, in the page's language)
}

function render({ model, el: host }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-ne";
  host.appendChild(root);

  function send(action) {
    const board = (model.get("view") || {}).board || {};
    model.send({ type: "act", action, ply: board.ply });
  }

  function workerDots(seats, parent) {
    const row = element("span", "rb-worker-dots", parent);
    for (const seat of seats) element("span", `rb-worker rb-worker-seat-${seat}`, row, String(seat + 1));
    return row;
  }

  function drawSeats(view) {
    const strip = element("div", "rb-seats", root);
    (view.seats || []).forEach((seat, k) => {
      const cls = ["rb-seat", `rb-seat-${k}`];
      if (seat.active) cls.push("rb-seat-active");
      if (seat.you) cls.push("rb-seat-you");
      if (seat.leader) cls.push("rb-seat-winner");
      const box = element("div", cls.join(" "), strip);
      const name = element("div", "rb-seat-name", box, seat.name);
      element("span", `rb-seat-colour rb-worker-seat-${k}`, name);
      if (seat.tag) element("span", "rb-seat-tag", name, seat.tag);
      if (seat.start) element("span", "rb-seat-start", name, seat.start_text);
      const row = element("div", "rb-seat-row", box);
      element("span", "rb-money", row, seat.money_text).dataset.value = seat.money;
      const tokens = element("span", `rb-tokens${seat.tokens ? " rb-tokens-some" : ""}`, row, seat.tokens_text);
      tokens.dataset.value = seat.tokens;
      const workers = element("div", "rb-workers", box);
      if (view.mode === "example" && !(seat.idle + seat.placed + seat.asleep)) workers.remove();
      workers.title = seat.workers_title || "";
      for (let i = 0; i < seat.idle; i++) element("span", `rb-worker rb-worker-idle rb-worker-seat-${k}`, workers);
      for (let i = 0; i < seat.placed; i++) element("span", `rb-worker rb-worker-placed rb-worker-seat-${k}`, workers);
      for (let i = 0; i < seat.asleep; i++) element("span", `rb-worker rb-worker-asleep rb-worker-seat-${k}`, workers, "z");
      if (seat.asleep_text) element("div", "rb-asleep-note", box, seat.asleep_text);
      if (seat.hand_text || view.mode !== "example") element("div", "rb-seat-hand", box, seat.hand_text);
      if (seat.forecast_text || view.mode !== "example") {
        const forecast = element("div", "rb-forecast", box, seat.forecast_text);
        forecast.title = seat.forecast_title || "";
        forecast.dataset.value = seat.forecast;
      }
    });
  }

  function drawArea(area, view) {
    const box = element("div", `rb-area rb-area-${area.owner < 0 ? "public" : "seat-" + area.owner}`, root);
    element("div", "rb-section-title", box, area.title);
    const row = element("div", "rb-buildings", box);
    if (!area.cells.length) element("span", "rb-empty-note", row, view.none || "");
    for (const cell of area.cells) {
      const cls = ["rb-building", `rb-${cell.key}`, `rb-kind-${cell.code}`];
      if (cell.enabled) cls.push("rb-playable");
      if (cell.blocked) cls.push("rb-blocked");
      if (cell.passive) cls.push("rb-passive");
      if (cell.unpaid) cls.push("rb-unpaid");
      if (cell.workers.length) cls.push("rb-taken");
      const node = element("div", cls.join(" "), row);
      element("div", "rb-building-name", node, cell.label);
      if (cell.note) element("div", "rb-building-note", node, cell.note);
      if (cell.workers.length) workerDots(cell.workers, node);
      if (cell.blocked) element("div", "rb-blocked-mark", node, "✕");
      tappable(node, cell, box, () => send(cell.action));
    }
  }

  function drawCards(title, cells, cls, view) {
    const box = element("div", `rb-cards-box ${cls}`, root);
    element("div", "rb-section-title", box, title);
    const row = element("div", "rb-cards", box);
    if (!cells.length) element("span", "rb-empty-note", row, view.none || "");
    for (const cell of cells) {
      const names = ["rb-card", `rb-${cell.key}`, `rb-kind-${cell.code}`];
      if (cell.enabled) names.push("rb-playable");
      if (cell.goods) names.push("rb-goods");
      const node = element("div", names.join(" "), row);
      element("div", "rb-card-name", node, cell.count > 1 ? `${cell.label} ×${cell.count}` : cell.label);
      if (cell.note) element("div", "rb-card-note", node, cell.note);
      tappable(node, cell, box, () => send(cell.action));
    }
  }

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    root.replaceChildren();
    root.dataset.ply = String(view.ply === undefined ? "" : view.ply);
    root.dataset.phase = view.phase || "";
    root.dataset.mode = view.mode || "";
    element("div", "rb-caption", root, vm.caption || "");
    for (const message of vm.messages || []) messageLine(message, root);
    // a worked example leaves out what it is not about (issue 19 D): only the facts it sets are drawn
    const facts = ["round", "wage", "household", "deck", "discards"].filter((key) => view.mode !== "example" || view[key]);
    if (facts.length) {
      const top = element("div", "rb-economy", root);
      for (const key of facts) element("span", `rb-${key}`, top, view[key] || "");
    }
    drawSeats(view);
    for (const area of view.areas || []) drawArea(area, view);
    if (view.sales) {
      const box = element("div", "rb-sales", root);
      for (const line of view.sales) element("div", "rb-sale-line", box, line);
    }
    if ((view.revealed || []).length) drawCards(view.revealed_title, view.revealed, "rb-revealed", view);
    if (view.you !== undefined && view.you >= 0) drawCards(view.hand_title, view.hand || [], "rb-hand", view);
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
