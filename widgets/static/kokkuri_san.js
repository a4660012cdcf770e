// Kokkuri-san board: the row of candidates (name, this round's points for the
// 1st / 2nd and patron effect), the influence tokens left-packed under each,
// the play cards under them (face up with their value, face down as a back in
// the owner's colour; your own face-down cards show their value to you only),
// ▲ up / ▼ down under each candidate, the seats with scores, your hand, and
// the last settlement. Draws the view model `model.get("view")` (built in
// Python from the viewer's observation only) and sends taps as messages:
// {type: "select", index}, {type: "play", pos, up}, {type: "flip", pos,
// index}, {type: "move", pos}, each with the ply drawn. A tap on something
// that cannot be played now shows the reason Python put beside it (the
// engine's, or whose move it is) right there, with `showReason`.

function tappable(node, cell, host, play) {
  activate(node, () => {
    if (cell && cell.enabled) play();
    else showReason(host, (cell && cell.reason) || "", cell && cell.rule);
  }, cell && (cell.tap || cell.label));  // what a tap does (Python's words, in the page's language)
}

function token(seat, parent) {
  const t = element("span", `rb-ks-token rb-ks-seat-color-${seat}`, parent, String(seat + 1));
  t.dataset.seat = String(seat);
  return t;
}

function playCard(entry, cls, parent) {
  const known = entry.card !== null && entry.card !== undefined;
  const classes = ["rb-ks-card", cls, `rb-ks-seat-border-${entry.seat}`, entry.up ? "rb-ks-up" : "rb-ks-down"];
  if (!known) classes.push("rb-ks-back");
  const node = element("span", classes.join(" "), parent, known ? entry.card : "");
  node.dataset.value = known ? entry.card : "";
  if (entry.title) node.title = entry.title;
  return node;
}

function render({ model, el: host }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-ks";
  host.appendChild(root);

  function send(message) {
    const board = (model.get("view") || {}).board || {};
    model.send({ ...message, ply: board.ply });
  }

  function drawSeats(view) {
    if (!(view.seats || []).length) return;
    const strip = element("div", "rb-ks-seats", root);
    view.seats.forEach((seat, k) => {
      const cls = ["rb-ks-seat", `rb-ks-seat-${k}`, `rb-ks-seat-color-${k}-soft`];
      if (seat.active) cls.push("rb-ks-seat-active");
      if (seat.you) cls.push("rb-ks-seat-you");
      if (seat.winner) cls.push("rb-ks-seat-winner");
      const box = element("div", cls.join(" "), strip);
      const name = element("div", "rb-ks-seat-name", box);
      token(k, name);
      element("span", "rb-ks-seat-label", name, seat.name);
      if (seat.tag) element("span", "rb-ks-seat-tag", name, seat.tag);
      element("div", "rb-ks-score", box, seat.score_text).dataset.score = String(seat.score);
      const counts = element("div", "rb-ks-counts", box);
      element("span", "rb-ks-hand-size", counts, seat.hand_short).title = seat.hand_title || "";
      element("span", "rb-ks-deck-size", counts, seat.deck_short).title = seat.deck_title || "";
      if (seat.fronts) element("div", "rb-ks-fronts", box, seat.fronts);
    });
  }

  function drawCandidate(item, row, view) {
    const cls = ["rb-ks-cand", `rb-ks-cand-${item.pos}`];
    if (item.pending) cls.push("rb-ks-cand-pending");
    const col = element("div", cls.join(" "), row);
    col.dataset.kind = String(item.kind);
    const head = element("div", "rb-ks-cand-head", col);
    if (view.mode !== "example") element("span", "rb-ks-pos", head, String(item.pos));
    element("span", "rb-ks-cand-name", head, item.name);
    if (item.points_text) element("div", "rb-ks-points", col, item.points_text);
    if (item.effect) {
      const eff = element("div", `rb-ks-effect rb-ks-effect-${item.effect_kind}`, col);
      if (item.effect_tag) element("span", "rb-ks-effect-tag", eff, item.effect_tag);
      element("span", "rb-ks-effect-text", eff, item.effect);
    }
    const tokens = element("div", "rb-ks-tokens", col);
    tappable(tokens, view.tokens_note, col, () => {});
    (item.tokens || []).forEach((seat) => token(seat, tokens));
    const cards = element("div", "rb-ks-cards", col);
    (item.cards || []).forEach((entry, i) => {
      const lit = entry.cell && entry.cell.enabled;
      const node = playCard(entry, `rb-ks-card-${item.pos}-${i}${lit ? " rb-ks-flippable" : ""}`, cards);
      tappable(node, entry.cell, col, () => send({ type: "flip", pos: item.pos, index: i }));
    });
    if (item.votes_text) element("div", "rb-ks-votes", col, item.votes_text);
    const buttons = element("div", "rb-ks-play", col);
    if (item.up) controlButton(item.up, () => send({ type: "play", pos: item.pos, up: true }), buttons);
    if (item.down) controlButton(item.down, () => send({ type: "play", pos: item.pos, up: false }), buttons);
    if (item.move) controlButton(item.move, () => send({ type: "move", pos: item.pos }), buttons);
  }

  function drawHand(view) {
    const box = element("div", "rb-ks-hand-box", root);
    element("div", "rb-section-title", box, view.words.hand || "");
    const hand = element("div", "rb-ks-hand", box);
    if (!view.hand.length) element("span", "rb-empty-note", hand, view.words.empty || "");
    const cells = view.hand_cells || [];
    view.hand.forEach((label, i) => {
      const cell = cells[i] || {};
      const cls = ["rb-ks-card", "rb-ks-hand-card", `rb-ks-hand-card-${i}`, `rb-ks-seat-border-${view.you}`];
      if (cell.enabled) cls.push("rb-ks-playable");
      if (view.selected !== null && view.selected !== undefined && view.hand_kinds[i] === view.selected) cls.push("rb-ks-selected");
      const node = element("span", cls.join(" "), hand, label);
      node.dataset.value = label;
      tappable(node, cell, box, () => send({ type: "select", index: i }));
      node.setAttribute("aria-pressed", cls.includes("rb-ks-selected") ? "true" : "false");
    });
  }

  function drawLast(view) {
    const last = view.last;
    const box = element("div", "rb-ks-last", root);
    element("div", "rb-section-title", box, `${view.words.last || ""} (${last.round})`);
    element("div", "rb-ks-last-text", box, last.text);
    const rows = element("div", "rb-ks-last-rows", box);
    last.rows.forEach((r, p) => {
      const line = element("div", `rb-ks-last-row${r.elected ? " rb-ks-elected" : ""}`, rows);
      element("span", "rb-ks-last-name", line, r.name);
      element("span", "rb-ks-last-votes", line, r.votes_text);
      if (r.elected_text) element("span", "rb-ks-elected-tag", line, r.elected_text);
      const t = element("span", "rb-ks-last-tokens", line);
      r.tokens.forEach((seat) => token(seat, t));
      const c = element("span", "rb-ks-last-cards", line);
      r.cards.forEach(([seat, value], i) => playCard({ seat, card: value, up: true }, `rb-ks-last-card-${p}-${i}`, c));
    });
  }

  // Table mode: the candidates (the row, left to right) or the card kinds (a draw) to tap, and what is typed so far.
  function drawEntry(view) {
    const entry = view.entry;
    if (!entry) {
      if (view.entry_hidden) element("div", "rb-ks-entry-hidden", root, view.entry_hidden);
      return;
    }
    const box = element("div", `rb-ks-entry rb-ks-entry-${entry.kind}`, root);
    element("div", "rb-section-title", box, entry.title || "");
    const typed = element("div", "rb-ks-entry-typed", box);
    for (let i = 0; i < entry.needed; i++) {
      const cls = ["rb-ks-entry-slot", `rb-ks-entry-slot-${i}`];
      if (i === entry.typed.length) cls.push("rb-ks-entry-next");
      element("span", cls.join(" "), typed, entry.typed[i] || "");
    }
    const keys = element("div", "rb-ks-entry-keys", box);
    (entry.keys || []).forEach((key) => {
      const cls = ["rb-ks-entry-key", `rb-ks-entry-key-${key.value}`];
      if (key.enabled) cls.push("rb-ks-entry-playable");
      const node = element("span", cls.join(" "), keys, key.label);
      node.title = key.enabled ? "" : key.reason || "";
      tappable(node, key, box, () => send({ type: "enter", value: key.value }));
    });
  }

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    view.words = view.words || {};
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.ply = String(view.ply === undefined ? "" : view.ply);
    root.dataset.phase = view.phase || "";

    if (vm.caption) element("div", "rb-caption", root, vm.caption);
    if ((vm.messages || []).length) {
      const box = element("div", "rb-messages", root);
      for (const message of vm.messages) messageLine(message, box);
    }
    if (view.data_note) element("div", `rb-ks-data-note${view.stand_in ? " rb-ks-standin" : ""}`, root, view.data_note);
    // the settlement just made is news at the start of the next round: drawn first, where the eye lands
    if (view.last && view.last_first) drawLast(view);
    drawSeats(view);
    drawEntry(view);
    if (view.hand) drawHand(view);
    const rowBox = element("div", "rb-ks-row-box", root);
    if (view.mode !== "example") element("div", "rb-section-title", rowBox, view.words.candidates || "");
    const row = element("div", "rb-ks-row", rowBox);
    (view.candidates || []).forEach((item) => drawCandidate(item, row, view));
    if (view.last && !view.last_first) drawLast(view);
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
