// The page's link to its table, and its heartbeat (draws nothing).
//
// - `query`: the URL query the page should show (the table and this page's
//   seat tokens). It is written into the address bar without a reload, so a
//   reload, a bookmark or a shared link reopens the very same table.
// - `origin`: this browser's view of the site (scheme://host:port), sent once,
//   so seat links and QR codes point where phones can reach the site.
// - heartbeat: every few seconds the page sends {beat: n}; the kernel answers
//   by setting `pong`. No answer for a while (the kernel went away: a phone
//   slept past the culling, the server restarted) means the page reloads
//   itself: the URL carries the table, so it comes back exactly as it was.
//   A dead server's page usually reloads sooner: the page's template asks
//   whether the kernel still exists as soon as its socket drops; this is the
//   backstop (a socket that hangs without closing, a kernel that stopped answering).
const BEAT_MS = 4000;
const STALE_MS = 25000;     // no pong for this long while visible: reload
const WAKE_CHECK_MS = 6000; // after the page becomes visible again: a beat must be answered this fast

function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("rb-page-link");

  function applyQuery() {
    const query = model.get("query");
    if (typeof query !== "string" || !query) return;
    const wanted = location.pathname + "?" + query + location.hash;
    if (wanted !== location.pathname + location.search + location.hash) {
      history.replaceState(history.state, "", wanted);
    }
    // every link of the page to the catalogue keeps the language
    const lang = new URLSearchParams(query).get("lang");
    if (lang) {
      document.querySelectorAll("a.rb-home-link, a.rb-site-home").forEach((a) => {
        a.href = a.pathname + "?lang=" + encodeURIComponent(lang);
      });
    }
  }
  model.on("change:query", applyQuery);
  applyQuery();

  if (model.get("origin") !== location.origin) {
    model.set("origin", location.origin);
    model.save_changes();
  }

  let beat = 0;
  let answered = Date.now();
  let reloading = false;
  function reload() {
    // a server that is restarting (close code 4003) reloads the page itself once a server answers; a page
    // whose kernel's socket dropped and whose kernel is gone is reloaded by the page's template
    // (rulebook/site/templates/.../index.html.j2): whichever notices first reloads, once (window.rbReloading)
    if (reloading || window.rbReloading || document.querySelector(".rb-server-restarting")) return;
    reloading = true;
    window.rbReloading = true;
    const banner = document.createElement("div");
    banner.className = "rb-reconnecting";
    banner.textContent = "接続し直しています… / Reconnecting…";
    document.body.appendChild(banner);
    setTimeout(() => location.reload(), 300 + Math.random() * 1200);
  }
  function send() {
    beat += 1;
    try { model.send({ beat }); } catch (e) { /* the kernel is gone: the check below reloads */ }
  }
  model.on("change:pong", () => { answered = Date.now(); });
  const timer = setInterval(() => {
    if (document.hidden) return;
    send();
    if (Date.now() - answered > STALE_MS) reload();
  }, BEAT_MS);
  function onVisible() {
    if (document.hidden) return;
    const asked = Date.now();
    send();
    setTimeout(() => { if (!document.hidden && answered < asked) reload(); }, WAKE_CHECK_MS);
  }
  document.addEventListener("visibilitychange", onVisible);
  // leaving the page: say goodbye, so the host page stops showing its seats as connected at once
  function onHide() { try { model.send({ bye: beat }); } catch (e) { /* the kernel is gone already */ } }
  window.addEventListener("pagehide", onHide);
  send();
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("pagehide", onHide);
    model.off("change:query", applyQuery);
  };
}

export default { render };
