// Technician console: draws what the server computes, sends handle moves back.
"use strict";
const $ = (id) => document.getElementById(id);
const state = { table: null, game: null, data: null, overlay: null, width: 0, height: 0,
                drag: null, busy: false, pending: null, verify: false, events: null };
const HANDLE_PX = 14; // grab radius on screen

function token() { return $("token").value.trim(); }
function say(text) { $("message").textContent = text; }

async function api(path, method = "GET", body = undefined, auth = false) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (auth) headers["Authorization"] = "Bearer " + token();
  const res = await fetch(path, { method, headers,
                                  body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.detail ? JSON.stringify(json.detail) : res.statusText);
  return json;
}

async function loadTables() {
  const { tables } = await api("/tables");
  const sel = $("table");
  sel.innerHTML = "";
  for (const t of tables) {
    const opt = document.createElement("option");
    opt.value = t.id; opt.textContent = `${t.id} (${t.game})`; opt.dataset.game = t.game;
    sel.appendChild(opt);
  }
  if (tables.length) await pickTable(tables[0].id);
}

async function pickTable(id) {
  state.table = id;
  state.game = $("table").selectedOptions[0].dataset.game;
  $("flip").hidden = state.game !== "roulette";
  setVerify(false);
  listenEvents();
  await refreshVersions();
  await snapshot();
}

async function refreshVersions() {
  const info = await api(`/tables/${state.table}/calibration`);
  $("status").textContent = info.active_version
    ? `active version v${info.active_version}; drift check ${info.drift_check}`
    : "no saved calibration (the reader calibrates itself)";
  const alarm = $("alarm");
  alarm.hidden = !info.needs_calibration;
  if (info.needs_calibration) {
    alarm.textContent = `NEEDS CALIBRATION: ${info.alarm ? info.alarm.reason : ""}. Rounds abstain until a calibration is saved or rolled back.`;
  }
  const list = $("versions");
  list.innerHTML = "";
  for (const v of info.versions) {
    const li = document.createElement("li");
    li.dataset.version = v.version;
    const active = v.version === info.active_version;
    if (active) li.className = "active";
    const fields = v.changes.map((c) => c.field);
    const calib = fields.filter((f) => !f.startsWith("drift."));
    const changes = calib.map((f) => {
      const c = v.changes.find((k) => k.field === f);
      return "to" in c && c.to !== null && c.from !== null ? `${f} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}` : f;
    }).join(", ") || "calibration unchanged";
    li.innerHTML = `<b>v${v.version}</b> ${escapeHtml(v.action)} by ${escapeHtml(v.by)}` +
      ` <small>${escapeHtml(v.at)}</small>` +
      `<small>${escapeHtml(v.note || "")}</small><small>changed: ${escapeHtml(changes)}</small>`;
    if (!active) {
      const b = document.createElement("button");
      b.textContent = `Roll back to v${v.version}`;
      b.setAttribute("data-testid", `rollback-${v.version}`);
      b.onclick = () => rollback(v.version);
      li.appendChild(b);
    }
    list.appendChild(li);
  }
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

async function snapshot() {
  try {
    const snap = await api(`/tables/${state.table}/calibration/snapshot`, "POST");
    state.width = snap.width; state.height = snap.height;
    state.data = snap.data; state.overlay = snap.overlay;
    await showImage(`${snap.frame_url}?t=${Date.now()}`);
    say(snap.data ? "calibration of the active version over the frozen frame"
                  : "no saved calibration: press Auto to calibrate from the camera");
  } catch (err) { say(`snapshot: ${err.message}`); }
  draw();
}

function showImage(url) {
  return new Promise((resolve) => {
    const img = $("frame");
    img.onload = () => { sizeCanvas(); resolve(); };
    img.onerror = () => resolve();
    img.src = url;
  });
}

function sizeCanvas() {
  const c = $("overlay");
  c.width = state.width || $("frame").naturalWidth;
  c.height = state.height || $("frame").naturalHeight;
  draw();
}

function draw() {
  const c = $("overlay"), g = c.getContext("2d");
  g.clearRect(0, 0, c.width, c.height);
  if (!state.overlay || state.verify) return; // verify: the server draws on each frame
  const scale = c.width / Math.max(1, c.getBoundingClientRect().width || c.width);
  for (const s of state.overlay.shapes) drawShape(g, s, scale);
  for (const h of state.overlay.handles) {
    g.beginPath();
    g.arc(h.xy[0], h.xy[1], 7 * scale, 0, 2 * Math.PI);
    g.fillStyle = h.id === "zero" ? "#00ff00" : "#ff9800";
    g.fill(); g.lineWidth = 2 * scale; g.strokeStyle = "#000"; g.stroke();
  }
}

const masks = {};
function drawShape(g, s, scale) {
  if (s.kind === "polyline") {
    g.beginPath();
    s.points.forEach((p, i) => (i ? g.lineTo(p[0], p[1]) : g.moveTo(p[0], p[1])));
    if (s.closed) g.closePath();
    g.strokeStyle = s.color; g.lineWidth = s.width * scale; g.stroke();
  } else if (s.kind === "label") {
    g.font = `bold ${Math.round(13 * scale)}px sans-serif`;
    g.textAlign = "center"; g.textBaseline = "middle";
    g.lineWidth = 3 * scale; g.strokeStyle = "#000"; g.strokeText(s.text, s.xy[0], s.xy[1]);
    g.fillStyle = s.color; g.fillText(s.text, s.xy[0], s.xy[1]);
  } else if (s.kind === "mask") {
    const img = masks[s.png] || (masks[s.png] = Object.assign(new Image(), {
      src: "data:image/png;base64," + s.png, onload: draw }));
    if (img.complete && img.naturalWidth) { // white = glare: tint it, leave the rest clear
      const tint = document.createElement("canvas");
      tint.width = img.naturalWidth; tint.height = img.naturalHeight;
      const t = tint.getContext("2d");
      t.drawImage(img, 0, 0);
      const px = t.getImageData(0, 0, tint.width, tint.height);
      for (let i = 0; i < px.data.length; i += 4) px.data[i + 3] = px.data[i];
      t.putImageData(px, 0, 0);
      t.globalCompositeOperation = "source-in";
      t.fillStyle = s.color; t.fillRect(0, 0, tint.width, tint.height);
      g.save(); g.globalAlpha = 0.55; g.imageSmoothingEnabled = false;
      g.drawImage(tint, 0, 0, g.canvas.width, g.canvas.height); g.restore();
    }
  }
}

function toImage(ev) {
  const r = $("overlay").getBoundingClientRect();
  return [(ev.clientX - r.left) * ($("overlay").width / r.width),
          (ev.clientY - r.top) * ($("overlay").height / r.height)];
}

function onDown(ev) {
  if (!state.overlay || state.verify) return;
  const [x, y] = toImage(ev);
  const scale = $("overlay").width / $("overlay").getBoundingClientRect().width;
  let best = null, bestD = HANDLE_PX * scale;
  for (const h of state.overlay.handles) {
    const d = Math.hypot(h.xy[0] - x, h.xy[1] - y);
    if (d < bestD) { best = h.id; bestD = d; }
  }
  if (!best) return;
  state.drag = best;
  $("overlay").setPointerCapture(ev.pointerId);
  ev.preventDefault();
}

function onMove(ev) {
  if (!state.drag) return;
  const xy = toImage(ev);
  const h = state.overlay.handles.find((k) => k.id === state.drag);
  if (h) { h.xy = xy; draw(); }
  moveHandle(state.drag, xy);
}

function onUp(ev) {
  if (!state.drag) return;
  moveHandle(state.drag, toImage(ev));
  state.drag = null;
}

async function moveHandle(handle, xy) {
  state.pending = { handle, xy };
  if (state.busy) return;
  state.busy = true;
  try {
    while (state.pending) {
      const p = state.pending; state.pending = null;
      const r = await api(`/tables/${state.table}/calibration/overlay`, "POST",
                          { data: state.data, handle: p.handle, xy: p.xy });
      state.data = r.data; state.overlay = r.overlay;
      draw();
      say(`moved ${p.handle} (not saved yet)`);
    }
  } catch (err) { say(`cannot move ${handle}: ${err.message}`); }
  state.busy = false;
}

async function auto() {
  say("calibrating from the live camera...");
  try {
    const r = await api(`/tables/${state.table}/calibration/auto`, "POST", undefined, true);
    state.data = r.data; state.overlay = r.overlay; draw();
    say("auto calibration ready (a draft: check it, then save)");
  } catch (err) { say(`auto: ${err.message}`); }
}

async function flip() {
  if (!state.data || state.game !== "roulette") return;
  const data = { ...state.data, sense: -state.data.sense };
  const r = await api(`/tables/${state.table}/calibration/overlay`, "POST", { data });
  state.data = r.data; state.overlay = r.overlay; draw();
}

async function save() {
  if (!state.data) { say("nothing to save: snapshot or auto first"); return; }
  try {
    const v = await api(`/tables/${state.table}/calibration`, "POST",
                        { data: state.data, note: $("note").value }, true);
    say(`saved as version v${v.version}; the reader switched to it`);
    $("note").value = "";
    await refreshVersions();
  } catch (err) { say(`save: ${err.message}`); }
}

async function rollback(version) {
  try {
    const v = await api(`/tables/${state.table}/calibration/rollback`, "POST",
                        { version }, true);
    say(`rolled back to v${version} (now v${v.version})`);
    await refreshVersions();
    await snapshot();
  } catch (err) { say(`rollback: ${err.message}`); }
}

function setVerify(on) {
  state.verify = on;
  $("verify").classList.toggle("active", on);
  if (on) {
    $("frame").src = `/tables/${state.table}/calibration/verify.mjpg`;
    say("verify: the live picture, the saved calibration drawn on every frame, the reader's decisions");
  } else if (state.table) {
    $("frame").src = `/tables/${state.table}/calibration/snapshot.jpg?t=${Date.now()}`;
  }
  draw();
}

function listenEvents() {
  if (state.events) state.events.close();
  $("events").innerHTML = "";
  const es = new EventSource(`/events/stream?table=${encodeURIComponent(state.table)}`);
  const show = (msg) => {
    const m = JSON.parse(msg.data);
    const li = document.createElement("li");
    const what = m.event ? (m.event.result ? JSON.stringify(m.event.result) : (m.event.reason || "")) : (m.state || m.detail || "");
    li.textContent = `${m.time || ""} ${m.type} ${m.round ?? ""} ${what}`;
    $("events").prepend(li);
    while ($("events").children.length > 50) $("events").lastChild.remove();
    if (m.type === "calibration_alarm" || m.type === "calibration") refreshVersions();
  };
  for (const t of ["outcome", "void", "abstain", "violation", "phase", "camera",
                   "calibration_alarm", "calibration", "manual_confirmation"]) {
    es.addEventListener(t, show);
  }
  state.events = es;
}

$("table").onchange = (e) => pickTable(e.target.value);
$("snapshot").onclick = () => { setVerify(false); snapshot(); };
$("auto").onclick = auto;
$("flip").onclick = flip;
$("save").onclick = save;
$("verify").onclick = () => setVerify(!state.verify);
$("token").value = sessionStorage.getItem("vision-technician-token") || "";
$("token").onchange = () => sessionStorage.setItem("vision-technician-token", token());
const ov = $("overlay");
ov.addEventListener("pointerdown", onDown);
ov.addEventListener("pointermove", onMove);
ov.addEventListener("pointerup", onUp);
window.addEventListener("resize", draw);
loadTables().catch((err) => say(`cannot load tables: ${err.message}`));
