// 宝探し board: the paper sheet (numbers 1-12, this trip's ticks, crosses,
// struck-out rows of earlier trips), the two dice and the five treasures.
// Draws `model.get("view")`, the view model built in Python
// (widgets/views/treasure_hunt/present.py: {caption, board, messages}), and
// sends taps as messages: {type: "number", n}, {type: "option", numbers},
// {type: "treasure", key}, {type: "entry", index}, {type: "cancel"}.
// Python and the engine decide what is legal: a number that is no choice
// now says why next to the sheet, in the engine's words (no silent taps).

function el(tag, cls, text) {
  return element(tag, cls, null, text);
}

const NARROW = 480;  // pixels: below this width the sheet folds into two bands of six

function drawBand(view, numbers, offset) {
  const words = view.words || {};
  const rows = view.rows || [];
  const cell = 44, pad = 6, numH = 44, rowH = 17, curH = 34;
  const first = offset + 1, last = offset + numbers.length;
  const pair = view.pair && view.pair.numbers.every((n) => n >= first && n <= last) ? view.pair : null;
  const width = numbers.length * cell + 2 * pad + 22;
  const x0 = pad + 22;  // left margin: the trip number of each row
  const pairH = pair ? 30 : 0;
  const height = pad + numH + rows.length * rowH + curH + pairH + pad;
  const svg = makeSvg(width, height, "rb-sheet");
  svg.setAttribute("aria-label", words.sheet || "sheet");
  svgEl("rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 8, class: "rb-paper" }, svg);
  const yRows = pad + numH;
  const yCur = yRows + rows.length * rowH;
  const colX = (n) => x0 + (n - first) * cell;
  // earlier trips: small ticks, struck out with one line
  rows.forEach((row, r) => {
    const y = yRows + r * rowH;
    const g = svgEl("g", { class: `rb-past-row rb-past-row-${row.index}${row.more ? " rb-past-more" : ""}` }, svg);
    const label = svgEl("text", { x: pad + 2, y: y + 12, class: "rb-row-label" }, g);
    label.textContent = row.more ? row.label : `${row.index}`;
    if (!row.more) svgEl("title", {}, g).textContent = row.label;
    let lastX = null, firstX = null;
    for (const n of row.checks || []) {
      if (n < first || n > last) continue;
      const cx = colX(n) + cell / 2;
      const t = svgEl("text", { x: cx, y: y + 13, "text-anchor": "middle", class: "rb-past-tick" }, g);
      t.textContent = "✓";
      if (firstX === null) firstX = cx;
      lastX = cx;
    }
    if (!row.more && firstX !== null) {
      svgEl("line", { x1: firstX - 12, y1: y + 8, x2: lastX + 12, y2: y + 8, class: "rb-strike" }, g);
    }
  });
  // the current trip's label
  const curLabel = svgEl("text", { x: pad + 2, y: yCur + 22, class: "rb-row-label rb-current-label" }, svg);
  curLabel.textContent = view.current_label || "";
  if (view.current_title) svgEl("title", {}, curLabel).textContent = view.current_title;
  // the numbers, one clickable column each
  for (const num of numbers) {
    const x = colX(num.n);
    const cls = ["rb-number", `rb-number-${num.n}`];
    if (num.checked) cls.push("rb-checked");
    if (num.sealed) cls.push("rb-sealed");
    if (num.role) cls.push("rb-clickable", `rb-target-${num.role}`);
    if (num.role === "option") cls.push(`rb-option-${num.n}`);
    if (num.best) cls.push("rb-best");
    const g = svgEl("g", { class: cls.join(" "), "data-n": num.n }, svg);
    svgEl("title", {}, g).textContent = num.title || String(num.n);
    // the whole column (number, earlier rows, this trip's cell) is one tap target
    svgEl("rect", { x: x + 1, y: pad, width: cell - 2, height: yCur + curH - pad, class: "rb-column-hit" }, g);
    svgEl("rect", { x: x + 3, y: pad + 3, width: cell - 6, height: numH - 6, rx: 7, class: "rb-number-box" }, g);
    const t = svgEl("text", { x: x + cell / 2, y: pad + 30, "text-anchor": "middle", class: "rb-number-text" }, g);
    t.textContent = String(num.n);
    if (num.sealed) {
      svgEl("path", { d: `M ${x + 9} ${pad + 9} L ${x + cell - 9} ${pad + numH - 9} M ${x + cell - 9} ${pad + 9} L ${x + 9} ${pad + numH - 9}`, class: "rb-cross" }, g);
    }
    svgEl("rect", { x: x + 3, y: yCur + 2, width: cell - 6, height: curH - 4, rx: 6, class: "rb-tick-box" }, g);
    if (num.checked && num.prob) {  // a ticked number offered to seal: a small tick, the chance in front
      const tick = svgEl("text", { x: x + 8, y: yCur + 14, "text-anchor": "middle", class: "rb-tick rb-tick-small" }, g);
      tick.textContent = "✓";
      const p = svgEl("text", { x: x + cell / 2 + 2, y: yCur + 26, "text-anchor": "middle", class: "rb-win-prob rb-win-prob-number" }, g);
      p.textContent = num.prob.replace("%", "");
    } else if (num.checked) {
      const tick = svgEl("text", { x: x + cell / 2, y: yCur + 25, "text-anchor": "middle", class: "rb-tick" }, g);
      tick.textContent = "✓";
    } else if (num.prob) {
      const p = svgEl("text", { x: x + cell / 2, y: yCur + 21, "text-anchor": "middle", class: "rb-win-prob rb-win-prob-number" }, g);
      p.textContent = num.prob.replace("%", "");
    }
    activate(g, () => {
      if (num.role && view.interactive) view.send({ type: "number", n: num.n });
      else showReason(view.reasonHost, num.reason || String(num.n), num.rule);
    }, num.title || String(num.n));  // the move a tap makes ("Tick 7"), else the number and its state
  }
  // "both": a bracket joining the two dice numbers under the sheet
  if (pair) {
    const [a, b] = pair.numbers;
    const xa = colX(a) + cell / 2, xb = colX(b) + cell / 2;
    const y = yCur + curH + 4;
    const g = svgEl("g", { class: `rb-pair rb-option-${a}-${b} rb-clickable${pair.best ? " rb-best" : ""}` }, svg);
    svgEl("title", {}, g).textContent = pair.title || "";
    svgEl("path", { d: `M ${xa} ${y} L ${xa} ${y + 8} L ${xb} ${y + 8} L ${xb} ${y}`, class: "rb-pair-line" }, g);
    const text = pair.prob ? `${pair.label} ${pair.prob}` : pair.label;
    const wide = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 13 : 7.5), 0);
    const w = Math.max(54, wide + 16);
    const mid = Math.min(Math.max((xa + xb) / 2, w / 2 + 2), width - w / 2 - 2);
    svgEl("rect", { x: mid - w / 2, y: y + 1, width: w, height: 22, rx: 11, class: "rb-pair-pill" }, g);
    const t = svgEl("text", { x: mid, y: y + 17, "text-anchor": "middle", class: "rb-pair-text" }, g);
    t.textContent = text;
    if (view.interactive) activate(g, () => view.send({ type: "option", numbers: [a, b] }), pair.title || text);
  }
  return svg;
}

function render({ model, el: host }) {
  const root = el("div", "rb-board rb-board-treasure");
  host.appendChild(root);
  const send = (message) => model.send(message);
  // the board's width as last seen by the ResizeObserver below; before its first look, the screen's width
  // stands in: reading root.clientWidth while the page is being built forced a layout of the whole page
  // (~0.08 s of a phone's repeat visit), and the observer redraws if the guess was wrong
  let width = 0;
  const narrow = () => (width > 0 ? width < NARROW : window.matchMedia(`(max-width: ${NARROW - 1}px)`).matches);
  const bandSize = (count) => (narrow() ? Math.ceil(count / 2) : count);

  function draw() {
    const vm = model.get("view") || {};
    const view = Object.assign({}, vm.board || {}, { send });
    const words = view.words || {};
    root.replaceChildren();
    root.dataset.phase = view.phase || "";

    root.appendChild(el("div", "rb-caption", vm.caption || ""));
    // messages of this moment: the end of the game (a defeat never in the colour of success), dice still to enter
    if ((vm.messages || []).length) {
      const box = el("div", "rb-messages");
      for (const message of vm.messages) messageLine(message, box);
      root.appendChild(box);
    }

    // ----- dice and the running figures
    const top = el("div", "rb-th-top");
    const dice = view.dice || { values: [0, 0], mode: "none" };
    const diceBox = el("div", `rb-th-dice rb-dice-${dice.mode}`);
    const size = 52;
    (dice.values || []).forEach((pips, k) => {
      const svg = makeSvg(size + 4, size + 4, "rb-th-die");
      const shown = dice.mode === "none" ? 0 : pips;
      const g = drawDie(svg, { x: 2, y: 2, size, colour: "clear", pips: shown, cls: `rb-die rb-die-${k + 1}`, title: (dice.names || [])[k] });
      g.dataset.pips = String(pips || 0);
      if (dice.mode === "entry" && k >= (dice.fixed || 0)) activate(g, () => send({ type: "entry", index: k }), (dice.taps || [])[k]);
      diceBox.appendChild(svg);
    });
    if (dice.label) diceBox.appendChild(el("span", "rb-th-dice-label", dice.label));
    top.appendChild(diceBox);
    const chips = el("div", "rb-th-chips");
    for (const chip of view.chips || []) chips.appendChild(el("span", `rb-chip ${chip.cls}`, chip.text));
    top.appendChild(chips);
    root.appendChild(top);

    // ----- the sheet: one row of numbers, or two bands of six on a narrow screen
    const numbers = view.numbers || [];
    const stage = el("div", "rb-sheet-stage");
    view.reasonHost = el("div", "rb-sheet-reasons");  // why a tapped number is no choice now
    const perBand = bandSize(numbers.length);
    stage.dataset.bands = String(Math.ceil(numbers.length / perBand));
    for (let start = 0; start < numbers.length; start += perBand) {
      stage.appendChild(drawBand(view, numbers.slice(start, start + perBand), start));
    }
    root.appendChild(stage);
    root.appendChild(view.reasonHost);

    // ----- the treasures
    const list = el("div", "rb-treasures");
    list.setAttribute("role", "group");  // a name needs a role (aria-label on a bare div is not allowed)
    list.setAttribute("aria-label", words.treasures || "treasures");
    for (const t of view.treasures || []) {
      const cls = ["rb-treasure", `rb-treasure-${t.key}`];
      if (t.home) cls.push("rb-home");
      if (t.eligible) cls.push("rb-eligible");
      if (t.clickable) cls.push("rb-clickable", "rb-bring-home-spot");
      if (t.best) cls.push("rb-best");
      if (t.selected) cls.push("rb-selected");
      const row = el("div", cls.join(" "));
      row.appendChild(el("span", "rb-treasure-mark", t.home ? "✓" : t.eligible ? "★" : "☐"));
      row.appendChild(el("span", "rb-treasure-name", t.name));
      row.appendChild(el("span", "rb-treasure-need", `(${t.need})`));
      if (t.progress) row.appendChild(el("span", "rb-treasure-progress", t.progress));
      if (t.status) row.appendChild(el("span", "rb-treasure-status", t.status));
      if (t.prob) row.appendChild(el("span", "rb-win-prob rb-win-prob-treasure", t.prob));
      // an earned treasure comes home; tapping any other says what it still needs (the engine's reply),
      // and off this page's move the reason shows next to the list
      activate(row, () => {
        if (view.interactive) send({ type: "treasure", key: t.key });
        else showReason(list, t.reason, t.rule);
      }, null, t.clickable ? !!t.selected : null);
      list.appendChild(row);
    }
    root.appendChild(list);
  }

  model.on("change:view", draw);
  draw();
  // fold or unfold the sheet when the width crosses NARROW (phones, split screens)
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    width = root.clientWidth;  // laid out already when an observer is told: no extra layout
    const count = (((model.get("view") || {}).board || {}).numbers || []).length;
    const bands = String(Math.ceil(count / Math.max(1, bandSize(count))));
    const stage = root.querySelector(".rb-sheet-stage");
    if (stage && stage.dataset.bands !== bands) draw();
  });
  if (observer) observer.observe(root);
  return () => { model.off("change:view", draw); if (observer) observer.disconnect(); };
}

export default { render };
