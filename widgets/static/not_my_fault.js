// Not My Fault! board: seats with yellow/red cards (or reprimands), the
// progress board 1–30 (ver.2.0) or the milestone cards (#41), the face-down
// pile, the deck and discards, your hand or the card you drew, the last
// round's audit. Draws the view model `model.get("view")` (built in Python
// from the viewer's observation only: caption, messages, and the board dict
// under `board`) and sends taps as messages: {type: "declare", number, ply},
// {type: "place", value, ply} and {type: "draw", ply}. A tap on something
// that cannot be played now shows the reason Python put beside it (the
// engine's, or whose move it is) right there, with `showReason`.

// Tap on a tappable thing of the view model ({enabled, reason, rule}): play
// it, or say why not inside `host` (next to what was tapped).
function tappable(node, cell, host, play) {
  activate(node, () => {
    if (cell && cell.enabled) play();
    else showReason(host, (cell && cell.reason) || "", cell && cell.rule);
  }, cell && (cell.tap || cell.label));  // what a tap does (Python's words, in the page's language)
}

// One playing card as a small SVG: face up with its value, or face down.
function card(value, cls, opts) {
  const o = opts || {};
  const w = o.w || 44, h = o.h || 62;
  const svg = svgEl("svg", { viewBox: `0 0 ${w + 4} ${h + 4}`, width: w + 4, height: h + 4, class: `rb-card ${cls || ""}` });
  if (value === null || value === undefined) {
    svgEl("rect", { x: 2, y: 2, width: w, height: h, rx: 6, class: "rb-card-back" }, svg);
    svgEl("rect", { x: 7, y: 7, width: w - 10, height: h - 10, rx: 3, class: "rb-card-back-inner" }, svg);
    svg.dataset.value = "";
  } else {
    svgEl("rect", { x: 2, y: 2, width: w, height: h, rx: 6, class: `rb-card-face rb-card-v${value}` }, svg);
    const t = svgEl("text", { x: 2 + w / 2, y: 2 + h / 2 + (o.small ? 5 : 9), "text-anchor": "middle", class: "rb-card-value",
      "font-size": o.small ? 16 : 26 }, svg);
    t.textContent = String(value);
    svg.dataset.value = String(value);
  }
  if (o.title) { const title = svgEl("title", {}, svg); title.textContent = o.title; }
  return svg;
}

function render({ model, el: host }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-nmf";
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
      if (seat.loser) cls.push("rb-seat-loser");
      const box = element("div", cls.join(" "), strip);
      const name = element("div", "rb-seat-name", box, seat.name);
      if (seat.tag) element("span", "rb-seat-tag", name, seat.tag);
      const row = element("div", "rb-seat-cards", box);
      const marks = element("span", "rb-marks", row);
      marks.dataset.count = seat.marks;
      marks.title = seat.marks_title || "";
      for (let i = 0; i < seat.limit; i++) {
        const kind = view.variant === "v2" ? "rb-red-card" : "rb-reprimand";
        element("span", `${kind}${i < seat.marks ? " rb-mark-on" : ""}`, marks);
      }
      if (view.variant === "v2") {
        const y = element("span", "rb-yellows", row);
        y.dataset.count = seat.yellows;
        y.title = seat.yellows_title || "";
        for (let i = 0; i < seat.yellows; i++) element("span", "rb-yellow-card rb-mark-on", y);
      }
      if (seat.hand !== null && seat.hand !== undefined) {
        element("span", "rb-hand-size", row, `🂠${seat.hand}`).title = seat.hand_title || "";
      }
    });
  }

  function drawBoardTrack(view, host) {
    const track = view.track || {};
    const cells = track.cells || [];
    const legal = new Set(track.legal || []);
    const milestones = new Set(track.milestones || []);
    const claimedBy = {};
    for (const [seat, number] of track.claims || []) claimedBy[number] = seat;
    const numbers = track.numbers || [];
    // a phone shows 8 numbers a row: drawn larger, so the seat and milestone marks stay at least 12 px
    const narrow = window.matchMedia && window.matchMedia("(max-width: 700px)").matches;
    const perRow = narrow ? 8 : 10, cw = 48, ch = 46;
    const rows = Math.ceil(numbers.length / perRow);
    const svg = svgEl("svg", { viewBox: `0 0 ${perRow * cw + 4} ${rows * ch + 4}`, class: "rb-track rb-track-board" });
    numbers.forEach((n, i) => {
      const x = 2 + (i % perRow) * cw, y = 2 + Math.floor(i / perRow) * ch;
      const cls = ["rb-num", `rb-num-${n}`];
      if (milestones.has(n)) cls.push("rb-num-milestone");
      if (n in claimedBy) cls.push("rb-num-claimed");
      if (n === track.current) cls.push("rb-num-current");
      if (legal.has(n)) cls.push("rb-num-legal");
      if (n <= track.current) cls.push("rb-num-passed");
      const g = svgEl("g", { class: cls.join(" "), "data-number": n }, svg);
      svgEl("rect", { x: x + 2, y: y + 2, width: cw - 4, height: ch - 4, rx: 7, class: "rb-num-cell" }, g);
      if (milestones.has(n)) {
        const star = svgEl("text", { x: x + cw - 9, y: y + 14, "text-anchor": "middle", class: "rb-num-star", "font-size": 13 }, g);
        star.textContent = "★";
      }
      const t = svgEl("text", { x: x + cw / 2, y: y + ch / 2 + 6, "text-anchor": "middle", class: "rb-num-text", "font-size": 17 }, g);
      t.textContent = String(n);
      if (n in claimedBy) {
        // 15 units: still 12 px where the track is drawn narrower (a worked example on a phone, issue 19 D)
        svgEl("circle", { cx: x + 12, cy: y + ch - 13, r: 10.5, class: `rb-claim-dot rb-claim-seat-${claimedBy[n]}` }, g);
        const s = svgEl("text", { x: x + 12, y: y + ch - 7.8, "text-anchor": "middle", class: "rb-claim-seat", "font-size": 15 }, g);
        s.textContent = String(claimedBy[n] + 1);
      }
      tappable(g, cells[i], host, () => send({ type: "declare", number: n }));
    });
    return svg;
  }

  function drawMilestoneTrack(view, host) {
    const track = view.track || {};
    const cells = track.cells || [];
    const legal = new Set(track.legal || []);
    const claimedBy = {};
    for (const [seat, number] of track.claims || []) claimedBy[number] = seat;
    const numbers = track.numbers || [];
    const cw = 60, ch = 74, lift = 16;
    const svg = svgEl("svg", { viewBox: `0 0 ${numbers.length * cw + 4} ${ch + lift + 24}`, class: "rb-track rb-track-milestones" });
    numbers.forEach((n, i) => {
      const claimed = n in claimedBy;
      const x = 2 + i * cw, y = 2 + (claimed ? 0 : lift);
      const cls = ["rb-num", `rb-num-${n}`, "rb-num-milestone"];
      if (claimed) cls.push("rb-num-claimed");
      if (n === track.current) cls.push("rb-num-current");
      if (legal.has(n)) cls.push("rb-num-legal");
      const g = svgEl("g", { class: cls.join(" "), "data-number": n }, svg);
      svgEl("rect", { x: x + 3, y, width: cw - 6, height: ch, rx: 8, class: "rb-num-cell" }, g);
      const t = svgEl("text", { x: x + cw / 2, y: y + ch / 2 + 8, "text-anchor": "middle", class: "rb-num-text", "font-size": 24 }, g);
      t.textContent = String(n);
      if (claimed) {
        const s = svgEl("text", { x: x + cw / 2, y: ch + lift + 19, "text-anchor": "middle", class: "rb-claim-seat-label", "font-size": 19 }, g);
        s.textContent = `S${claimedBy[n] + 1}`;
      }
      tappable(g, cells[i], host, () => send({ type: "declare", number: n }));
    });
    return svg;
  }

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    const words = view.words || {};
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.ply = String(view.ply === undefined ? "" : view.ply);
    root.dataset.phase = view.phase || "";
    root.dataset.variant = view.variant || "";

    element("div", "rb-caption", root, vm.caption || "");
    if ((vm.messages || []).length) {
      const box = element("div", "rb-messages", root);
      for (const message of vm.messages) messageLine(message, box);
    }
    drawSeats(view);

    const trackBox = element("div", "rb-track-box", root);
    element("div", "rb-section-title", trackBox, words.board || "");
    trackBox.appendChild((view.track || {}).kind === "board" ? drawBoardTrack(view, trackBox) : drawMilestoneTrack(view, trackBox));

    // the table: face-down pile, deck, discards
    const table = element("div", "rb-table", root);
    const pileBox = element("div", "rb-pile-box", table);
    element("div", "rb-section-title", pileBox, `${words.pile || ""} (${(view.pile || []).length})`);
    const pile = element("div", "rb-pile", pileBox);
    tappable(pile, view.pile_note, pileBox, () => {});
    if (!(view.pile || []).length) element("span", "rb-empty-note", pile, words.empty || "");
    (view.pile || []).forEach((c, i) => {
      const slot = element("div", `rb-pile-slot rb-pile-slot-${i}`, pile);
      const own = c.card !== null && c.card !== undefined;
      slot.appendChild(card(own ? c.card : null, `rb-pile-card rb-pile-card-${i}${own ? " rb-own" : " rb-facedown"}`, { w: 34, h: 48, small: true }));
      element("div", "rb-pile-label", slot, c.label);
    });
    const stock = element("div", "rb-stock", table);
    const deck = element("div", `rb-deck${(view.deck_tap || {}).enabled ? " rb-deck-drawable" : ""}`, stock);
    deck.appendChild(card(null, "rb-deck-card", { w: 34, h: 48 }));
    element("div", "rb-deck-count", deck, `${words.deck || ""}: ${view.deck}`);
    tappable(deck, view.deck_tap, stock, () => send({ type: "draw" }));
    const discard = element("div", "rb-discard", stock);
    tappable(discard, view.discard_note, stock, () => {});
    element("div", "rb-discard-title", discard, `${words.discard || ""}: ${view.discard_total || 0}`);
    const counts = element("div", "rb-discard-counts", discard);
    for (const [value, count] of view.discard || []) {
      element("span", `rb-discard-count rb-discard-v${value}`, counts, `${value}×${count}`);
    }

    // your cards
    if (view.drawn !== undefined && view.drawn !== null) {
      const box = element("div", "rb-drawn", root);
      element("div", "rb-section-title", box, words.drawn || "");
      const drawnCard = card(view.drawn, "rb-drawn-card", { w: 56, h: 80 });
      box.appendChild(drawnCard);
      tappable(drawnCard, view.drawn_note, box, () => {});
    }
    if (view.hand) {
      const box = element("div", "rb-hand-box", root);
      element("div", "rb-section-title", box, `${words.hand || ""} (${view.hand.length})`);
      const hand = element("div", `rb-hand${view.hand_clickable ? " rb-hand-clickable" : ""}`, box);
      if (!view.hand.length) element("span", "rb-empty-note", hand, words.empty || "");
      const cells = view.hand_cells || [];
      view.hand.forEach((value, i) => {
        const playable = cells[i] && cells[i].enabled;
        const c = card(value, `rb-hand-card rb-hand-card-${i} rb-hand-v${value}${playable ? " rb-hand-playable" : ""}`, { w: 44, h: 62 });
        tappable(c, cells[i], box, () => send({ type: "place", value }));
        hand.appendChild(c);
      });
    }
    if (view.entry) {
      const box = element("div", `rb-entry${view.entry.cover ? " rb-entry-cover" : ""}`, root);
      if (!view.entry.cover) {
        element("div", "rb-section-title", box, `${words.entry || ""} ${view.entry.cards.length}/${view.entry.size}`);
        const row = element("div", "rb-entry-cards", box);
        tappable(row, view.entry_note, box, () => {});
        view.entry.cards.forEach((value, i) => row.appendChild(card(value, `rb-entry-card rb-entry-card-${i}`, { w: 34, h: 48, small: true })));
      }
    }

    // the last round, turned face up
    if (view.last) {
      const box = element("div", "rb-last", root);
      element("div", "rb-section-title", box, words.last || "");
      element("div", "rb-last-text", box, view.last.text);
      const row = element("div", "rb-last-cards", box);
      tappable(row, view.last_note, box, () => {});
      view.last.cards.forEach(([seat, value], i) => {
        const slot = element("div", "rb-pile-slot", row);
        slot.appendChild(card(value, `rb-last-card rb-last-card-${i}`, { w: 30, h: 42, small: true }));
        element("div", "rb-pile-label", slot, `S${seat + 1}`);
      });
      element("div", "rb-last-total", row, `= ${view.last.total}`);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
