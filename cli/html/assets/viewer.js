/* skald view: steps through a recorded game's pictures. The pictures were drawn in Python;
   this script only puts together the pieces it was given (see cli/html/pack.py), lays out
   the timeline, move list, events and scores, and follows a live game over Server-Sent
   Events. No network but the page's own live stream. The page wraps viewer_pane.js and
   this file in one strict function, in that order. */
const DATA = JSON.parse(document.getElementById("skald-data").textContent);
const SPEEDS = [0.5, 1, 2, 4, 8, 16];
let NODES = [];
const memo = new Map();

async function inflate(b64) {
  if (!b64) return [];
  const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bin]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function unpack(i) {
  const hit = memo.get(i);
  if (hit !== undefined) return hit;
  let out = "";
  for (const part of NODES[i]) out += typeof part === "number" ? unpack(part) : part;
  if (out.length < 16384) memo.set(i, out);
  return out;
}

let ACTIVE = null;
let LINK = null;
const PANES = [];
function linked() { return LINK !== null && LINK.checked; }
function setActive(pane) {
  ACTIVE = pane;
  for (const p of PANES) p.root.classList.toggle("active", p === pane && PANES.length > 1);
}

function onKey(e) {
  if (!ACTIVE || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  const tag = t && t.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && t.type !== "range")) return;
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
    PageUp: "prevmove", PageDown: "nextmove", " ": "play" };
  let what = keys[e.key];
  if (!what) return;
  if (what === "play" && tag === "BUTTON") return; // Space presses the focused button
  if (tag === "INPUT" && what !== "play" && what !== "prevmove" && what !== "nextmove") return;
  e.preventDefault();
  ACTIVE.act(what);
}

function live(pane, url) {
  const after = pane.count ? pane.game.events[pane.count - 1][0] : 0;
  const source = new EventSource(`${url}?after=${after}`);
  pane.liveState.textContent = "● connecting";
  source.addEventListener("open", () => {
    pane.liveState.textContent = "● live";
    pane.liveState.className = "live-state on";
  });
  source.addEventListener("frame", (msg) => {
    const frame = JSON.parse(msg.data);
    if (pane.indexOf(frame.event[0]) < 0) pane.append(frame);
  });
  source.addEventListener("end", (msg) => {
    pane.liveState.textContent = "● " + JSON.parse(msg.data);
    pane.liveState.className = "live-state";
    source.close();
  });
  source.addEventListener("error", () => {
    pane.liveState.textContent = "● reconnecting";
    pane.liveState.className = "live-state off";
  });
}

async function start() {
  const app = document.getElementById("skald-app");
  NODES = await inflate(DATA.nodes);
  app.textContent = "";
  const panes = el("div", { cls: DATA.games.length > 1 ? "panes two" : "panes" });
  const d = DATA.diff;
  DATA.games.forEach((g, n) => {
    const marks = d ? { fork: d.fork, diverge: d.diverge } : {};
    const pane = new Pane(g, DATA.games.length > 1 ? "pane-" + "ab"[n] : "pane", marks);
    PANES.push(pane);
    panes.append(pane.root);
  });
  if (d) {
    const [a, b] = PANES;
    a.partner = b;
    b.partner = a;
    LINK = el("input", { type: "checkbox", checked: true, id: "link" });
    const go = (what, label) => el("button", { type: "button", "data-act": what, text: label,
      disabled: !d[what], onclick: () => { a.act(what); if (!linked()) b.act(what); } });
    app.append(el("div", { cls: "diff-bar", role: "group", "aria-label": "Comparison" },
      el("span", { cls: "summary", role: "status", text: d.summary }),
      go("fork", "Go to the fork point"), go("diverge", "Go to the first difference"),
      el("label", {}, LINK, " move both timelines together")));
  }
  app.append(panes);
  setActive(PANES[0]);
  document.addEventListener("keydown", onKey);
  if (d) for (const p of PANES) p.go(Math.max(0, p.indexOf(d.diverge || d.fork || 1)), true);
  else PANES[0].go(DATA.live ? PANES[0].count - 1 : 0);
  if (DATA.live) live(PANES[0], DATA.live.events);
  app.setAttribute("aria-busy", "false");
  document.body.setAttribute("data-ready", "true");
}

start().catch((err) => {
  console.error("skald view:", err);
  document.getElementById("skald-app").textContent = "This page could not be shown: " + err;
});
