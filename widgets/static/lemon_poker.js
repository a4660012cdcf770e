// Lemon Poker board: the two seats (role, chips), the two community cards,
// the dealer's two groups of five in sorted order (face down, face up, or
// pale: seen by the dealer only), the child's bet rows (1–5 chips on each
// group) and the last hand turned face up. Draws the view model
// `model.get("view")` (built in Python from the viewer's observation only)
// and sends taps as messages: {type: "show", group, place, ply} and
// {type: "bet", group, chips, ply}. A tap on something that cannot be played
// now shows the reason Python put beside it (the engine's, or whose move it
// is) right there, with `showReason`. Table mode: while the dealer types in
// the real deal, the twelve places of the deal and a grid of the 52 cards
// (a tap sends {type: "enter", card, ply}).

const LP_SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

function lpTappable(node, cell, host, play) {
  activate(node, () => {
    if (cell && cell.enabled) play();
    else showReason(host, (cell && cell.reason) || "", cell && cell.rule);
  }, cell && (cell.tap || cell.label));  // what a tap does (Python's words, in the page's language)
}

// One playing card as a small SVG: rank and suit, or its back (card null).
function lpCard(card, cls, opts) {
  const o = opts || {};
  const w = o.w || 46, h = o.h || 66;
  const svg = svgEl("svg", { viewBox: `0 0 ${w + 4} ${h + 4}`, width: w + 4, height: h + 4, class: `rb-lp-card ${cls || ""}` });
  if (!card) {
    svgEl("rect", { x: 2, y: 2, width: w, height: h, rx: 6, class: "rb-lp-back" }, svg);
    svgEl("rect", { x: 7, y: 7, width: w - 10, height: h - 10, rx: 3, class: "rb-lp-back-inner" }, svg);
    svg.dataset.card = "";
    return svg;
  }
  const red = card[1] === "h" || card[1] === "d";
  svgEl("rect", { x: 2, y: 2, width: w, height: h, rx: 6, class: "rb-lp-face" }, svg);
  const rank = svgEl("text", { x: 2 + w / 2, y: 2 + h * 0.45, "text-anchor": "middle", "font-size": Math.round(h * 0.34),
    class: `rb-lp-rank${red ? " rb-lp-red" : ""}` }, svg);
  rank.textContent = card[0] === "T" ? "10" : card[0];
  const suit = svgEl("text", { x: 2 + w / 2, y: 2 + h * 0.86, "text-anchor": "middle", "font-size": Math.round(h * 0.34),
    class: `rb-lp-suit${red ? " rb-lp-red" : ""}` }, svg);
  suit.textContent = LP_SUITS[card[1]] || "?";
  svg.dataset.card = card;
  return svg;
}

function render({ model, el: host }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-lp";
  host.appendChild(root);

  function send(message) {
    const board = (model.get("view") || {}).board || {};
    model.send({ ...message, ply: board.ply });
  }

  function drawSeats(view) {
    const strip = element("div", "rb-seats", root);
    (view.seats || []).forEach((seat, k) => {
      const cls = ["rb-seat", `rb-seat-${k}`];
      if (seat.active) cls.push("rb-seat-active");
      if (seat.you) cls.push("rb-seat-you");
      if (seat.winner) cls.push("rb-seat-winner");
      if (seat.role) cls.push(`rb-seat-${seat.role}`);
      const box = element("div", cls.join(" "), strip);
      const name = element("div", "rb-seat-name", box, seat.name);
      if (seat.tag) element("span", "rb-seat-tag", name, seat.tag);
      const row = element("div", "rb-seat-line", box);
      if (seat.role_label) element("span", `rb-role rb-role-${seat.role}`, row, seat.role_label);
      element("span", "rb-chips", row, seat.chips_text).dataset.chips = String(seat.chips);
    });
  }

  function drawGroup(group, g, parent, example) {
    const box = element("div", `rb-group rb-group-${g}`, parent);
    element("div", "rb-section-title", box, group.title);
    const row = element("div", "rb-group-cards", box);
    (group.cells || []).forEach((cell, i) => {
      const tap = cell.tap || {};
      const cls = ["rb-place", `rb-place-${g}-${i}`];
      if (cell.shown) cls.push("rb-place-up");
      else if (cell.card) cls.push("rb-place-secret");
      else cls.push("rb-place-down");
      if (tap.enabled) cls.push("rb-place-playable");
      if (cell.picked) cls.push("rb-place-picked");
      const slot = element("div", cls.join(" "), row);
      slot.dataset.card = cell.card || "";
      slot.title = tap.enabled ? tap.label || "" : tap.reason || "";
      slot.appendChild(lpCard(cell.card, "", {}));
      element("div", "rb-place-no", slot, String(i + 1));
      if (!example) {
        lpTappable(slot, tap, box, () => send({ type: "show", group: g, place: i }));
        slot.setAttribute("aria-pressed", cell.picked ? "true" : "false");
      }
    });
    return box;
  }

  function drawBet(view) {
    const bet = view.bet;
    if (!bet) return;
    const box = element("div", "rb-bets", root);
    (bet.rows || []).forEach((row, g) => {
      const line = element("div", `rb-bet-row rb-bet-row-${g}`, box);
      element("span", "rb-bet-title", line, row.title);
      (row.cells || []).forEach((cell, k) => {
        const cls = ["rb-bet", `rb-bet-${g}-${k + 1}`];
        if (cell.enabled) cls.push("rb-bet-playable");
        const chip = element("span", cls.join(" "), line, cell.label);
        chip.title = cell.enabled ? "" : cell.reason || "";
        lpTappable(chip, cell, box, () => send({ type: "bet", group: g, chips: k + 1 }));
      });
    });
  }

  function drawLast(view, words) {
    const last = view.last;
    if (!last) return;
    const box = element("div", "rb-last", root);
    element("div", "rb-section-title", box, words.last || "");
    element("div", "rb-last-text", box, last.text);
    const row = element("div", "rb-last-cards", box);
    lpTappable(row, view.last_note, box, () => {});
    const com = element("div", "rb-last-part rb-last-community", row);
    (last.community || []).forEach((c) => com.appendChild(lpCard(c, "rb-last-card", { w: 26, h: 38 })));
    (last.groups || []).forEach((cards, g) => {
      const cls = ["rb-last-part", `rb-last-group-${g}`];
      if (last.winner === g) cls.push("rb-last-winner");
      if (last.bet_group === g) cls.push("rb-last-bet");
      const part = element("div", cls.join(" "), row);
      element("span", "rb-last-label", part, (words.groups || [])[g] || "");
      cards.forEach((c) => part.appendChild(lpCard(c, "rb-last-card", { w: 26, h: 38 })));
    });
  }

  function drawEntry(view) {
    const entry = view.entry;
    if (!entry) {
      if (view.entry_hidden) element("div", "rb-entry-hidden", root, view.entry_hidden);
      return;
    }
    const box = element("div", "rb-entry", root);
    element("div", "rb-section-title", box, entry.title || "");
    const slots = element("div", "rb-entry-slots", box);
    (entry.slots || []).forEach((slot, i) => {
      const cls = ["rb-entry-slot", `rb-entry-slot-${i}`];
      if (slot.next) cls.push("rb-entry-next");
      if (slot.card) cls.push("rb-entry-filled");
      const cell = element("div", cls.join(" "), slots);
      cell.dataset.card = slot.card || "";
      cell.appendChild(lpCard(slot.card, "", { w: 26, h: 38 }));
      element("div", "rb-entry-slot-label", cell, slot.label);
    });
    element("div", "rb-entry-help", box, entry.help || "");
    const grid = element("div", "rb-entry-grid", box);
    (entry.grid || []).forEach((row) => {
      const line = element("div", "rb-entry-row", grid);
      row.forEach((cell) => {
        const cls = ["rb-entry-card", `rb-entry-card-${cell.card}`];
        if (cell.enabled) cls.push("rb-entry-playable");
        const red = cell.card[1] === "h" || cell.card[1] === "d";
        if (red) cls.push("rb-entry-red");
        const key = element("span", cls.join(" "), line);
        element("span", "rb-entry-rank", key, cell.card[0] === "T" ? "10" : cell.card[0]);
        element("span", "rb-entry-suit", key, LP_SUITS[cell.card[1]] || "?");
        key.setAttribute("aria-label", cell.label);
        key.dataset.card = cell.card;
        key.title = cell.enabled ? "" : cell.reason || "";
        lpTappable(key, cell, box, () => send({ type: "enter", card: cell.card }));
      });
    });
  }

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    const words = view.words || {};
    const example = view.mode === "example";
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.ply = String(view.ply === undefined ? "" : view.ply);
    root.dataset.phase = view.phase || "";
    root.dataset.role = view.role || "";

    if (!example) {
      element("div", "rb-caption", root, vm.caption || "");
      if ((vm.messages || []).length) {
        const box = element("div", "rb-messages", root);
        for (const message of vm.messages) messageLine(message, box);
      }
      drawSeats(view);
      element("div", "rb-hand-no", root, words.hand || "");
    }
    const table = element("div", "rb-lp-table", root);
    const com = element("div", "rb-community", table);
    element("div", "rb-section-title", com, words.community || "");
    const comRow = element("div", "rb-community-cards", com);
    (view.community || []).forEach((c, i) => comRow.appendChild(lpCard(c, `rb-community-card rb-community-card-${i}`, {})));
    if (!example) lpTappable(comRow, view.community_note, com, () => {});
    const groups = element("div", "rb-groups", table);
    (view.groups || []).forEach((group, g) => drawGroup(group, g, groups, example));
    if (example && view.odds) element("div", "rb-example-odds", root, view.odds);
    if (!example && words.secret) element("div", "rb-secret-note", root, words.secret);
    if (!example) {
      drawEntry(view);
      drawBet(view);
      drawLast(view, words);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
