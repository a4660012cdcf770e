// The page's kernel, asked for early (issue 18 B, the repeat visit on a phone).
//
// Voilà's front end asks for its kernel's model (GET /api/kernels/<id>), opens
// the kernel's socket, asks for the kernel's info and then for every widget's
// state only once its ~80 scripts have run: ~2 s on a phone, then four round
// trips, one of them carrying the whole board. None of it needs those
// scripts. So this script, which runs as soon as the page knows its kernel,
// starts all of it and hands the answers to Voilà when it asks:
//
// - Voilà's first GET of the kernel's model gets the answer already asked for;
// - Voilà's first socket to the kernel is a relay of the socket opened here,
//   from the moment Voilà opens it: what the kernel broadcast before (a bot's
//   widget messages, the page's own cells) is not passed on, as Voilà's own
//   socket, opened then, would not have heard it either;
// - Voilà's kernel_info_request is answered with the kernel's own reply to
//   the same request, made earlier on the same socket;
// - Voilà's request for the widgets' states (ipywidgets' control comm) is
//   answered with the kernel's reply to the same request made earlier, once
//   a cheap request sent then has come back without any widget message from
//   the kernel in between: the states are then the kernel's states at that
//   moment, as Voilà's own request would have found them. If a widget moved
//   (a table went on, a bot played), Voilà's request goes to the kernel.
//
// Answers are the kernel's own messages with Voilà's request as their parent
// (new message ids), in the kernel's order. A page with a token, a server
// without the v1 wire protocol, or a socket that closes before Voilà claims it
// falls back to what Voilà does by itself; a socket nobody claims within a
// minute is closed. ``window.rbEarlyKernel`` says what was answered here.
(function () {
  var config;
  try { config = JSON.parse(document.getElementById("jupyter-config-data").textContent); } catch (e) { return; }
  var id = config && config.kernelId;
  var Socket = window.WebSocket;  // the page's watched socket (refusals, 4001/4002)
  if (!id || !Socket || !window.fetch || !window.URL || !window.EventTarget || !window.TextDecoder || !window.TextEncoder || config.token) return;
  var PROTOCOL = "v1.kernel.websocket.jupyter.org";
  var CONTROL = "jupyter.widget.control";
  var PARTS = ["header", "parent_header", "metadata", "content"];
  var base = String(config.baseUrl || "/").replace(/\/?$/, "/");
  var model = new URL(base + "api/kernels/" + encodeURIComponent(id), location.href).pathname;
  var channels = model + "/channels";
  var session = "early-" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  var seen = window.rbEarlyKernel = { answered: [], relayed: false, forwarded: [] };
  function path(url) { try { return new URL(String(url), location.href).pathname; } catch (e) { return ""; } }
  function uid() { return session + "-" + Math.random().toString(36).slice(2) + Date.now().toString(36); }
  function later(fn) { setTimeout(fn, 0); }

  // --- 1. the kernel's model: Voilà's first GET of it gets this answer
  var nativeFetch = window.fetch;
  var modelAsked = nativeFetch.call(window, model + "?" + Date.now(), { cache: "no-store", credentials: "same-origin" });
  modelAsked.catch(function () {});
  window.fetch = function (input, init) {
    var method = ((init && init.method) || (input && input.method) || "GET").toUpperCase();
    if (modelAsked && method === "GET" && path(typeof input === "string" ? input : input && input.url) === model) {
      var given = modelAsked, self = this, args = arguments;
      modelAsked = null;
      return given.catch(function () { return nativeFetch.apply(self, args); });
    }
    return nativeFetch.apply(this, arguments);
  };

  // --- the v1 wire protocol (jupyter_server's serialize_msg_to_ws_v1): offsets, channel, four JSON parts, buffers
  var utf8in = new TextDecoder(), utf8out = new TextEncoder();
  function decode(data) {
    if (!(data instanceof ArrayBuffer)) return null;
    try {
      var view = new DataView(data);
      var count = view.getUint32(0, true);
      var at = [];
      for (var i = 0; i < count; i++) at.push(view.getUint32(8 * (i + 1), true));
      var parts = [];
      for (var k = 0; k + 1 < count; k++) parts.push(data.slice(at[k], at[k + 1]));
      if (parts.length < 5) return null;
      var message = { channel: utf8in.decode(parts[0]), buffers: parts.slice(5) };
      PARTS.forEach(function (name, j) { message[name] = JSON.parse(utf8in.decode(parts[j + 1])); });
      return message;
    } catch (e) {
      return null;
    }
  }
  function encode(message) {
    var parts = [utf8out.encode(message.channel)].concat(PARTS.map(function (name) {
      return utf8out.encode(JSON.stringify(message[name]));
    }), (message.buffers || []).map(function (b) { return new Uint8Array(b); }));
    var head = 8 * (parts.length + 2);
    var out = new Uint8Array(head + parts.reduce(function (n, p) { return n + p.byteLength; }, 0));
    var view = new DataView(out.buffer);
    view.setUint32(0, parts.length + 1, true);
    var offset = head;
    parts.forEach(function (p, i) {
      view.setUint32(8 * (i + 1), offset, true);
      out.set(p, offset);
      offset += p.byteLength;
    });
    view.setUint32(8 * (parts.length + 1), offset, true);
    return out.buffer;
  }
  function request(type, content, metadata) {
    var header = { msg_id: uid(), msg_type: type, session: session, username: "", date: new Date().toISOString(), version: "5.3" };
    return { channel: "shell", header: header, parent_header: {}, metadata: metadata || {}, content: content, buffers: [] };
  }

  // --- 2. the socket, and the early requests made on it as soon as it opens
  var NativeSocket = Socket.prototype.constructor;  // the browser's own: the relay is the one watched
  var ws = new NativeSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + channels + "?session_id=" + session, [PROTOCOL]);
  ws.binaryType = "arraybuffer";
  var relay = null;
  var mine = {};     // msg_id of each early request -> its name
  var replies = {};  // name -> the kernel's messages answering it, in order
  var done = {};     // name -> true once its idle status (and reply) came
  var waiting = {};  // name -> what to do when it is done (a list)
  var requested = {};  // name -> true once the early request is sent
  var widgetsMoved = false;  // a widget message from the kernel after the states were asked for
  var control = uid();
  var gone = false;
  var settled = false;  // Voilà has its states: from then on every frame passes untouched (nothing decoded)

  function send(message, name) {
    if (name) { mine[message.header.msg_id] = name; requested[name] = true; }
    ws.send(encode(message));
  }
  function complete(name) {
    // the idle status came, and the reply itself (shell and iopub are not ordered with each other)
    var got = replies[name] || [];
    function has(test) { return got.some(test); }
    if (!has(function (m) { return m.header.msg_type === "status" && m.content.execution_state === "idle"; })) return false;
    if (name === "info") return has(function (m) { return m.header.msg_type === "kernel_info_reply"; });
    if (name === "states") return has(function (m) { return m.header.msg_type === "comm_msg" && (m.content.data || {}).method === "update_states"; });
    return true;
  }
  function heard(data) {
    if (settled && !Object.keys(waiting).length) return;
    var message = decode(data);
    if (!message) return;
    var name = mine[(message.parent_header || {}).msg_id];
    var type = message.header.msg_type, content = message.content || {};
    // the kernel's answer to an early request: its status, its reply, and (for the states) the one update_states
    // message on the early control comm. Anything else with an early request as its parent is not an answer: a
    // thread of the kernel's (a table moving on) sends its widget messages with the last request's header
    var reply = !!name && (type === "status" || /_reply$/.test(type) ||
      (name === "states" && type === "comm_msg" && content.comm_id === control && (content.data || {}).method === "update_states"));
    if (!reply && requested.states && message.channel === "iopub" && /^comm_/.test(type)) {
      widgetsMoved = true;  // a widget message after the states were asked for: they may be stale
    }
    if (reply) {
      (replies[name] = replies[name] || []).push(message);
      if (!done[name] && complete(name)) {
        done[name] = true;
        if (name === "states") send(request("comm_close", { comm_id: control, data: {} }), "close");  // its replies are ours too
        (waiting[name] || []).forEach(function (then) { then(); });
        delete waiting[name];
      }
    }
  }
  ws.addEventListener("open", function () {
    if (ws.protocol !== PROTOCOL) return;  // JSON frames: Voilà asks for itself
    send(request("kernel_info_request", {}), "info");
    send(request("comm_open", { comm_id: control, target_name: CONTROL, data: {} }, { version: "1.0.0" }), "open");
    send(request("comm_msg", { comm_id: control, data: { method: "request_states" } }), "states");
  });
  ws.addEventListener("message", function (event) {
    heard(event.data);
    if (relay) toVoila({ message: event.data });  // before that, nobody's: Voilà's own socket was not open yet
  });
  ws.addEventListener("error", function () { if (relay) toVoila({ error: true }); });
  ws.addEventListener("close", function (event) {
    if (relay) toVoila({ close: { code: event.code, reason: event.reason, wasClean: event.wasClean } });
    else gone = true;  // before Voilà came: it opens its own
  });
  var unclaimed = setTimeout(function () { if (!relay) { gone = true; ws.close(); } }, 60000);

  // --- 3. what Voilà hears, in order: the kernel's messages and the answers made here
  var outbox = [], flushing = false;
  function toVoila(item) {
    if (!outbox.length && !flushing) relay.receive(item);
    else outbox.push(item);
  }
  function answer(items) {
    // never inside Voilà's own send(): a task later, after what the kernel sent before, ahead of what it sends after
    outbox = outbox.concat(items);
    if (!flushing) {
      flushing = true;
      later(function () {
        flushing = false;
        var queue = outbox;
        outbox = [];
        queue.forEach(function (item) { relay.receive(item); });
      });
    }
  }
  function replayed(name, parent, rewrite) {
    seen.answered.push(name);
    return (replies[name] || []).map(function (m) {
      return { message: encode({ channel: m.channel, header: Object.assign({}, m.header, { msg_id: uid() }), parent_header: parent,
                                 metadata: m.metadata, content: rewrite ? rewrite(m) : m.content, buffers: m.buffers }) };
    });
  }
  var local = {};  // Voilà's control comm ids answered here -> their comm_open frame
  var barriers = 0;
  function when(name, then) {
    // now if the early request is answered, else as soon as it is
    if (done[name]) then();
    else (waiting[name] = waiting[name] || []).push(then);
  }
  function answered(data) {
    if (settled) return false;
    var message = decode(data);
    if (!message || message.channel !== "shell") return false;
    var type = message.header.msg_type, content = message.content || {};
    if (type === "kernel_info_request" && requested.info) {
      when("info", function () { answer(replayed("info", message.header)); });
      return true;
    }
    if (type === "comm_open" && content.target_name === CONTROL && requested.states) {
      if (widgetsMoved) {  // the early states are stale already: Voilà's comm and request go to the kernel
        seen.forwarded.push("states");
        settled = true;
        return false;
      }
      local[content.comm_id] = data;
      when("open", function () { answer(replayed("open", message.header)); });
      return true;
    }
    if (type === "comm_msg" && local[content.comm_id] && (content.data || {}).method === "request_states") {
      // a request the kernel answers in order: when its idle status is here, so is every widget message
      // the kernel sent before it; the states go to Voilà right there, before anything the kernel sends after
      var barrier = "barrier" + (barriers += 1);
      when(barrier, function () {
        if (widgetsMoved) {  // the early states are stale: the kernel hears Voilà's comm and request after all
          seen.forwarded.push("states");
          ws.send(local[content.comm_id]);
          delete local[content.comm_id];
          ws.send(data);
          settled = true;
          return;
        }
        replayed("states", message.header, function (m) {
          return m.header.msg_type === "comm_msg" ? Object.assign({}, m.content, { comm_id: content.comm_id }) : m.content;
        }).forEach(toVoila);
      });
      // the early states may still be on their way: the barrier goes after them
      when("states", function () { send(request("kernel_info_request", {}), barrier); });
      return true;
    }
    if (type === "comm_close" && local[content.comm_id]) {
      delete local[content.comm_id];
      answer(replayed("open", message.header));  // the kernel's busy and idle around a comm message
      settled = true;
      return true;
    }
    return false;
  }

  // --- 4. the relay Voilà gets instead of a WebSocket: the same properties, methods and events
  function Relay(url) {
    var target = new EventTarget();
    var handlers = {};
    target.url = url;
    target.readyState = Socket.CONNECTING;
    target.protocol = "";
    target.extensions = "";
    target.binaryType = "arraybuffer";
    target.bufferedAmount = 0;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { target[name] = Socket[name]; });
    ["open", "message", "error", "close"].forEach(function (type) {
      Object.defineProperty(target, "on" + type, {
        get: function () { return handlers[type] || null; },
        set: function (fn) { handlers[type] = typeof fn === "function" ? fn : null; },
      });
      target.addEventListener(type, function (event) { if (handlers[type]) handlers[type].call(target, event); });
    });
    target.send = function (data) {
      if (target.readyState === Socket.CONNECTING) throw new DOMException("The socket is still connecting.", "InvalidStateError");
      if (target.readyState !== Socket.OPEN || ws.readyState !== Socket.OPEN) return;
      if (!answered(data)) ws.send(data);
    };
    target.close = function (code, reason) {
      if (target.readyState >= Socket.CLOSING) return;
      target.readyState = Socket.CLOSING;
      ws.close.apply(ws, [code, reason].filter(function (x) { return x !== undefined; }));
    };
    target.receive = function (m) {
      if (m.open) {
        target.readyState = Socket.OPEN;
        target.protocol = ws.protocol;
        target.extensions = ws.extensions;
        target.dispatchEvent(new Event("open"));
      } else if ("message" in m) {
        if (target.readyState === Socket.OPEN) target.dispatchEvent(new MessageEvent("message", { data: m.message }));
      } else if (m.error) {
        target.dispatchEvent(new Event("error"));
      } else if (m.close && target.readyState !== Socket.CLOSED) {
        target.readyState = Socket.CLOSED;
        target.dispatchEvent(new CloseEvent("close", m.close));
      }
    };
    return target;
  }

  // --- 5. the hand-over: Voilà's first socket to this kernel with the v1 protocol is the relay
  function Early(url, protocols) {
    var wanted = protocols === undefined ? [] : [].concat(protocols);
    var usable = !gone && (ws.readyState === Socket.CONNECTING || ws.readyState === Socket.OPEN);
    if (!relay && usable && path(url) === channels && wanted.length === 1 && wanted[0] === PROTOCOL) {
      clearTimeout(unclaimed);
      relay = Relay(String(url));
      seen.relayed = true;
      if (window.rbWatchKernelSocket) window.rbWatchKernelSocket(relay);
      if (ws.readyState === Socket.OPEN) {
        // Voilà sets onopen and onmessage right after this returns: a task later it hears "open"
        answer([{ open: true }]);
      } else {
        ws.addEventListener("open", function () { toVoila({ open: true }); });
      }
      return relay;
    }
    return protocols === undefined ? new Socket(url) : new Socket(url, protocols);
  }
  Early.prototype = Socket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Early[name] = Socket[name]; });
  window.WebSocket = Early;
})();
