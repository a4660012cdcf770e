// The static edition's rules page: draws every worked example with the game's
// own board module, as the play page's rule panel does (widgets/static/rules.js),
// from the view models computed when the edition was built. No kernel: the
// board gets a tiny stand-in for the anywidget model (get / on / send), and a
// tap on a picture only says that it is one.
//
// The board module and its CSS are the very files the widget ships
// (data-board, data-board-css). Each picture lives in a closed shadow root,
// so the board's elements never answer the page's selectors; the CSS is
// parsed once into a constructable sheet shared by every picture.

function standInModel(view, onTap) {
  const traits = view.traits || {};
  return {
    get: (key) => (key === "view" ? view : traits[key]),
    set() {}, save_changes() {}, on() {}, off() {},
    send: () => onTap(),
  };
}

function say(figure, label) {
  let note = figure.querySelector(".rb-example-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "rb-example-note";
    note.setAttribute("role", "status");
    figure.append(note);
  }
  note.textContent = label;
}

function draw(figure, board, sheet, view, label) {
  const host = figure.querySelector(".rb-example-board");
  if (!host || host.dataset.drawn) return;
  const shadow = host.attachShadow({ mode: "closed" });
  shadow.adoptedStyleSheets = [sheet];
  const inner = document.createElement("div");
  inner.className = "rb-example-inner";
  shadow.append(inner);
  const onTap = () => say(figure, label);
  // any tap says it is a picture; caught before the board's own handlers, which never run here
  host.addEventListener("click", (event) => { event.stopPropagation(); event.preventDefault(); onTap(); }, true);
  try {
    board.render({ model: standInModel(view, onTap), el: inner });
    // never wider than the page: shrink the picture, as the rule panel does
    if (host.clientWidth && inner.scrollWidth > host.clientWidth + 1) {
      inner.style.zoom = String(Math.max(0.4, host.clientWidth / inner.scrollWidth));
    }
    host.dataset.drawn = String(inner.querySelectorAll("svg, button, td").length || 1);
    host.setAttribute("role", "img");
    const caption = figure.querySelector("figcaption");
    if (caption) host.setAttribute("aria-label", caption.textContent.trim());
  } catch (error) {
    host.dataset.drawn = "error";
    console.error("example", error);
  }
}

async function main() {
  const main = document.querySelector("[data-board]");
  const data = document.getElementById("rb-example-views");
  if (!main || !data) return;
  const views = JSON.parse(data.textContent);
  const base = document.baseURI;
  const [module, css] = await Promise.all([
    import(new URL(main.dataset.board, base).href),
    fetch(new URL(main.dataset.boardCss, base).href).then((r) => (r.ok ? r.text() : "")),
  ]);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css + "\n:host { display: block; }\n.rb-example-inner { pointer-events: auto; }");
  const label = main.dataset.exampleTap || "";
  for (const figure of document.querySelectorAll("figure.rb-example[data-example]")) {
    const view = views[figure.dataset.example];
    if (view) draw(figure, module.default, sheet, view, label);
  }
  document.documentElement.dataset.examples = "drawn";
  performance.mark("rb-examples-drawn");  // read by benchmarks/publish.py: the page is readable, pictures and all
}

main().catch((error) => {
  document.documentElement.dataset.examples = "error";
  console.error("examples", error);
});
