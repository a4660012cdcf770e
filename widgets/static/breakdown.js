// Score breakdown: the points of a pyramid, line by line, with a small
// picture of the dice behind each pattern (山 / 河 / 翼 / 富士).
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rb-breakdown";
  el.appendChild(root);

  function draw() {
    const data = model.get("data") || {};
    root.replaceChildren();
    if (!data.rows) return;
    const title = document.createElement("div");
    title.className = "rb-breakdown-title";
    title.textContent = data.title || "";
    root.appendChild(title);
    const table = document.createElement("table");
    table.className = "rb-breakdown-table";
    for (const row of data.rows) {
      const tr = document.createElement("tr");
      tr.className = `rb-score-row rb-score-${row.key}`;
      for (const text of [row.label, row.count, row.points]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    const total = document.createElement("tr");
    total.className = "rb-score-total-row";
    const label = document.createElement("td");
    label.textContent = data.total_label || "";
    label.colSpan = 2;
    const value = document.createElement("td");
    value.className = "rb-score-total";
    value.textContent = String(data.total ?? "");
    total.append(label, value);
    table.appendChild(total);
    root.appendChild(table);

    const patterns = data.patterns || [];
    if (patterns.length) {
      const gallery = document.createElement("div");
      gallery.className = "rb-patterns";
      patterns.forEach((p, k) => {
        const fig = document.createElement("figure");
        fig.className = `rb-pattern rb-pattern-${p.kind}`;
        const svg = makeSvg(96, 84, "rb-pattern-pic");
        drawMiniPyramid(svg, { x: 2, y: 2, cell: 20, cells: data.cells || {}, mark: new Set(p.slots) });
        fig.appendChild(svg);
        const cap = document.createElement("figcaption");
        cap.textContent = p.label;
        fig.appendChild(cap);
        gallery.appendChild(fig);
      });
      root.appendChild(gallery);
    }
  }
  model.on("change:data", draw);
  draw();
  return () => model.off("change:data", draw);
}

export default { render };
