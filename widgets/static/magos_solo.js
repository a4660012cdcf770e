// Magos solo patch tracker: two parts drawn from `model.get("view")`, the view
// model Python built from the engine's observation (widgets/views/magos_solo/present.py).
//   part "board": the turn, the enemy's fixed dice with their effects, the
//     turn's totals (absent once the fight is over), and the enemy's HP with
//     its input and buttons (view.controls, drawn with controlButton);
//   part "sheet": the editable face table (one <select> per face, class
//     rb-face-<n>) and the patch's dice table (row rb-turn-row-<n>).
// Taps become messages: {type: "face", face, effect}, {type: "reset", at},
// {type: "attack" | "recover" | "hp", amount, at}. `at` is the number of moves
// the drawing was made for: Python ignores a message from an older drawing
// (a double tap on "record" must not count twice). Python and the engine
// decide legality; a disabled control or a locked face table says why when tapped.

const MESSAGE_OF_CONTROL = { attack: "attack", recover: "recover", "set-hp": "hp", "reset-faces": "reset" };

function dieSvg(pips, { size = 48, colour = "red", cls = "", title = null } = {}) {
  const svg = makeSvg(size + 4, size + 4, `rb-magos-die-svg ${cls}`.trim());
  svg.setAttribute("width", String(size + 4));
  drawDie(svg, { x: 2, y: 2, size, colour, pips, title });
  return svg;
}

function controlOf(view, key) {
  return (view.controls || []).find((c) => c.key === key) || null;
}

function drawBoard(root, view, send) {
  const words = view.words || {};
  const head = element("div", "rb-magos-turn", root);
  element("span", "rb-turn-number", head, view.turn_text);
  element("span", "rb-turn-row-note", head, view.row_text);

  const dice = element("div", "rb-enemy-dice", root);
  (view.dice || []).forEach((die, k) => {
    const cell = element("div", `rb-enemy-die rb-enemy-die-${k} rb-effect-${die.kind}${die.counted ? "" : " rb-not-counted"}`, dice);
    cell.dataset.pips = String(die.pips);
    cell.dataset.counted = die.counted ? "1" : "0";
    cell.appendChild(dieSvg(die.pips, { size: 52, colour: "red", title: die.text }));
    element("div", "rb-effect-text", cell, die.text);
  });

  // the turn's forecast: drawn only while the fight goes on
  if (view.damage_text !== null && view.damage_text !== undefined) {
    const total = element("div", "rb-turn-total", root);
    element("span", "rb-total-label", total, words.total);
    const dmg = element("b", "rb-total-damage", total, view.damage_text);
    dmg.dataset.damage = String(view.damage);
    for (const extra of view.extras || []) element("span", "rb-total-extra", total, extra);
  } else if ((view.extras || []).length) {
    const total = element("div", "rb-turn-total", root);
    for (const extra of view.extras) element("span", "rb-total-extra", total, extra);
  }

  // ----- the enemy's HP
  const hp = element("div", "rb-enemy-hp", root);
  const line = element("div", "rb-hp-line", hp);
  element("span", "rb-hp-label", line, words.enemy_hp);
  const value = element("b", "rb-hp-value", line, view.hp_text);
  if (view.hp !== null && view.hp !== undefined) value.dataset.hp = String(view.hp);
  if (view.hp_max) {
    const bar = element("div", "rb-hp-bar", hp);
    const fill = element("div", "rb-hp-fill", bar);
    fill.style.width = `${Math.round((100 * view.hp) / view.hp_max)}%`;
  }
  if (view.interactive) {
    const controls = element("div", "rb-hp-controls", hp);
    const input = element("input", "rb-hp-amount", controls);
    input.type = "number";
    input.min = "0";
    input.max = String(view.max_amount || 99);
    input.inputMode = "numeric";
    input.value = String(view.amount_default || "");
    input.setAttribute("aria-label", words.amount || "amount");
    const read = () => {
      const n = Number.parseInt(input.value, 10);
      return Number.isFinite(n) ? n : null;
    };
    const keys = view.hp_max ? ["attack", "recover", "set-hp"] : ["set-hp"];
    for (const key of keys) {
      const control = controlOf(view, key);
      if (!control) continue;
      const button = controlButton(control, () => send({ type: MESSAGE_OF_CONTROL[key], amount: read(), at: view.at }), controls);
      button.type = "button";
      button.classList.add("rb-hp-button");
      if (key === "attack") button.classList.add("rb-hp-primary");
    }
    element("div", "rb-hp-help", hp, words.hp_help);
  }
}

function drawSheet(root, view, send) {
  const words = view.words || {};
  // ----- the face table
  const faces = element("div", "rb-face-table", root);
  element("div", "rb-sheet-title", faces, words.faces_title);
  if (words.faces_help) element("div", "rb-face-help", faces, words.faces_help);
  const grid = element("div", "rb-face-grid", faces);
  const locked = view.locked || null;
  for (const face of view.faces || []) {
    const row = element("label", `rb-face-row rb-face-row-${face.face}${face.used ? " rb-face-used" : ""}`, grid);
    row.appendChild(dieSvg(face.face, { size: 30, colour: "clear", title: face.label }));
    const select = element("select", `rb-face-select rb-face-${face.face}`, row);
    select.disabled = !view.interactive;
    select.setAttribute("aria-label", face.label);
    for (const choice of view.choices || []) {
      const option = element("option", "", select, choice.label);
      option.value = choice.value;
      if (choice.value === face.value) option.selected = true;
    }
    select.addEventListener("change", () => send({ type: "face", face: face.face, effect: select.value }));
    // a locked table is not silent: a tap on a face says why (the select lets taps through to its row)
    if (locked) row.addEventListener("click", () => showReason(faces, locked.text, locked.rule));
  }
  const reset = controlOf(view, "reset-faces");
  if (view.interactive && reset) {
    const button = controlButton(reset, () => send({ type: "reset", at: view.at }), faces);
    button.type = "button";
    button.classList.add("rb-reset-faces");
  }

  // ----- the patch's table, current row highlighted
  const wrap = element("div", "rb-turn-table-wrap", root);
  element("div", "rb-sheet-title", wrap, words.table_title);
  const table = element("table", "rb-turn-table", wrap);
  const hr = element("tr", "", element("thead", "", table));
  for (const h of [words.col_turn, words.col_dice, words.col_damage]) element("th", "", hr, h);
  const body = element("tbody", "", table);
  for (const row of view.rows || []) {
    const tr = element("tr", `rb-turn-row rb-turn-row-${row.row}${row.current ? " rb-turn-row-current" : ""}`, body);
    tr.dataset.row = String(row.row);
    element("td", "rb-turn-cell", tr, row.turns);
    const cell = element("td", "rb-dice-cell", tr);
    cell.title = row.dice.join("-");
    cell.setAttribute("aria-label", row.dice.join("-"));
    row.dice.forEach((pips, k) => {
      const svg = dieSvg(pips, { size: 30, colour: "red" });  // 28 px shown: readable on a phone (issue 19 D)
      svg.setAttribute("aria-hidden", "true");  // the cell's label says the dice
      if (!row.counted[k]) svg.classList.add("rb-not-counted");
      cell.appendChild(svg);
    });
    if (row.note) element("span", "rb-row-note", cell, row.note);
    element("td", "rb-damage-cell", tr, row.damage_text);
  }
  const loop = element("tr", `rb-turn-row-loop${view.looped ? " rb-turn-row-looping" : ""}`, body);
  element("td", "", loop, view.loop_text).colSpan = 3;
}

function render({ model, el: host }) {
  const root = document.createElement("div");
  host.appendChild(root);
  const send = (message) => model.send(message);

  function draw() {
    const view = model.get("view") || {};
    root.replaceChildren();
    root.className = `rb-board rb-magos rb-magos-${view.part || "board"}`;
    root.dataset.turn = String(view.turn || "");
    root.dataset.at = String(view.at ?? "");
    if (view.rule) root.dataset.rule = view.rule; else delete root.dataset.rule;
    if (view.part === "sheet") drawSheet(root, view, send);
    else drawBoard(root, view, send);
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
