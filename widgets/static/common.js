// Helpers shared by every board module (concatenated in front of each one by
// widgets/base.py `esm()`, so they exist once). No imports: the site must
// work offline. A board draws the view model Python built (see
// widgets/views/model.py) and sends taps back; it keeps no game state.
const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function element(tag, cls = "", parent = null, text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null && text !== undefined) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

// Make any node (an SVG group, a div) a button for mouse, touch and keyboard.
// `label` (from the view model, in the page's language) says what a tap does;
// `pressed` (true/false) is a held or chosen state (aria-pressed). A picture
// holding buttons becomes a group: a screen reader announces an image as one
// thing and never reaches the buttons inside it.
function activate(node, handler, label = null, pressed = null) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (label) node.setAttribute("aria-label", label);
  if (pressed !== null && pressed !== undefined) node.setAttribute("aria-pressed", pressed ? "true" : "false");
  const picture = node.ownerSVGElement;
  if (picture && picture.getAttribute("role") === "img") {
    picture.setAttribute("role", "group");
    // the die's own name moves to the button: a group saying it again would be read twice
    if (picture.dataset.namedByDie) { picture.removeAttribute("aria-label"); delete picture.dataset.namedByDie; }
  }
  node.addEventListener("click", (event) => { event.stopPropagation(); handler(); });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); handler(); }
  });
}

// A reason shown next to what was tapped, replacing any earlier one in `host`.
function showReason(host, text, rule) {
  if (!host) return;
  let box = host.querySelector(":scope > .rb-tap-reason");
  if (!box) box = element("div", "rb-tap-reason", host);
  box.textContent = text || "";
  if (rule) box.dataset.rule = rule; else delete box.dataset.rule;
  box.setAttribute("role", "status");
}

// A control of the view model ({key, label, enabled, reason, rule, action,
// highlight}) as a button. A disabled one stays tappable (aria-disabled, not
// the disabled attribute, which swallows taps): the tap shows why, next to it.
function controlButton(control, onPress, parent = null) {
  const button = element("button", `rb-control rb-${control.key} jupyter-button`, parent, control.label);
  if (control.highlight) button.classList.add("rb-highlight");
  if (control.tap) button.setAttribute("aria-label", control.tap);  // what a tap does, where the short label does not say it
  if (!control.enabled) {
    button.setAttribute("aria-disabled", "true");
    button.classList.add("rb-disabled");
    if (control.reason) button.title = control.reason;
  }
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    if (control.enabled) onPress(control);
    else showReason(button.parentElement, control.reason, control.rule);
  });
  return button;
}

// A message of the view model ({kind, text, rule}) as a line; its kind picks
// the colour (rb-message-defeat is never drawn as success).
function messageLine(message, parent = null) {
  const line = element("div", `rb-message rb-message-${message.kind}`, parent, message.text);
  if (message.rule) line.dataset.rule = message.rule;
  return line;
}

// ----- the keyboard focus across redraws (issue 31) -----
// A board draws itself anew at each change of its view model, and the page's
// action bar is rebuilt at each move (ipywidgets): the focused node is
// removed, the browser focuses <body>, and a keyboard player would start
// again from the top of the page. The keeper, installed once per page by the
// first module that carries these helpers, remembers what had the focus and,
// when that node is gone (removed or hidden) while the focus fell to <body>,
// focuses the node that stands for it: the same key (data-key, else its rb-*
// classes without those that only say its state), else the first control
// near where it was, else the board's first control. It never moves a focus
// that is somewhere (a click elsewhere, a text field): only a lost one.

const FOCUSABLE = "button:not([disabled]), [tabindex]:not([tabindex='-1']), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])";
// classes that say a part's state or drawing, not which part it is
const FOCUS_STATE_CLASS = /^(rb-v\d+|rb-fresh|rb-(.+-)?(legal|selected|placed|playable|disabled|highlight|active|current|passed|claimed|drawable|clickable|taken|blocked|unpaid|passive|goods|own|facedown|primary|warn|on|winner|loser|you)|mod-.+|jupyter-.+|widget-.+|lm-.+|p-.+)$/;

function focusKey(node) {
  if (node.dataset && node.dataset.key) return `key:${node.dataset.key}`;
  const classes = (node.getAttribute("class") || "").split(/\s+/).filter((c) => c && !FOCUS_STATE_CLASS.test(c));
  return `${node.tagName.toLowerCase()}.${classes.sort().join(".")}`;
}

function shownForFocus(node) {
  if (!node.isConnected || !node.getClientRects().length) return false;
  const style = getComputedStyle(node);
  return style.visibility !== "hidden" && style.display !== "none";
}

function focusablesIn(scope) {
  return [...scope.querySelectorAll(FOCUSABLE)].filter(shownForFocus);
}

function enabledFirst(nodes) {
  return nodes.find((n) => n.getAttribute("aria-disabled") !== "true") || nodes[0] || null;
}

function installFocusKeeper() {
  if (typeof window === "undefined" || window.__rbFocusKeeper) return;
  window.__rbFocusKeeper = true;
  let last = null;  // {node, key, ancestors}: what had the focus
  let lostAt = 0;   // when the focus was found lost (0: not lost)
  let settle = null;

  const lost = () => last && (document.activeElement === document.body || !document.activeElement)
    && !shownForFocus(last.node);

  function put(node) {
    lostAt = 0;
    node.focus();
  }

  // the node with the same key, where it was first
  function sameKey() {
    for (const scope of [...last.ancestors.filter((a) => a.isConnected), document]) {
      const found = focusablesIn(scope).find((n) => focusKey(n) === last.key);
      if (found) return found;
    }
    return null;
  }

  // the first control near where the focus was (up to the play column), else the board's, else the page's
  function nearest() {
    for (const scope of last.ancestors) {
      if (!scope.isConnected) continue;
      const found = enabledFirst(focusablesIn(scope));
      if (found) return found;
      if (scope.classList && scope.classList.contains("rb-play")) break;
    }
    for (const selector of [".rb-board", ".rb-actions", ".rb-app"]) {
      for (const scope of document.querySelectorAll(selector)) {
        const found = enabledFirst(focusablesIn(scope));
        if (found) return found;
      }
    }
    return null;
  }

  function check() {
    if (!lost()) { lostAt = 0; return; }
    if (!lostAt) lostAt = Date.now();
    const found = sameKey();
    if (found) { put(found); return; }
    // the new controls may still be coming (ipywidgets attaches them a moment later): wait for a quiet moment
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!lost()) return;
      const again = sameKey() || nearest();
      if (again) put(again);
    }, Date.now() - lostAt > 1500 ? 0 : 150);
  }

  document.addEventListener("focusin", (event) => {
    const node = event.target;
    if (!(node instanceof Element) || node === document.body) return;
    const ancestors = [];
    for (let a = node.parentElement; a && a !== document.body; a = a.parentElement) ancestors.push(a);
    last = { node, key: focusKey(node), ancestors };
    lostAt = 0;
  }, true);
  // the player moved the focus away (a click on the page's background): nothing is lost, nothing to restore
  document.addEventListener("focusout", (event) => {
    const node = event.target;
    queueMicrotask(() => {
      if (last && last.node === node && shownForFocus(node) && document.activeElement === document.body) last = null;
    });
  }, true);
  new MutationObserver(check).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["class", "style", "hidden"],
  });
}

installFocusKeeper();
