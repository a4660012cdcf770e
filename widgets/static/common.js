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
function activate(node, handler) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
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
