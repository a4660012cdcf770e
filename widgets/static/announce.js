// The game page's one polite live region (widgets/base.py `Announcer`): what
// changed after a move (yours, another seat's, a bot's, a roll, the end), in
// the page's language. The region is made once and only its text changes:
// a screen reader announces changes of a region that was already there, not
// a region inserted with its text. No imports: the site must work offline.

function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "rb-announce";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.appendChild(region);
  let timer = null;

  function say() {
    // emptied first, so the same words said twice in a row (two rolls of 3) are announced twice
    region.textContent = "";
    clearTimeout(timer);
    const text = model.get("text") || "";
    region.dataset.count = String(model.get("count") || 0);
    timer = setTimeout(() => { region.textContent = text; }, 60);
  }

  // the page's language switch redraws in place (no reload): <html lang> follows it
  function setLang() {
    const lang = model.get("lang") || "ja";
    document.documentElement.setAttribute("lang", lang);
    region.setAttribute("lang", lang);
  }

  model.on("change:count", say);
  model.on("change:lang", setLang);
  setLang();
  say();
  return () => { clearTimeout(timer); model.off("change:count", say); model.off("change:lang", setLang); };
}

export default { render };
