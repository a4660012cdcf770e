// Chiritsumo board: the pyramid, the tray of rolled dice, the seats strip.
// Draws `model.get("view")` (the view model Python built from the observation,
// widgets/views/chiritsumo/present.py) and sends taps as messages:
// {type: "place", die, slot}, {type: "lift", slot}, {type: "entry", index}
// (table mode: cycle a die's pips), {type: "confirm"} (table mode: use the
// typed dice). Python and the engine decide what is legal; this module only
// remembers which tray die is selected. The messages of the moment (the hint,
// a refused entry) are drawn under the caption, next to the pyramid; a tap
// that does nothing says why (view.locked, or a disabled control's reason).

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rb-board rb-board-chiritsumo";
  el.appendChild(root);
  let selected = null;

  function send(message) { model.send(message); }

  function draw() {
    const view = model.get("view") || {};
    const words = view.words || {};
    const tray = view.tray || [];
    if (selected !== null && !(view.interactive && tray[selected] && !tray[selected].placed)) selected = null;
    root.replaceChildren();
    root.dataset.mode = view.mode || "";

    const caption = document.createElement("div");
    caption.className = "rb-caption";
    caption.textContent = selected !== null ? (words.pick_slot || "") : (view.caption || "");
    root.appendChild(caption);
    if ((view.messages || []).length) {
      const lines = element("div", "rb-board-messages", root);
      for (const message of view.messages) messageLine(message, lines);
    }

    // ----- the seats (箱庭): a compact scoreboard above the pyramid, so the
    // tray and the buttons stay on screen on a 768-pixel-high tablet
    const seats = view.seats || [];
    if (seats.length) {
      const strip = document.createElement("div");
      strip.className = "rb-seats";
      seats.forEach((seat, k) => {
        const card = document.createElement("div");
        card.className = `rb-seat rb-seat-${k}${seat.active ? " rb-seat-active" : ""}${seat.winner ? " rb-seat-winner" : ""}`;
        const head = document.createElement("div");
        head.className = "rb-seat-head";
        head.textContent = seat.name;
        const total = document.createElement("span");
        total.className = "rb-seat-total";
        total.textContent = seat.total_text;
        head.appendChild(total);
        card.appendChild(head);
        const mini = makeSvg(144, 100, "rb-seat-pyramid");
        mini.setAttribute("aria-hidden", "true");
        drawMiniPyramid(mini, { x: 34, y: 2, cell: 16, cells: seat.pyramid || {} });
        // held dice by colour, as small squares with a count
        let dx = 2;
        for (const [colour, count] of seat.held || []) {
          drawDie(mini, { x: dx, y: 80, size: 14, colour, pips: -1, cls: "rb-held" });
          const t = svgEl("text", { x: dx + 16, y: 92, "font-size": 12, class: "rb-held-count" }, mini);
          t.textContent = `×${count}`;
          dx += 36;
        }
        card.appendChild(mini);
        if (seat.note) {
          const note = document.createElement("div");
          note.className = "rb-seat-note";
          note.textContent = seat.note;
          card.appendChild(note);
        }
        strip.appendChild(card);
      });
      root.appendChild(strip);
    }

    // ----- the pyramid
    const cell = 64, gap = 8, pad = 8;
    const width = 4 * cell + 3 * gap + 2 * pad, height = 4 * cell + 3 * gap + 2 * pad;
    const stage = element("div", "rb-stage");
    const svg = makeSvg(width, height, "rb-pyramid");
    svg.setAttribute("aria-label", words.pyramid || "pyramid");
    const baseY = pad + 3 * (cell + gap);
    const legal = new Set(selected !== null ? (view.legal || {})[selected] || [] : []);
    const pyramid = view.pyramid || {};
    const ghost = view.ghost || null;
    for (const [r, i] of PYRAMID_SLOTS) {
      const key = `${r},${i}`;
      const [x, y] = slotXY(r, i, cell, gap, pad, baseY);
      const slot = svgEl("g", { class: `rb-slot rb-slot-${r}-${i}${legal.has(key) ? " rb-slot-legal" : ""}`, "data-slot": key }, svg);
      svgEl("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 10, class: "rb-slot-frame" }, slot);
      const placed = pyramid[key];
      if (placed) {
        drawDie(slot, { x, y, size: cell, colour: placed.colour, pips: placed.pips,
          cls: `rb-placed rb-placed-${r}-${i} rb-die-${placed.die}`, title: placed.title });
      }
      const g = ghost && ghost[key];
      if (g && !(placed && placed.colour === g.colour && placed.pips === g.pips)) {
        const ghostDie = drawDie(slot, { x: x + cell * 0.18, y: y + cell * 0.18, size: cell * 0.64, colour: g.colour, pips: g.pips,
          cls: `rb-ghost rb-ghost-${r}-${i}` });
        ghostDie.setAttribute("pointer-events", "none");
      }
      if (view.interactive) {
        // its name says what a tap does now (the words come from the view model)
        const tapName = placed && selected === null ? placed.tap : (view.place || {})[key];
        activate(slot, () => {
          if (placed && selected === null) send({ type: "lift", slot: key });
          else if (selected !== null) { send({ type: "place", die: selected, slot: key }); }
          else { caption.textContent = words.pick_die_first || ""; caption.classList.add("rb-caption-warn"); }
        }, tapName);
      } else if (view.locked) {
        slot.addEventListener("click", () => showReason(stage, view.locked.text, view.locked.rule));
      }
    }
    stage.appendChild(svg);
    root.appendChild(stage);

    // ----- the tray: one small SVG per die in a wrapping row (5 a row on phones)
    if (tray.length) {
      const size = 46;
      const trayDiv = document.createElement("div");
      trayDiv.className = "rb-tray";
      trayDiv.setAttribute("role", "group");  // a name needs a role (aria-label on a bare div is not allowed)
      trayDiv.setAttribute("aria-label", words.tray || "tray");
      tray.forEach((die, k) => {
        const dsvg = makeSvg(size + 4, size + 4, "rb-tray-die");
        const cls = ["rb-die", `rb-die-${k}`, `rb-tray-${die.colour}`];
        if (die.placed) cls.push("rb-die-placed");
        if (selected === k) cls.push("rb-die-selected");
        const g = drawDie(dsvg, { x: 2, y: 2, size, colour: die.colour, pips: die.pips, cls: cls.join(" "), title: die.title });
        if (view.mode === "entry") {
          activate(g, () => send({ type: "entry", index: k }), die.tap);
        } else if (view.interactive && !die.placed) {
          activate(g, () => { selected = selected === k ? null : k; draw(); }, die.tap, selected === k);
        } else if (view.interactive && die.placed && die.slot) {
          activate(g, () => send({ type: "lift", slot: die.slot }), die.tap);
        } else if (view.locked) {
          g.addEventListener("click", () => showReason(trayDiv, view.locked.text, view.locked.rule));
        }
        trayDiv.appendChild(dsvg);
      });
      root.appendChild(trayDiv);
    }

    // ----- the board's own controls (table mode: Confirm the typed dice, or why not yet)
    if ((view.controls || []).length) {
      const bar = element("div", "rb-board-controls", root);
      for (const control of view.controls) {
        const button = controlButton(control, () => send({ type: "confirm" }), bar);
        button.type = "button";
        if (control.enabled) button.classList.add("rb-primary");
      }
    }

  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
