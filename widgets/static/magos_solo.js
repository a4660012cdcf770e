// Magos solo patch tracker: two parts drawn from `model.get("view")` (built in
// Python from the engine's observation).
//   part "board": the turn, the enemy's fixed dice with their effects, the
//     totals, and the enemy's HP with its input;
//   part "sheet": the editable face table (one <select> per face, class
//     rb-face-<n>) and the patch's dice table (row rb-turn-row-<n>).
// Clicks become messages: {type: "face", face, effect}, {type: "reset", at},
// {type: "attack" | "recover" | "hp", amount, at}. `at` is the number of moves
// the drawing was made for: Python ignores a message from an older drawing
// (a double tap on "record" must not count twice). Python decides legality.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function dieSvg(pips, { size = 48, colour = "red", cls = "", title = null } = {}) {
  const svg = makeSvg(size + 4, size + 4, `rb-magos-die-svg ${cls}`.trim());
  svg.setAttribute("width", String(size + 4));
  drawDie(svg, { x: 2, y: 2, size, colour, pips, title });
  return svg;
}

function drawBoard(root, view, send) {
  const words = view.words || {};
  const head = el("div", "rb-magos-turn");
  head.appendChild(el("span", "rb-turn-number", view.turn_text));
  head.appendChild(el("span", "rb-turn-row-note", view.row_text));
  root.appendChild(head);

  const dice = el("div", "rb-enemy-dice");
  (view.dice || []).forEach((die, k) => {
    const cell = el("div", `rb-enemy-die rb-enemy-die-${k} rb-effect-${die.kind}${die.counted ? "" : " rb-not-counted"}`);
    cell.dataset.pips = String(die.pips);
    cell.dataset.counted = die.counted ? "1" : "0";
    cell.appendChild(dieSvg(die.pips, { size: 52, colour: "red", title: die.text }));
    cell.appendChild(el("div", "rb-effect-text", die.text));
    dice.appendChild(cell);
  });
  root.appendChild(dice);

  const total = el("div", "rb-turn-total");
  total.appendChild(el("span", "rb-total-label", words.total));
  const dmg = el("b", "rb-total-damage", view.damage_text);
  dmg.dataset.damage = String(view.damage);
  total.appendChild(dmg);
  for (const extra of view.extras || []) total.appendChild(el("span", "rb-total-extra", extra));
  root.appendChild(total);

  // ----- the enemy's HP
  const hp = el("div", "rb-enemy-hp");
  const line = el("div", "rb-hp-line");
  line.appendChild(el("span", "rb-hp-label", words.enemy_hp));
  const value = el("b", "rb-hp-value", view.hp_text);
  if (view.hp !== null && view.hp !== undefined) value.dataset.hp = String(view.hp);
  line.appendChild(value);
  hp.appendChild(line);
  if (view.hp_max) {
    const bar = el("div", "rb-hp-bar");
    const fill = el("div", "rb-hp-fill");
    fill.style.width = `${Math.round((100 * view.hp) / view.hp_max)}%`;
    bar.appendChild(fill);
    hp.appendChild(bar);
  }
  if (view.interactive) {
    const controls = el("div", "rb-hp-controls");
    const input = el("input", "rb-hp-amount");
    input.type = "number";
    input.min = "0";
    input.max = String(view.max_amount || 99);
    input.inputMode = "numeric";
    input.value = String(view.amount_default || "");
    input.setAttribute("aria-label", words.amount || "amount");
    controls.appendChild(input);
    const read = () => {
      const n = Number.parseInt(input.value, 10);
      return Number.isFinite(n) ? n : null;
    };
    const button = (cls, label, type) => {
      const b = el("button", `rb-hp-button ${cls}`, label);
      b.type = "button";
      b.addEventListener("click", () => send({ type, amount: read(), at: view.at }));
      controls.appendChild(b);
    };
    if (view.hp_max) {
      button("rb-attack rb-hp-primary", words.attack, "attack");
      if (view.hp < view.hp_max) button("rb-recover", words.recover, "recover");
    }
    button("rb-set-hp", words.set_hp, "hp");
    hp.appendChild(controls);
    hp.appendChild(el("div", "rb-hp-help", words.hp_help));
  }
  root.appendChild(hp);
}

function drawSheet(root, view, send) {
  const words = view.words || {};
  // ----- the face table
  const faces = el("div", "rb-face-table");
  const title = el("div", "rb-sheet-title", words.faces_title);
  faces.appendChild(title);
  if (words.faces_help) faces.appendChild(el("div", "rb-face-help", words.faces_help));
  const grid = el("div", "rb-face-grid");
  for (const face of view.faces || []) {
    const row = el("label", `rb-face-row rb-face-row-${face.face}${face.used ? " rb-face-used" : ""}`);
    row.appendChild(dieSvg(face.face, { size: 30, colour: "clear", title: face.label }));
    const select = el("select", `rb-face-select rb-face-${face.face}`);
    select.disabled = !view.interactive;
    select.setAttribute("aria-label", face.label);
    for (const choice of view.choices || []) {
      const option = el("option", "", choice.label);
      option.value = choice.value;
      if (choice.value === face.value) option.selected = true;
      select.appendChild(option);
    }
    select.addEventListener("change", () => send({ type: "face", face: face.face, effect: select.value }));
    row.appendChild(select);
    grid.appendChild(row);
  }
  faces.appendChild(grid);
  if (view.interactive && view.can_reset) {
    const reset = el("button", "rb-reset-faces", words.reset);
    reset.type = "button";
    reset.addEventListener("click", () => send({ type: "reset", at: view.at }));
    faces.appendChild(reset);
  }
  root.appendChild(faces);

  // ----- the patch's table, current row highlighted
  const wrap = el("div", "rb-turn-table-wrap");
  wrap.appendChild(el("div", "rb-sheet-title", words.table_title));
  const table = el("table", "rb-turn-table");
  const thead = el("thead");
  const hr = el("tr");
  for (const h of [words.col_turn, words.col_dice, words.col_damage]) hr.appendChild(el("th", "", h));
  thead.appendChild(hr);
  table.appendChild(thead);
  const body = el("tbody");
  for (const row of view.rows || []) {
    const tr = el("tr", `rb-turn-row rb-turn-row-${row.row}${row.current ? " rb-turn-row-current" : ""}`);
    tr.dataset.row = String(row.row);
    tr.appendChild(el("td", "rb-turn-cell", row.turns));
    const cell = el("td", "rb-dice-cell");
    cell.title = row.dice.join("-");
    cell.setAttribute("aria-label", row.dice.join("-"));
    row.dice.forEach((pips, k) => {
      const svg = dieSvg(pips, { size: 22, colour: "red" });
      if (!row.counted[k]) svg.classList.add("rb-not-counted");
      cell.appendChild(svg);
    });
    if (row.note) cell.appendChild(el("span", "rb-row-note", row.note));
    tr.appendChild(cell);
    tr.appendChild(el("td", "rb-damage-cell", row.damage_text));
    body.appendChild(tr);
  }
  const loop = el("tr", `rb-turn-row-loop${view.looped ? " rb-turn-row-looping" : ""}`);
  const td = el("td", "", view.loop_text);
  td.colSpan = 3;
  loop.appendChild(td);
  body.appendChild(loop);
  table.appendChild(body);
  wrap.appendChild(table);
  root.appendChild(wrap);
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
    if (view.part === "sheet") drawSheet(root, view, send);
    else drawBoard(root, view, send);
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
