// 指輪を落とさないで board: seats (ring gauge 9..1, pedestal with the die in
// its area), the dice to draft (or to enter in table mode), the centre die
// and its rank order, the trick in play and the last trick, your hand.
// Draws `model.get("view")` (built in Python from the viewer's observation)
// and sends taps as messages carrying the ply they were drawn for:
// {type: "take", pips, ply}, {type: "card", card, ply}, {type: "entry", index, ply}.
// Python decides what is legal; this module keeps no game state.

function div(cls, parent, text = null) {
  const node = document.createElement("div");
  node.className = cls;
  if (text !== null && text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function span(cls, parent, text = null) {
  const node = document.createElement("span");
  node.className = cls;
  if (text !== null && text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// One card face: the rank big, the suit small, coloured by suit.
function cardNode(card, parent, extra = "") {
  const node = div(`rb-card rb-suit-${card.suit} rb-card-${card.card} ${extra}`.trim(), parent);
  node.dataset.card = card.card;
  span("rb-card-rank", node, String(card.rank));
  span("rb-card-suit", node, card.suit_label);
  node.setAttribute("title", card.title || card.label);
  node.setAttribute("aria-label", card.title || card.label);
  return node;
}

// The hand card: marks 9 (knuckle) .. 1 (fingertip), the ring on its mark.
function drawGauge(parent, seat, words) {
  const cell = 18, width = 9 * cell + 4, height = 26;
  const svg = makeSvg(width, height, "rb-gauge");
  svg.setAttribute("aria-label", `${words.ring || "ring"} ${seat.fallen ? words.fallen : seat.ring}`);
  for (let mark = 9; mark >= 1; mark--) {
    const x = 2 + (9 - mark) * cell;
    const here = !seat.fallen && seat.ring === mark;
    svgEl("rect", { x: x + 1, y: 3, width: cell - 2, height: height - 6, rx: 4,
      class: `rb-gauge-cell${here ? " rb-gauge-here" : ""}${!seat.fallen && mark > seat.ring ? " rb-gauge-above" : ""}` }, svg);
    const t = svgEl("text", { x: x + cell / 2, y: height / 2 + 4, "text-anchor": "middle", "font-size": 11,
      class: `rb-gauge-num${here ? " rb-gauge-num-here" : ""}` }, svg);
    t.textContent = String(mark);
    if (here) {
      svgEl("circle", { cx: x + cell / 2, cy: height / 2, r: cell / 2 - 0.5, class: "rb-ring-mark", "data-ring": mark }, svg);
    }
  }
  if (seat.fallen) {
    svgEl("rect", { x: width - 2 - 3 * cell, y: 2, width: 3 * cell, height: height - 4, rx: 5, class: "rb-gauge-fallen-box" }, svg);
    const t = svgEl("text", { x: width - 2 - 1.5 * cell, y: height / 2 + 4, "text-anchor": "middle", "font-size": 12, class: "rb-gauge-fallen" }, svg);
    t.textContent = words.fallen || "fallen";
  }
  parent.appendChild(svg);
  return svg;
}

// The pedestal card: More jewel | Just (the ring) | Too heavy, with the die in its area.
function drawPedestal(parent, seat, words) {
  const zone = 40, height = 44, width = 3 * zone + 4;
  const svg = makeSvg(width, height, "rb-pedestal");
  const areas = ["more", "just", "heavy"];
  areas.forEach((area, k) => {
    const x = 2 + k * zone;
    const here = seat.die && seat.die.area === area;
    const g = svgEl("g", { class: `rb-zone rb-zone-${area}${here ? " rb-zone-here" : ""}` }, svg);
    if (area === "just") {
      svgEl("circle", { cx: x + zone / 2, cy: height / 2 + 4, r: 15, class: "rb-zone-ring" }, g);
    } else {
      svgEl("rect", { x: x + 1, y: 10, width: zone - 2, height: height - 11, rx: 5, class: "rb-zone-frame" }, g);
    }
    const t = svgEl("text", { x: x + zone / 2, y: 8, "text-anchor": "middle", "font-size": 8, class: "rb-zone-label" }, g);
    t.textContent = words[area] || area;
    if (here) {
      drawDie(g, { x: x + zone / 2 - 12, y: height / 2 + 4 - 12, size: 24, colour: "clear", pips: seat.die.pips,
        cls: `rb-seat-die rb-die-area-${area}`, title: `${words[area] || area} ${seat.die.pips}` });
    }
  });
  parent.appendChild(svg);
  return svg;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-ring";
  el.appendChild(root);

  function draw() {
    const view = model.get("view") || {};
    const words = view.words || {};
    const ply = view.ply;
    const send = (message) => model.send({ ...message, ply });
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.phase = view.phase || "";
    root.dataset.ply = String(ply ?? "");

    div("rb-caption", root, view.caption || "");

    // ----- seats: name, ring gauge, pedestal, cards in hand
    const seats = div("rb-seat-rows", root);
    (view.seats || []).forEach((seat, k) => {
      const cls = ["rb-seat-row", `rb-seat-${k}`];
      if (seat.active) cls.push("rb-seat-active");
      if (seat.you) cls.push("rb-seat-you");
      if (seat.winner) cls.push("rb-seat-winner");
      if (seat.fallen) cls.push("rb-seat-fallen");
      const row = div(cls.join(" "), seats);
      row.dataset.ring = String(seat.ring);
      row.setAttribute("title", seat.title || "");
      const name = div("rb-seat-name", row);
      span("rb-seat-label", name, seat.name);
      if (seat.kind) span(`rb-kind-badge${seat.you ? " rb-kind-you" : ""}`, name, seat.kind);
      if (seat.parent) span("rb-parent-badge", name, words.parent || "P");
      if (seat.penalties) span("rb-penalty-badge", name, `−${seat.penalties}`);
      drawGauge(div("rb-seat-gauge", row), seat, words);
      drawPedestal(div("rb-seat-pedestal", row), seat, words);
      const info = div("rb-seat-info", row);
      span("rb-seat-cards", info, `${seat.hand} ${words.cards || ""}`);
      if (seat.discarded) span("rb-seat-discarded", info, "▮");
      if (seat.need) div("rb-seat-need", info, seat.need);
    });

    // ----- the centre: dice to take (or to enter), the centre die and its rank order
    const centre = div("rb-centre", root);
    const entry = view.entry || [];
    if (view.mode === "entry" && entry.length) {
      const box = div("rb-pool rb-entry", centre);
      div("rb-pool-title", box, words.entry || "");
      const row = div("rb-pool-dice", box);
      entry.forEach((pips, k) => {
        const svg = makeSvg(52, 52, "rb-pool-die-svg");
        const g = drawDie(svg, { x: 2, y: 2, size: 48, colour: "clear", pips: pips || 0, cls: `rb-entry-die rb-entry-die-${k}` });
        activate(g, () => send({ type: "entry", index: k }));
        row.appendChild(svg);
      });
    } else if ((view.pool || []).length) {
      const box = div("rb-pool", centre);
      div("rb-pool-title", box, words.pool || "");
      const row = div("rb-pool-dice", box);
      (view.pool || []).forEach((pips, k) => {
        const svg = makeSvg(52, 52, "rb-pool-die-svg");
        const g = drawDie(svg, { x: 2, y: 2, size: 48, colour: "clear", pips,
          cls: `rb-pool-die rb-pool-die-${k} rb-take-${pips}${view.pool_active ? " rb-pool-active" : ""}` });
        if (view.pool_active) activate(g, () => send({ type: "take", pips }));
        row.appendChild(svg);
      });
    }
    const order = div("rb-order", centre);
    if (view.centre) {
      const svg = makeSvg(40, 40, "rb-centre-die-svg");
      drawDie(svg, { x: 2, y: 2, size: 36, colour: "yellow", pips: view.centre, cls: "rb-centre-die", title: words.centre });
      order.appendChild(svg);
    }
    const text = div("rb-order-text", order);
    div("rb-order-label", text, view.order_label || "");
    if (view.order) div("rb-rank-order", text, view.order);

    // ----- the trick in play and the last finished trick
    const tricks = div("rb-tricks", root);
    for (const [key, trick] of [["rb-trick", view.trick], ["rb-last-trick", view.last_trick]]) {
      if (!trick) continue;
      const box = div(`rb-trick-box ${key}`, tricks);
      div("rb-trick-title", box, trick.title || "");
      const row = div("rb-trick-cards", box);
      for (const play of trick.plays || []) {
        const slot = div(`rb-trick-slot rb-trick-seat-${play.seat}${play.win ? " rb-trick-win" : ""}${play.lead ? " rb-trick-lead" : ""}`, row);
        cardNode(play, slot, "rb-trick-card");
        div("rb-trick-who", slot, play.who);
      }
      for (const who of trick.waiting || []) {
        const slot = div("rb-trick-slot rb-trick-empty", row);
        div("rb-card rb-card-blank", slot);
        div("rb-trick-who", slot, who);
      }
    }

    // ----- your hand (and your face-down discard)
    const handBox = div("rb-hand-box", root);
    div("rb-hand-title", handBox, view.hand_title || "");
    const hand = div("rb-hand", handBox);
    for (const card of view.hand || []) {
      const extra = card.legal === true ? "rb-card-legal" : card.legal === false ? "rb-card-illegal" : "";
      const node = cardNode(card, hand, `rb-hand-card ${extra}`);
      if (card.legal !== null && card.legal !== undefined) activate(node, () => send({ type: "card", card: card.card }));
    }
    if (view.discard) {
      const slot = div("rb-discard", hand);
      cardNode(view.discard, slot, "rb-discard-card");
      div("rb-discard-label", slot, words.your_discard || "");
    }

    // ----- the last round's result (between rounds and at the end)
    const result = view.result;
    if (result) {
      const box = div("rb-round-result", root);
      div("rb-round-result-title", box, result.title);
      const table = document.createElement("table");
      table.className = "rb-round-table";
      const head = document.createElement("tr");
      for (const h of result.head || []) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
      table.appendChild(head);
      for (const row of result.rows || []) {
        const tr = document.createElement("tr");
        tr.className = `rb-round-row rb-round-row-${row.seat}`;
        const cells = [row.name, `${row.area_label} ${row.pips}`, row.move];
        for (const c of cells) { const td = document.createElement("td"); td.textContent = c; tr.appendChild(td); }
        table.appendChild(tr);
      }
      box.appendChild(table);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
