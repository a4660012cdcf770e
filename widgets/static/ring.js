// 指輪を落とさないで board: seats (ring gauge 9..1, pedestal with the die in
// its area), the dice to draft (or to enter in table mode), the centre die
// and its rank order, the trick in play and the last trick, your hand.
// Draws the view model in `model.get("view")` (built in Python by
// widgets/views/ring/present.py from the viewer's observation: `board`,
// `caption`, `controls`, `messages`, `rule`) and sends taps as messages
// carrying the ply they were drawn for:
// {type: "take", pips, ply}, {type: "card", card, ply}, {type: "entry", index, ply}.
// A die or card names its control; a disabled one shows the engine's reason
// next to it when tapped (and, when it is a move, Python explains it too).
// Python decides what is legal; this module keeps no game state.

// An SVG drawn at its own size (1 unit = 1 px), so its labels keep their font size.
function fixedSvg(width, height, cls) {
  const svg = makeSvg(width, height, cls);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  return svg;
}

// One card face: the rank big, the suit small, coloured by suit.
function cardNode(card, parent, extra = "") {
  const node = element("div", `rb-card rb-suit-${card.suit} rb-card-${card.card} ${extra}`.trim(), parent);
  node.dataset.card = card.card;
  element("span", "rb-card-rank", node, String(card.rank));
  element("span", "rb-card-suit", node, card.suit_label);
  node.setAttribute("title", card.title || card.label);
  node.setAttribute("aria-label", card.title || card.label);
  return node;
}

// The hand card: marks 9 (knuckle) .. 1 (fingertip), the ring on its mark.
function drawGauge(parent, seat, words) {
  const cell = 16, width = 9 * cell + 4, height = 26;
  const svg = fixedSvg(width, height, "rb-gauge");
  svg.setAttribute("aria-label", `${words.ring || "ring"} ${seat.fallen ? words.fallen : seat.ring}`);
  for (let mark = 9; mark >= 1; mark--) {
    const x = 2 + (9 - mark) * cell;
    const here = !seat.fallen && seat.ring === mark;
    svgEl("rect", { x: x + 1, y: 3, width: cell - 2, height: height - 6, rx: 4,
      class: `rb-gauge-cell${here ? " rb-gauge-here" : ""}${!seat.fallen && mark > seat.ring ? " rb-gauge-above" : ""}` }, svg);
    const t = svgEl("text", { x: x + cell / 2, y: height / 2 + 4.5, "text-anchor": "middle", "font-size": 12,
      class: `rb-gauge-num${here ? " rb-gauge-num-here" : ""}` }, svg);
    t.textContent = String(mark);
    if (here) {
      svgEl("circle", { cx: x + cell / 2, cy: height / 2, r: cell / 2 - 0.5, class: "rb-ring-mark", "data-ring": mark }, svg);
    }
  }
  if (seat.fallen) {
    svgEl("rect", { x: width - 2 - 4 * cell, y: 2, width: 4 * cell, height: height - 4, rx: 5, class: "rb-gauge-fallen-box" }, svg);
    const t = svgEl("text", { x: width - 2 - 2 * cell, y: height / 2 + 4.5, "text-anchor": "middle", "font-size": 12, class: "rb-gauge-fallen" }, svg);
    t.textContent = words.fallen || "fallen";
  }
  parent.appendChild(svg);
  return svg;
}

// The pedestal card: More jewel | Just (the ring) | Too heavy, with the die in its area.
function drawPedestal(parent, seat, words) {
  const zone = 48, height = 46, width = 3 * zone + 4, top = 15;
  const svg = fixedSvg(width, height, "rb-pedestal");
  ["more", "just", "heavy"].forEach((area, k) => {
    const x = 2 + k * zone;
    const here = seat.die && seat.die.area === area;
    const g = svgEl("g", { class: `rb-zone rb-zone-${area}${here ? " rb-zone-here" : ""}` }, svg);
    const cy = top + (height - top) / 2;
    if (area === "just") {
      svgEl("circle", { cx: x + zone / 2, cy, r: 14, class: "rb-zone-ring" }, g);
    } else {
      svgEl("rect", { x: x + 2, y: top, width: zone - 4, height: height - top - 1, rx: 5, class: "rb-zone-frame" }, g);
    }
    const t = svgEl("text", { x: x + zone / 2, y: 12, "text-anchor": "middle", "font-size": 12, class: "rb-zone-label" }, g);
    t.textContent = words[area] || area;
    if (here) {
      // 30 units: a die of 28 px as shown, readable on a phone (issue 19 D)
      drawDie(g, { x: x + zone / 2 - 15, y: cy - 15, size: 30, colour: "clear", pips: seat.die.pips,
        cls: `rb-seat-die rb-die-area-${area}`, title: seat.die_title });
    }
  });
  // the picture's name: where the die stands (Python's words), or the pedestal's areas when it has none
  svg.setAttribute("aria-label", seat.die_title || ["more", "just", "heavy"].map((a) => words[a] || a).join(" / "));
  parent.appendChild(svg);
  return svg;
}

function render({ model, el }) {
  const root = element("div", "rb-board rb-board-ring", el);

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    const words = view.words || {};
    const controls = {};
    for (const control of vm.controls || []) controls[control.key] = control;
    const ply = view.ply;
    const send = (message) => model.send({ ...message, ply });
    // A die or card that plays its control's move; disabled, a tap says why next to `host`.
    const tappable = (node, key, host, message) => {
      const control = controls[key];
      if (!control) return;
      activate(node, () => {
        if (control.enabled) { send(message); return; }
        showReason(host, control.reason, control.rule);
        if (control.action) send(message);  // the engine's refusal: the page cites the rule too
      }, control.tap || control.label);  // what a tap does ("Play Amethyst 3"), in the page's language
      if (!control.enabled && control.reason) node.setAttribute("aria-description", control.reason);
    };
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.phase = view.phase || "";
    root.dataset.ply = String(ply ?? "");
    root.dataset.rule = vm.rule || "";

    element("div", "rb-caption", root, vm.caption || "");
    if ((vm.messages || []).length) {
      const box = element("div", "rb-messages", root);
      for (const message of vm.messages) messageLine(message, box);
    }

    // ----- seats: name, ring gauge, pedestal, cards in hand
    const seats = element("div", "rb-seat-rows", root);
    (view.seats || []).forEach((seat, k) => {
      const cls = ["rb-seat-row", `rb-seat-${k}`];
      if (seat.active) cls.push("rb-seat-active");
      if (seat.you) cls.push("rb-seat-you");
      if (seat.winner) cls.push("rb-seat-winner");
      if (seat.fallen) cls.push("rb-seat-fallen");
      const row = element("div", cls.join(" "), seats);
      row.dataset.ring = String(seat.ring);
      row.setAttribute("title", seat.title || "");
      const name = element("div", "rb-seat-name", row);
      element("span", "rb-seat-label", name, seat.name);
      if (seat.kind) element("span", `rb-kind-badge${seat.you ? " rb-kind-you" : ""}`, name, seat.kind);
      if (seat.parent) element("span", "rb-parent-badge", name, words.parent || "P");
      if (seat.penalties) element("span", "rb-penalty-badge", name, `−${seat.penalties}`).title = seat.penalty_title || "";
      drawGauge(element("div", "rb-seat-gauge", row), seat, words);
      drawPedestal(element("div", "rb-seat-pedestal", row), seat, words);
      const info = element("div", "rb-seat-info", row);
      element("span", "rb-seat-cards", info, seat.hand_label);
      if (seat.discarded) element("span", "rb-seat-discarded", info, "▮").title = words.discarded || "";
      if (seat.need) element("div", "rb-seat-need", info, seat.need);
    });

    // ----- the centre: dice to take (or to enter), the centre die and its rank order
    const centre = element("div", "rb-centre", root);
    const entry = view.entry || [];
    if (view.mode === "entry" && entry.length) {
      const box = element("div", "rb-pool rb-entry", centre);
      element("div", "rb-pool-title", box, words.entry || "");
      const row = element("div", "rb-pool-dice", box);
      entry.forEach((pips, k) => {
        const svg = makeSvg(52, 52, "rb-pool-die-svg");
        const g = drawDie(svg, { x: 2, y: 2, size: 48, colour: "clear", pips: pips || 0, cls: `rb-entry-die rb-entry-die-${k}` });
        activate(g, () => send({ type: "entry", index: k }), (view.entry_taps || [])[k]);
        row.appendChild(svg);
      });
    } else if ((view.pool_dice || []).length) {
      const box = element("div", "rb-pool", centre);
      element("div", "rb-pool-title", box, words.pool || "");
      const row = element("div", "rb-pool-dice", box);
      view.pool_dice.forEach((die, k) => {
        const svg = makeSvg(52, 52, "rb-pool-die-svg");
        const g = drawDie(svg, { x: 2, y: 2, size: 48, colour: "clear", pips: die.pips,
          cls: `rb-pool-die rb-pool-die-${k} rb-take-${die.pips}${die.active ? " rb-pool-active" : ""}` });
        tappable(g, die.control, box, { type: "take", pips: die.pips });
        row.appendChild(svg);
      });
    }
    const order = element("div", "rb-order", centre);
    if (view.centre) {
      const svg = makeSvg(40, 40, "rb-centre-die-svg");
      drawDie(svg, { x: 2, y: 2, size: 36, colour: "yellow", pips: view.centre, cls: "rb-centre-die", title: words.centre_die });
      order.appendChild(svg);
    }
    const text = element("div", "rb-order-text", order);
    element("div", "rb-order-label", text, view.order_label || "");
    if (view.order) element("div", "rb-rank-order", text, view.order);

    // ----- the trick in play and the last finished trick
    const tricks = element("div", "rb-tricks", root);
    for (const [key, trick] of [["rb-trick", view.trick], ["rb-last-trick", view.last_trick]]) {
      if (!trick) continue;
      const box = element("div", `rb-trick-box ${key}`, tricks);
      element("div", "rb-trick-title", box, trick.title || "");
      const row = element("div", "rb-trick-cards", box);
      for (const play of trick.plays || []) {
        const slot = element("div", `rb-trick-slot rb-trick-seat-${play.seat}${play.win ? " rb-trick-win" : ""}${play.lead ? " rb-trick-lead" : ""}`, row);
        cardNode(play, slot, "rb-trick-card");
        element("div", "rb-trick-who", slot, play.who);
      }
      for (const who of trick.waiting || []) {
        const slot = element("div", "rb-trick-slot rb-trick-empty", row);
        element("div", "rb-card rb-card-blank", slot);
        element("div", "rb-trick-who", slot, who);
      }
    }

    // ----- your hand (and your face-down discard)
    const handBox = element("div", "rb-hand-box", root);
    element("div", "rb-hand-title", handBox, view.hand_title || "");
    const hand = element("div", "rb-hand", handBox);
    for (const card of view.hand || []) {
      const extra = card.legal === true ? "rb-card-legal" : card.legal === false ? "rb-card-illegal" : "";
      const node = cardNode(card, hand, `rb-hand-card ${extra}`);
      tappable(node, card.control, handBox, { type: "card", card: card.card });
    }
    if (view.discard) {
      const slot = element("div", "rb-discard", hand);
      cardNode(view.discard, slot, "rb-discard-card");
      element("div", "rb-discard-label", slot, words.your_discard || "");
    }

    // ----- the last round's result (between rounds and at the end)
    const result = view.result;
    if (result) {
      const box = element("div", "rb-round-result", root);
      element("div", "rb-round-result-title", box, result.title);
      const table = element("table", "rb-round-table", box);
      const head = element("tr", "", table);
      for (const h of result.head || []) element("th", "", head, h);
      for (const row of result.rows || []) {
        const tr = element("tr", `rb-round-row rb-round-row-${row.seat}`, table);
        for (const c of [row.name, `${row.area_label} ${row.pips}`, row.move]) element("td", "", tr, c);
      }
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
