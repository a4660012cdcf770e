// A save-file picker: reads the chosen file in the browser and sends its
// text to the kernel only if it is small enough ({too_big: size} otherwise),
// so an oversize file can never break the page's connection.
function render({ model, el }) {
  el.classList.add("rb-upload");
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.className = "rb-load-input";
  input.style.display = "none";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button rb-load-button";
  function label() { button.textContent = model.get("label") || "Load"; }
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      model.send({ name: file.name, too_big: file.size });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => model.send({ name: file.name, text: String(reader.result) });
    reader.onerror = () => model.send({ name: file.name, too_big: -1 });
    reader.readAsText(file);
  });
  model.on("change:label", label);
  label();
  el.appendChild(input);
  el.appendChild(button);
  return () => model.off("change:label", label);
}

export default { render };
