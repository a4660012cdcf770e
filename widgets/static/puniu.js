// Puniu Dice board: the five dice, Re-roll, the category buttons and every
// seat's score sheet. Draws `model.get("view")`, the view model built in
// Python (widgets/views/puniu/present.py: {caption, board, controls,
// messages}), and sends taps as messages, each stamped with the board's
// `ply` so a late double tap cannot act on the next state:
// {type: "hold", die}, {type: "reroll"}, {type: "score", category, face},
// {type: "face", face} (Kind's chosen value), {type: "entry", index}
// (table mode: step a die's pips). Python and the engine decide what is
// legal; a disabled control shows the engine's reason when tapped.

function div(cls, text = null, parent = null) {
  return element("div", cls, parent, text);
}

function render({ model, el }) {
  // One module, two widgets: part "play" (dice, Re-roll, categories) above
  // the app's action bar, part "sheet" (the score sheets) below it.
  const part = model.get("part") || "all";
  const root = div(part === "sheet" ? "rb-board rb-puniu-sheets" : "rb-board rb-board-puniu", null, el);

  function draw() {
    const vm = model.get("view") || {};
    const view = vm.board || {};
    const words = view.words || {};
    const send = (message) => model.send({ ...message, ply: view.ply });
    root.replaceChildren();
    root.dataset.mode = view.mode || "";
    root.dataset.seat = view.seat ?? "";
    root.dataset.ply = view.ply ?? "";

    if (part !== "sheet") drawPlay(vm, view, words, send);
    if (part !== "play") drawSheets(view, words, send);
  }

  function drawPlay(vm, view, words, send) {
    div("rb-caption", vm.caption || "", root);
    // messages of this moment: the last entry, dice still to enter, struck-through scores
    if ((vm.messages || []).length) {
      const box = div("rb-messages", null, root);
      for (const message of vm.messages) messageLine(message, box);
    }
    const controls = {};
    for (const control of vm.controls || []) controls[control.key] = control;

    // ----- the dice
    const tray = div("rb-puniu-dice", null, root);
    tray.setAttribute("role", "group");  // a name needs a role (aria-label on a bare div is not allowed)
    tray.setAttribute("aria-label", words.dice || "dice");
    (view.dice || []).forEach((die, k) => {
      const size = 58;
      const box = div(`rb-die-slot${die.held ? " rb-die-slot-held" : ""}`, null, tray);
      const svg = makeSvg(size + 8, size + 8, "rb-puniu-die");
      const cls = ["rb-die", `rb-die-${k}`];
      if (die.held) cls.push("rb-held");
      if (die.entry) cls.push("rb-die-entry");
      if (die.suggest) cls.push("rb-suggest-hold");
      const g = drawDie(svg, { x: 4, y: 4, size, colour: die.held ? "yellow" : "clear", pips: die.pips, cls: cls.join(" "), title: die.title });
      box.appendChild(svg);
      div("rb-die-label", die.label || "", box);
      if (die.entry) activate(g, () => send({ type: "entry", index: die.entry_index }), die.tap);
      else if (view.interactive && !die.pending) activate(g, () => send({ type: "hold", die: k }), die.tap, !!die.held);
    });

    // ----- re-roll + categories (only for the person whose turn it is)
    if (view.mode === "decide") {
      const bar = div("rb-puniu-bar", null, root);
      if (controls.reroll) {
        const reroll = controlButton(controls.reroll, () => send({ type: "reroll" }), bar);
        reroll.classList.add("rb-primary");
      }
      if (view.reroll_value) div("rb-hint-value rb-reroll-value", view.reroll_value, bar);

      const cats = div("rb-categories", null, root);
      for (const cat of view.categories || []) {
        const control = controls[`category-${cat.key}`] || { key: `category-${cat.key}`, label: cat.label, enabled: false };
        const button = controlButton(control, () => send({ type: "score", category: cat.key, face: cat.face || 0 }), cats);
        button.classList.add("rb-category");
        if (cat.best) button.classList.add("rb-category-best");
        if (!cat.open) button.classList.add("rb-category-used");
        button.textContent = "";
        div("rb-category-name", cat.label, button);
        div("rb-category-preview", cat.preview || "", button);
        if (cat.title && control.enabled) button.title = cat.title;
        if (cat.value) div("rb-hint-value", cat.value, button);
      }
      if (view.kind_open) {
        const faces = div("rb-kind-faces", null, root);
        div("rb-kind-faces-label", words.kind_face || "", faces);
        for (let f = 1; f <= 6; f++) {
          const svg = makeSvg(34, 34, "rb-kind-face-svg");
          const g = drawDie(svg, { x: 2, y: 2, size: 30, colour: f === view.kind_face ? "blue" : "clear", pips: f,
            cls: `rb-kind-face rb-kind-face-${f}${f === view.kind_face ? " rb-kind-face-selected" : ""}` });
          activate(g, () => send({ type: "face", face: f }), (view.face_taps || [])[f - 1], f === view.kind_face);
          faces.appendChild(svg);
        }
      }
    }
  }

  function drawSheets(view, words, send) {
    // ----- the score sheets: one column per seat
    const sheets = view.sheets || [];
    if (sheets.length) {
      const wrap = div("rb-sheet-wrap", null, root);
      const table = document.createElement("table");
      table.className = "rb-sheet";
      const head = document.createElement("tr");
      const corner = document.createElement("th");
      corner.textContent = words.category || "";
      head.appendChild(corner);
      sheets.forEach((sheet, s) => {
        const th = document.createElement("th");
        th.className = `rb-sheet-seat rb-sheet-seat-${s}${sheet.active ? " rb-sheet-active" : ""}${sheet.winner ? " rb-sheet-winner" : ""}`;
        th.textContent = sheet.name;
        head.appendChild(th);
      });
      const thead = document.createElement("thead");
      thead.appendChild(head);
      table.appendChild(thead);
      const body = document.createElement("tbody");
      (view.rows || []).forEach((row, r) => {
        const tr = document.createElement("tr");
        const name = document.createElement("th");
        name.className = "rb-sheet-cat";
        name.textContent = row.label;
        tr.appendChild(name);
        sheets.forEach((sheet, s) => {
          const cell = sheet.cells[r];
          const td = document.createElement("td");
          const cls = ["rb-sheet-cell", `rb-sheet-cell-${s}-${row.key}`];
          if (cell.struck) cls.push("rb-struck");
          if (cell.at_risk) cls.push("rb-at-risk");
          if (cell.empty) cls.push("rb-sheet-empty");
          if (cell.clickable) cls.push("rb-sheet-clickable");
          if (cell.last) cls.push("rb-sheet-last");
          td.className = cls.join(" ");
          if (cell.empty) {
            td.textContent = cell.preview || "";
          } else {
            const score = document.createElement("span");
            score.className = "rb-cell-score";
            score.textContent = cell.score;
            const pen = document.createElement("span");
            pen.className = cell.penalty ? "rb-cell-penalty" : "rb-cell-penalty rb-cell-penalty-zero";
            pen.textContent = cell.penalty;
            td.append(score, pen);
            if (cell.face) {
              const face = document.createElement("span");
              face.className = "rb-cell-face";
              face.textContent = cell.face;
              td.appendChild(face);
            }
          }
          if (cell.title) td.title = cell.title;
          if (cell.clickable) activate(td, () => send({ type: "score", category: row.key, face: 0 }), cell.tap || null);
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
      for (const [key, label] of view.totals || []) {
        const tr = document.createElement("tr");
        tr.className = `rb-sheet-total rb-sheet-${key}`;
        const name = document.createElement("th");
        name.textContent = label;
        tr.appendChild(name);
        sheets.forEach((sheet, s) => {
          const td = document.createElement("td");
          td.className = `rb-${key}-${s}`;
          td.textContent = sheet[key];
          if (key === "band" && sheet.band_level) td.dataset.level = sheet.band_level;
          tr.appendChild(td);
        });
        body.appendChild(tr);
      }
      table.appendChild(body);
      wrap.appendChild(table);
      if (view.legend) div("rb-sheet-legend", view.legend, root);
    }
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
