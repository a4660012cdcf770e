// The static catalogue: sort and filter the table by players and time in the
// browser (no server). The same rules as rulebook/site/catalogue.py: a game
// whose source gives no time is never hidden by the time filter and sorts by
// our estimate; unknown values sort last; published games first on ties.
// Without this script the whole table still shows.

const form = document.querySelector(".rb-ed-filters");
const body = document.querySelector(".rb-ed-catalogue tbody");
const count = document.querySelector(".rb-ed-count");
const UNKNOWN = 1e6;

function number(text, fallback) {
  return text === "" || text === undefined ? fallback : Number(text);
}

function keeps(row, players, minutes) {
  const d = row.dataset;
  if (players) {
    const low = number(d.pmin, 0), high = number(d.pmax, 99);
    if (d.pmin !== "" && (players < low || players > high)) return false;
  }
  if (minutes && d.tmax !== "" && number(d.tmax, 0) > minutes) return false;
  return true;
}

function sortValue(row, key) {
  const d = row.dataset;
  const value = { title: 0, players: number(d.pmin, UNKNOWN), time: number(d.tsort, UNKNOWN),
    age: number(d.age, UNKNOWN), year: number(d.year, UNKNOWN) }[key];
  return [value, d.published === "1" ? 0 : 1, d.title];
}

function compare(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

function update() {
  const players = Number(form.querySelector(".rb-ed-players").value) || 0;
  const minutes = Number(form.querySelector(".rb-ed-time").value) || 0;
  const key = form.querySelector(".rb-ed-sort").value;
  const rows = [...body.querySelectorAll("tr")];
  rows.sort((a, b) => compare(sortValue(a, key), sortValue(b, key)));
  let shown = 0;
  for (const row of rows) {
    const keep = keeps(row, players, minutes);
    row.hidden = !keep;
    shown += keep ? 1 : 0;
    body.append(row);
  }
  count.textContent = shown
    ? count.dataset.shown.replace("{n}", shown).replace("{total}", rows.length)
    : count.dataset.none;
  // the choice survives a reload and can be shared: ?players=3&time=30&sort=time
  const query = new URLSearchParams();
  if (players) query.set("players", players);
  if (minutes) query.set("time", minutes);
  if (key !== "title") query.set("sort", key);
  const search = query.toString();
  history.replaceState(null, "", search ? "?" + search : location.pathname);
}

if (form && body && count) {
  const query = new URLSearchParams(location.search);
  for (const [name, cls] of [["players", ".rb-ed-players"], ["time", ".rb-ed-time"], ["sort", ".rb-ed-sort"]]) {
    const select = form.querySelector(cls);
    const wanted = query.get(name);
    // a value the select does not offer (a hand-edited URL) is ignored, never an error
    if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
    select.addEventListener("change", update);
  }
  form.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());
  update();
}
