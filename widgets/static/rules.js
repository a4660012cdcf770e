// Rule panel: the rules as HTML; scrolls to and flashes the highlighted rule
// whenever `focus` changes (a counter, so the same rule can be shown twice).
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rb-rules-panel";
  el.appendChild(root);

  function draw() {
    root.innerHTML = model.get("html") || "";  // generated and escaped by rulebook.core.text
    focus();
  }
  function focus() {
    const id = model.get("highlight");
    if (!id || !model.get("focus")) return;
    const section = root.querySelector(`[data-rule="${CSS.escape(id)}"]`);
    if (!section) return;
    section.classList.add("rb-rule-highlight");
    // scroll inside the panel only: never jump the whole page on a tablet
    const top = section.offsetTop - root.offsetTop;
    root.scrollTo({ top: Math.max(0, top - 8), behavior: "smooth" });
    section.classList.remove("rb-rule-flash");
    void section.offsetWidth;
    section.classList.add("rb-rule-flash");
  }
  model.on("change:html", draw);
  model.on("change:focus", focus);
  draw();
  return () => { model.off("change:html", draw); model.off("change:focus", focus); };
}

export default { render };
