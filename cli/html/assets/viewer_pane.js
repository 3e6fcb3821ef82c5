/* skald view: one timeline pane — controls, picture, scores, move list and events of one
   game, stepped by event or by move. The pictures were drawn in Python; a pane only shows
   the one for its event and series (see viewer.js for how they are unpacked). */
function picture(p) {
  return typeof p === "number" ? unpack(p) : p;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "cls") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function seatName(seat) {
  return seat === null || seat === undefined ? "—" : "seat " + seat;
}

function keepVisible(box, item) {
  if (!item) return;
  const top = item.offsetTop - box.offsetTop;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + item.offsetHeight > box.scrollTop + box.clientHeight)
    box.scrollTop = top + item.offsetHeight - box.clientHeight;
}

class Pane {
  constructor(game, name, marks) {
    this.game = game;
    this.name = name;
    this.marks = marks || {};
    this.i = 0;
    this.series = game.series[0].key;
    this.timer = null;
    this.speed = 2;
    this.partner = null;
    this.follow = true;
    this.build();
  }

  get count() { return this.game.events.length; }

  indexOf(version) {
    const events = this.game.events;
    for (let i = 0; i < events.length; i++) if (events[i][0] === version) return i;
    return -1;
  }

  build() {
    const g = this.game;
    const id = this.name;
    this.root = el("section", { cls: "pane", "aria-labelledby": id + "-title", "data-pane": id });
    this.root.addEventListener("focusin", () => setActive(this));
    this.root.addEventListener("pointerdown", () => setActive(this));
    const title = el("h2", { id: id + "-title",
      text: `${g.title} · ${g.players} players · ${g.label}` });
    this.root.append(title, this.verifyLine());

    const btn = (act, label, text, key) => el("button", {
      type: "button", "data-act": act, "aria-label": label, title: `${label} (${key})`,
      text, onclick: () => this.act(act) });
    this.playButton = btn("play", "Play", "Play", "Space");
    this.playButton.setAttribute("aria-pressed", "false");
    this.slider = el("input", { type: "range", min: 1, max: Math.max(1, this.count), value: 1,
      step: 1, "aria-label": "Event", id: id + "-slider" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value) - 1));
    this.markBar = el("div", { cls: "marks", "aria-hidden": "true" });
    const speed = el("select", { "aria-label": "Speed, events per second", cls: "speed" });
    for (const s of SPEEDS) speed.append(el("option", { value: s, text: s + "/s", selected: s === this.speed }));
    speed.addEventListener("change", () => { this.speed = Number(speed.value); if (this.timer) { this.stop(); this.play(); } });
    const seat = el("select", { "aria-label": "Whose view", cls: "seat" });
    for (const s of g.series) seat.append(el("option", { value: s.key, text: s.label }));
    seat.addEventListener("change", () => { this.series = seat.value; this.render(); });
    this.seatSelect = seat;
    this.position = el("span", { cls: "position" });
    const jump = el("input", { type: "number", min: 1, cls: "jump", "aria-label": "Go to version", size: 5 });
    jump.addEventListener("change", () => {
      // A version past either end goes to that end (and says so in the box), not nowhere.
      const events = this.game.events;
      const v = Math.round(Number(jump.value));
      if (jump.value === "" || !Number.isFinite(v) || !events.length) return;
      const i = this.indexOf(v);
      const at = i >= 0 ? i : v < events[0][0] ? 0 : events.length - 1;
      jump.value = String(events[at][0]);
      this.go(at);
    });
    this.liveState = el("span", { cls: "live-state", role: "status" });
    const controls = el("div", { cls: "controls", role: "group", "aria-label": "Timeline" },
      btn("first", "First event", "|◀◀", "Home"),
      btn("prevmove", "Previous move", "◀◀", "Page Up"),
      btn("prev", "Previous event", "◀", "Left"),
      this.playButton,
      btn("next", "Next event", "▶", "Right"),
      btn("nextmove", "Next move", "▶▶", "Page Down"),
      btn("last", "Last event", "▶▶|", "End"),
      el("div", { cls: "slider" }, this.slider, this.markBar),
      el("label", {}, "Speed ", speed),
      el("label", {}, "View ", seat),
      el("label", {}, "v ", jump),
      this.position,
      this.liveState);
    this.now = el("p", { cls: "now", "aria-live": "polite", "aria-atomic": "true" });
    this.figure = el("figure", { cls: "picture", "aria-label": "The game at the current event" });
    this.scores = el("table", { cls: "scores" });
    this.moveList = el("ol", { cls: "moves", "aria-label": "Moves" });
    this.eventList = el("ol", { cls: "events", "aria-label": "Events" });
    for (let k = 0; k < g.moves.length; k++) this.moveList.append(this.moveItem(k));
    for (let i = 0; i < g.events.length; i++) this.eventList.append(this.eventItem(i));
    // Disputes and rulings: public records beside the game's own (none: no section at all).
    const disputes = g.disputes || [];
    const disputeList = disputes.length ? el("ol", { cls: "disputes", "aria-label": "Disputes" }) : null;
    for (const d of disputes) disputeList.append(this.disputeItem(d));
    const side = el("div", { cls: "side" },
      el("h3", { text: "Scores" }), this.scores,
      el("h3", { text: "Moves" }), this.moveList,
      el("h3", { text: "Events" }), this.eventList,
      disputeList && el("h3", { text: "Disputes" }), disputeList);
    this.root.append(controls, this.now, el("div", { cls: "body" }, this.figure, side),
      el("p", { cls: "keys", text: "Keys: ←/→ event · Page Up/Down move · Home/End · Space play/pause" }));
    this.drawMarks();
  }

  verifyLine() {
    const v = this.game.verify || {};
    let cls = "unknown", text;
    if (v.ok === true) {
      cls = "ok";
      text = `Verified ${v.events} events when this page was written (${v.at}): ${(v.checked || []).join(", ")}.`;
      if ((v.notes || []).length) text += " Notes: " + v.notes.join("; ");
    } else if (v.ok === false) {
      cls = "bad";
      text = `Verification FAILED when this page was written (${v.at}): event v${v.first_bad}: ${v.problem}`;
    } else {
      text = `Not verified: ${v.problem || "no report"}`;
    }
    return el("p", { cls: "verify " + cls, role: "note", "data-ok": String(v.ok), text });
  }

  moveText(k) {
    const [first, last, seat, text, round] = this.game.moves[k];
    const when = round === null || round === undefined ? "" : `r${round} `;
    const span = first === last ? `v${first}` : `v${first}–${last}`;
    const who = seat === null || seat === undefined ? "" : `${seatName(seat)}: `;
    return `${k}. ${when}${who}${text} (${span})`;
  }

  moveItem(k) {
    const li = el("li", { "data-move": k },
      el("button", { type: "button", text: this.moveText(k),
        onclick: () => this.go(this.indexOf(this.game.moves[k][1])) }));
    return li;
  }

  disputesAt(v) {
    return (this.game.disputes || []).filter((d) => d.at_version === v);
  }

  disputeItem(d) {
    const r = d.ruling;
    let verdict = "awaits a ruling";
    if (r) {
      verdict = `${r.upheld ? "upheld" : "dismissed"} (${r.ruled_at}): ${r.text}`;
      if (r.fork) verdict += ` — continued as fork ${r.fork.game_id} at v${r.fork.version}`;
    }
    return el("li", { cls: "dispute", "data-dispute": d.number },
      el("button", { type: "button", text: `#${d.number} · ${seatName(d.seat)} disputes v${d.at_version}: ${d.text}`,
        onclick: () => { const i = this.indexOf(d.at_version); if (i >= 0) this.go(i); } }),
      el("p", { cls: "ruling", text: verdict }));
  }

  eventItem(i) {
    const [v, type, seat, cid] = this.game.events[i];
    const li = el("li", { "data-v": v },
      el("button", { type: "button", text: `v${v} ${type} · ${seatName(seat)} · ${cid}`,
        onclick: () => this.go(i) }));
    for (const d of this.disputesAt(v)) {
      li.classList.add("disputed");
      li.firstChild.append(el("span", { cls: "tag dispute", text: `dispute #${d.number}` }));
    }
    if (this.marks.fork === v) {
      li.classList.add("fork");
      li.firstChild.append(el("span", { cls: "tag fork", text: "fork point" }));
    }
    if (this.marks.diverge === v) {
      li.classList.add("diverge");
      li.firstChild.append(el("span", { cls: "tag diverge", text: "first difference" }));
    }
    return li;
  }

  drawMarks() {
    this.markBar.textContent = "";
    const n = Math.max(1, this.count - 1);
    for (const [kind, label] of [["fork", "fork"], ["diverge", "differs"]]) {
      const v = this.marks[kind];
      if (!v) continue;
      const i = this.indexOf(v);
      if (i < 0) continue;
      this.markBar.append(el("span", { cls: "mark " + kind, style: `left:${(100 * i) / n}%`,
        text: `▲${label} v${v}` }));
    }
    for (const d of this.game.disputes || []) {
      const i = this.indexOf(d.at_version);
      if (i >= 0) this.markBar.append(el("span", { cls: "mark dispute",
        style: `left:${(100 * i) / n}%`, text: `⚑#${d.number} v${d.at_version}` }));
    }
  }

  act(what) {
    const moves = this.game.moves;
    const move = this.count ? this.game.events[this.i][4] : 0;
    switch (what) {
      case "first": this.go(0); break;
      case "last": this.go(this.count - 1); break;
      case "prev": this.go(this.i - 1); break;
      case "next": this.go(this.i + 1); break;
      case "prevmove": {
        const k = this.game.events[this.i][0] === moves[move][1] ? move - 1 : move;
        if (k >= 0) this.go(this.indexOf(moves[k][1])); else this.go(0);
        break;
      }
      case "nextmove":
        if (move + 1 < moves.length) this.go(this.indexOf(moves[move + 1][1]));
        else this.go(this.count - 1);
        break;
      case "play": this.timer ? this.stop() : this.play(); break;
      case "fork": case "diverge": {
        const i = this.indexOf(this.marks[what]);
        if (i >= 0) this.go(i);
        break;
      }
    }
  }

  play() {
    if (this.i >= this.count - 1) this.go(0);
    this.playButton.setAttribute("aria-pressed", "true");
    this.playButton.textContent = "Pause";
    this.playButton.setAttribute("aria-label", "Pause");
    this.now.setAttribute("aria-live", "off");
    this.timer = setInterval(() => {
      if (this.i >= this.count - 1) this.stop(); else this.go(this.i + 1);
    }, 1000 / this.speed);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.setAttribute("aria-pressed", "false");
    this.playButton.textContent = "Play";
    this.playButton.setAttribute("aria-label", "Play");
    this.now.setAttribute("aria-live", "polite");
    this.render();
  }

  go(i, fromPartner) {
    if (!this.count) return;
    this.i = Math.max(0, Math.min(this.count - 1, i));
    this.follow = this.i === this.count - 1;
    this.render();
    if (this.partner && linked() && !fromPartner) {
      const v = this.game.events[this.i][0];
      const j = this.partner.indexOf(Math.min(v, this.partner.game.events[this.partner.count - 1][0]));
      this.partner.go(j, true);
    }
  }

  render() {
    const g = this.game;
    if (!this.count) { this.now.textContent = "No events yet."; return; }
    const [v, type, seat, cid, move] = g.events[this.i];
    const pictures = g.pictures[this.series];
    this.figure.innerHTML = picture(pictures[this.i]);
    this.figure.setAttribute("data-v", v);
    this.figure.setAttribute("data-series", this.series);
    this.slider.max = this.count;
    this.slider.value = this.i + 1;
    const [toAct, scores, finished] = g.status[this.i];
    const label = `v${v} of ${g.events[this.count - 1][0]}`;
    this.slider.setAttribute("aria-valuetext", `${label}: ${type}`);
    this.position.textContent = label;
    const m = g.moves[move];
    const acting = finished ? "game over" : toAct.length ? "to act: " + toAct.map(seatName).join(", ") : "";
    const disputed = this.disputesAt(v).map((d) => "#" + d.number).join(", ");
    this.now.textContent = `${label} · ${type} · ${seatName(seat)} · ${cid} — move ${move}: ${seatName(m[2])} ${m[3]}${acting ? " — " + acting : ""}${disputed ? " — disputed: " + disputed : ""}`;
    this.mark(this.moveList, "data-move", move);
    this.mark(this.eventList, "data-v", v);
    this.renderScores(scores, toAct, v, finished);
  }

  mark(list, attr, value) {
    const old = list.querySelector('[aria-current="step"]');
    if (old) old.removeAttribute("aria-current");
    const item = list.querySelector(`[${attr}="${value}"]`);
    if (item) { item.setAttribute("aria-current", "step"); keepVisible(list, item); }
  }

  renderScores(scores, toAct, v, finished) {
    const t = this.scores;
    t.textContent = "";
    t.append(el("caption", { text: `${finished ? "Final scores" : "Scores"} at v${v}` }));
    t.append(el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: "Seat" }), el("th", { scope: "col", text: "Score" }),
      el("th", { scope: "col", text: "To act" }))));
    const body = el("tbody");
    for (let s = 0; s < this.game.players; s++) {
      const acting = toAct.includes(s);
      body.append(el("tr", { cls: acting ? "acting" : null },
        el("th", { scope: "row", text: "seat " + s }),
        el("td", { text: scores ? String(scores[s]) : "—" }),
        el("td", { text: acting ? "yes" : "" })));
    }
    t.append(body);
  }

  append(frame) {
    const g = this.game;
    const atEnd = this.follow;
    g.events.push(frame.event);
    g.status.push(frame.status);
    for (const [key, svg] of Object.entries(frame.pictures)) (g.pictures[key] ||= []).push(svg);
    const k = frame.move_index;
    g.moves[k] = frame.move;
    const item = this.moveItem(k);
    const old = this.moveList.querySelector(`[data-move="${k}"]`);
    if (old) old.replaceWith(item); else this.moveList.append(item);
    this.eventList.append(this.eventItem(g.events.length - 1));
    this.slider.max = this.count;
    if (atEnd) this.go(this.count - 1); else this.render();
  }
}
