// paisho's page: draws what the server sends and turns clicks into the decisions the server
// listed.  It knows no rules: every legal decision, grouped by where a click starts it, comes
// from the server (see paisho_core/web/view.py).
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

let meta = null;        // variants and levels
let view = null;        // the table's current view
let selected = null;    // key of the chosen source group
let pending = null;     // {group, target}: a target chosen, waiting for a third point
let busy = false;       // a request is under way
let computerTimer = null;
let moveList = [];      // the turns played (and ahead), from /moves
let choosing = null;    // buttons offered for one target: [{text, action}]

// -- talking to the server --------------------------------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const res = await fetch(path, init);
  let data;
  try { data = await res.json(); } catch (e) { data = {error: `server answered ${res.status}`}; }
  if (!res.ok) throw new Error(data.error || `server answered ${res.status}`);
  return data;
}

async function act(action, body = {}) {
  if (!view || busy) return;
  busy = true;
  document.body.classList.add("busy");
  try {
    const data = await api(`/api/tables/${view.id}/${action}`, body);
    show(data);
    return data;
  } catch (e) {
    say(e.message, "bad");
    render();  // the position is unchanged: redraw it as it was
  } finally {
    busy = false;
    document.body.classList.remove("busy");
    scheduleComputer();
  }
}

function play(text) {
  if (view.ahead && !confirm(`Playing ${text} here ends the game at this point: the ${view.ahead} ` +
      `later decision${view.ahead > 1 ? "s" : ""} of this game will be discarded. Play on from here?`)) {
    say(`Nothing played: the later decisions are kept. Step forward (\u203a, \u00bb) to see them.`, "");
    return Promise.resolve();
  }
  clearSelection();
  return act("move", {move: text, ply: view.ply});
}

function scheduleComputer() {
  clearTimeout(computerTimer);
  if (view && view.mode === "computer" && !busy) {
    computerTimer = setTimeout(() => act("computer"), 350);
  }
}

// -- messages ---------------------------------------------------------------------------------

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message " + kind;
  if (kind === "bad") {
    m.classList.remove("shake"); void m.offsetWidth; m.classList.add("shake");
  }
}

// -- showing a view ---------------------------------------------------------------------------

function show(data) {
  const ended = view && view.id === data.id && !view.status.outcome && data.status.outcome;
  view = data;
  clearSelection();
  say(data.said && data.said.hint ? `Hint: ${data.said.hint}` : "", data.said && data.said.hint ? "hint" : "");
  render();
  if (data.said && data.said.hint) markHint(data.said.hint);
  if (ended) say("The game is over.", "good");
  if (typeof netShow === "function") netShow(data);  // the game's URL and event stream (net.js)
  loadMoves();
  playOnlyChoice();
}

function clearSelection() { selected = null; pending = null; choosing = null; }

// a decision with a single choice and nothing to point at is played for the person
function playOnlyChoice() {
  if (view.mode !== "play" || view.ahead) return;
  const all = view.choices.flatMap((g) => [...g.buttons, ...g.targets.flatMap((t) => t.moves)]);
  if (all.length !== 1 || !view.choices.some((g) => g.buttons.length === 1)) return;
  const only = all[0].text, ply = view.ply;
  setTimeout(() => {  // only if the page still shows the position the choice was found in
    if (view.mode === "play" && !busy && view.ply === ply) act("move", {move: only, ply}).then(() =>
      say(`Only one choice was possible (${only}): it was played for you.`, "good"));
  }, 300);
}

// the group of the source the player clicked (none while nothing is chosen)
function chosenGroup() { return selected === null ? null : view.choices.find((g) => g.key === selected); }

function render() {
  if (!view) return;
  $("main").hidden = false;
  $("welcome").hidden = true;
  $("title").textContent = view.variant.title + optionText(view.variant.options);
  renderBoard();
  renderTurn();
  renderHelp();
  renderMoves();
  renderPiles();
  renderStatus();
  renderLegend();
  renderControls();
  renderHandover();
  if (typeof netRender === "function") netRender();  // seats and links (net.js)
}

function optionText(opts) {
  const parts = Object.entries(opts || {}).map(([k, v]) => `${k}=${v}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

function playerName(p) { return p ? p[0].toUpperCase() + p.slice(1) : ""; }

function sideName(p) {
  const kind = view.sides[p];
  return kind === "human" ? `${playerName(p)}` : `${playerName(p)} (computer, ${kind})`;
}

// -- the board --------------------------------------------------------------------------------

function pointEl(svg, x, y) { return svg.querySelector(`circle.point[data-x="${x}"][data-y="${y}"]`); }

function add(parent, tag, attrs, before = null) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  parent.insertBefore(el, before);
  return el;
}

function renderBoard() {
  const box = $("board");
  box.innerHTML = view.svg;
  const svg = box.querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  svg.setAttribute("class", "board-svg");
  const layer = svg.querySelector("g.board");
  // what can be clicked now
  const groups = view.choices;
  const marks = add(layer, "g", {class: "marks"});
  for (const g of groups) {
    if (g.point && selected === null && !pending) ring(marks, svg, g.point, "source");
  }
  for (const pt of view.last_points || []) ring(marks, svg, pt, "last");
  for (const h of (view.help || {}).harmonies || []) line(marks, svg, h.a, h.b, "formed");
  const current = chosenGroup();
  if (current && current.point) ring(marks, svg, current.point, "selected");
  if (choosing) {
    // only the buttons below decide now: show the chosen target and nothing else
  } else if (pending) {
    ring(marks, svg, pending.target.point, "selected");
    for (const mv of pending.target.moves) ring(marks, svg, mv.then, "target then");
  } else {
    const free = groups.find((g) => g.key === null);
    for (const g of [current, selected === null ? free : null]) {
      if (!g) continue;
      for (const t of g.targets) ring(marks, svg, t.point, "target");
    }
  }
  // hit areas on top of everything: one per point
  const hits = add(layer, "g", {class: "hits"});
  for (const p of svg.querySelectorAll("circle.point")) {
    const hit = add(hits, "circle", {class: "hit", cx: p.getAttribute("cx"), cy: p.getAttribute("cy"), r: 15,
      "data-x": p.dataset.x, "data-y": p.dataset.y});
    add(hit, "title", {}).textContent = pointTitle(svg, p);
  }
  svg.addEventListener("click", onBoardClick);
}

// the tooltip of a point: the tile on it (the hit circle lies over the tile's own title), its
// coordinates and the areas it belongs to
function pointTitle(svg, p) {
  const {x, y} = p.dataset;
  const tile = svg.querySelector(`g.tile[data-x="${x}"][data-y="${y}"] > title`);
  const areas = (p.dataset.areas || "").split(" ").filter((a) => a);
  const named = [...svg.querySelectorAll("circle.named > title")].map((t) => t.textContent)
    .find((t) => t.startsWith(`(${x},${y})`));
  const where = named || `(${x},${y})` + (areas.length ? ": " + areas.join(" and ") : "");
  return tile ? `${tile.textContent}\n${where}` : where;
}

function line(parent, svg, a, b, cls) {
  const p = pointEl(svg, a[0], a[1]), q = pointEl(svg, b[0], b[1]);
  if (!p || !q) return;
  add(parent, "line", {class: `mark ${cls}`, x1: p.getAttribute("cx"), y1: p.getAttribute("cy"),
    x2: q.getAttribute("cx"), y2: q.getAttribute("cy")});
}

function ring(parent, svg, point, cls) {
  const p = pointEl(svg, point[0], point[1]);
  if (!p) return;
  const r = cls.startsWith("target") ? 9 : cls === "last" ? 14 : 16;
  add(parent, "circle", {class: `mark ${cls}`, cx: p.getAttribute("cx"), cy: p.getAttribute("cy"), r});
}

function markHint(text) {
  // light up the points the hinted decision names (by its text: the server chose it)
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const layer = svg.querySelector("g.marks");
  for (const m of text.matchAll(/\((-?\d+),\s*(-?\d+)\)/g)) ring(layer, svg, [+m[1], +m[2]], "hint");
}

function onBoardClick(ev) {
  const hit = ev.target.closest("[data-x]");
  if (!hit) return;
  clickPoint([+hit.dataset.x, +hit.dataset.y]);
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function clickPoint(pt) {
  if (!view || busy) return;
  if (view.mode !== "play") {
    say(view.mode === "computer" ? "The computer is thinking." :
        view.mode === "over" ? "The game is over." :
        view.mode === "review" ? "The computer's decision: step forward, or go to the end to play on." : "Not your decision now.", "bad");
    return;
  }
  const groups = view.choices;
  if (choosing) { choosing = null; pending = null; }
  if (pending) {  // a third point (a push, a removal...)
    const mv = pending.target.moves.find((m) => same(m.then, pt));
    if (mv) return play(mv.text);
    const was = pending;
    pending = null; render();
    say(`(${pt}) is not one of the lit points that complete this move: ` +
        `${was.target.moves.map((m) => m.text).join(", ")}. Click the tile again to start over.`, "bad");
    return;
  }
  const current = chosenGroup();
  const free = groups.find((g) => g.key === null);
  for (const g of [current, selected === null ? free : null]) {
    const t = g && g.targets.find((t) => same(t.point, pt));
    if (t) return chooseTarget(g, t);
  }
  const src = groups.find((g) => same(g.point, pt));
  if (src) {
    if (selected === src.key) { clearSelection(); render(); say(""); return; }
    select(src.key);
    return;
  }
  refuse(pt);
}

// a click that starts or ends no decision: the server says why, in the words a typed move gets
async function refuse(pt) {
  const source = selected;
  say("No legal move there...", "bad");
  try {
    const data = await api(`/api/tables/${view.id}/explain`, {point: pt, source});
    say(data.said && data.said.refused ? data.said.refused : "No legal move there.", "bad");
  } catch (e) {
    say(e.message, "bad");
  }
}

function select(key) {
  selected = key; pending = null;
  render();
  const g = view.choices.find((g) => g.key === key);
  const what = g.tile ? tileName(g.tile) : "this tile";
  say(g.targets.length ? `Where does ${what} go? Click a lit point.` : "");
}

function chooseTarget(group, target) {
  if (target.moves.length === 1) return play(target.moves[0].text);
  if (target.moves.every((m) => m.then)) {
    pending = {group, target};
    render();
    say("Now click the lit point that completes the move.");
    return;
  }
  // several decisions end here with no third point to tell them apart: ask with buttons
  pending = {group, target};
  choosing = target.moves.map((m) => ({text: m.text, action: m.action}));
  render();
  $("prompt").textContent = `${target.moves.length} ways end on (${target.point}). ` +
    "Point at a button to see it on the board; click it to play.";
  say("");
}

// -- the turn panel ---------------------------------------------------------------------------

function renderTurn() {
  const st = view.status;
  const line = $("turn-line");
  if (st.outcome) {
    line.innerHTML = "";
  } else {
    line.innerHTML = `<span class="dot ${st.to_move}"></span> Turn ${st.turn}: <b>${esc(sideName(st.to_move))}</b>` +
      ` <span class="phase">${esc(st.phase)}</span>` + (st.pending ? ` <span class="pending">so far ${esc(st.pending)}</span>` : "");
  }
  const banner = $("banner");
  if (st.outcome) {
    const o = st.outcome;
    banner.hidden = false;
    banner.className = "banner over " + (o.winner || "draw");
    banner.textContent = o.winner ? `${playerName(o.winner)} wins: ${o.reason}` : `Draw: ${o.reason}`;
  } else {
    banner.hidden = true;
  }
  const prompt = $("prompt");
  const groups = view.choices;
  if (view.mode === "computer") prompt.innerHTML = `<span class="spinner"></span> ${esc(sideName(st.to_move))} is thinking...`;
  else if (view.mode === "over") prompt.textContent = view.ahead ? "Step forward or play on from here." : "";
  else if (view.mode === "handover") prompt.textContent = "Waiting for the hand-over.";
  else if (view.mode === "review") prompt.textContent = "Reviewing: step with the arrows; the computer plays on from the last decision.";
  else if (view.mode === "wait") prompt.textContent = `Waiting for ${playerName(st.to_move)}'s decision.`;
  else if (view.mode === "watch") prompt.textContent = "You are watching this game.";
  else if (view.mode === "stuck") prompt.textContent = "No legal decision: the variant ends nothing here.";
  else {
    const free = groups.find((g) => g.key === null);
    const parts = [];
    if (groups.some((g) => g.key !== null)) parts.push("click a glowing tile");
    if (free && free.targets.length) parts.push("a lit point");
    if (free && free.buttons.length) parts.push("a choice below");
    prompt.textContent = `Your decision: ${parts.join(", or ")}.`;
  }
  if (view.mode === "review" && view.seat) {
    prompt.textContent = `Reviewing at a shared screen: both hands stay hidden. ${playerName(view.seat)} ` +
      "may take the screen to play on from here.";
  }
  const seat = $("btn-seat");
  seat.hidden = !(view.mode === "review" && view.seat);
  seat.textContent = view.seat ? `I am ${playerName(view.seat)}: show my tiles` : "";
  if (choosing) { renderChoices(choosing, "Which one?"); return; }
  const current = chosenGroup();
  const free = groups.find((g) => g.key === null);
  const buttons = [...(current ? current.buttons : []), ...(free && !current ? free.buttons : [])];
  const actions = [...new Set(buttons.map((b) => b.action))].join(" or ");
  renderChoices(buttons, current && current.buttons.length ? `This tile can ${actions}:` : `Choose (${actions}):`);
}

// the pending decision in words (the variant's own), and the harmonies that earned a bonus
function renderHelp() {
  const box = $("help");
  const help = view.help || {text: "", harmonies: []};
  const parts = [];
  if (help.text) parts.push(`<div>${esc(help.text)}</div>`);
  if (help.harmonies.length) {
    parts.push(`<div class="formed">New harmon${help.harmonies.length > 1 ? "ies" : "y"} this turn: ` +
      help.harmonies.map((h) => `<b>${esc(h.text)}</b>`).join("; ") + "</div>");
  }
  box.innerHTML = parts.join("");
  box.hidden = !parts.length;
}

// light the points a choice names (a ring's centre, where a tile goes...) before it is played
function preview(text) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const el of svg.querySelectorAll(".mark.preview")) el.remove();
  if (!text) return;
  const layer = svg.querySelector("g.marks");
  const move = pending ? pending.target.moves.find((m) => m.text === text) : null;
  if (move && move.effects && move.effects.length) {  // the server played it on a copy
    for (const e of move.effects) {
      if (e.to) { line(layer, svg, e.from, e.to, "preview"); ring(layer, svg, e.to, "preview"); }
      else ring(layer, svg, e.from, "preview gone");
    }
    return;
  }
  const pts = [...text.matchAll(/\((-?\d+),\s*(-?\d+)\)/g)].map((m) => [+m[1], +m[2]]);
  for (const pt of pts) ring(layer, svg, pt, "preview");
  for (let k = 1; k < pts.length; k++) line(layer, svg, pts[k - 1], pts[k], "preview");
}

function renderChoices(buttons, heading) {
  const box = $("choices");
  box.innerHTML = heading && buttons.length ? `<div class="choices-head">${esc(heading)}</div>` : "";
  for (const b of buttons) {
    const btn = document.createElement("button");
    btn.className = "choice";
    btn.dataset.move = b.text;
    btn.title = b.text;
    const codes = b.text.split(",");
    if (codes.length > 1 && codes.every((c) => legendOf(c))) {
      btn.innerHTML = codes.map((c) => chip(c, view.status.to_move)).join("");
    } else if (legendOf(b.text)) {  // one tile chosen (a discard, say): its picture and name
      btn.innerHTML = `${esc(b.action || "")} ${chip(b.text, view.status.to_move)} ${esc(legendOf(b.text).name)}`;
    } else {
      btn.textContent = b.action && b.action !== b.text ? `${b.action} ${b.text}` : b.text;
    }
    btn.addEventListener("click", () => play(b.text));
    btn.addEventListener("mouseenter", () => preview(b.text));
    btn.addEventListener("focus", () => preview(b.text));
    btn.addEventListener("mouseleave", () => preview(null));
    box.appendChild(btn);
  }
}

// -- the move list ------------------------------------------------------------------------------

async function loadMoves() {
  const id = view.id, ply = view.ply;
  try {
    const data = await api(`/api/tables/${id}/moves`);
    if (!view || view.id !== id || view.ply !== ply) return;  // a newer view is on show
    moveList = data.moves;
    renderMoves();
    renderStatus();
    announceComputer();
  } catch (e) { /* the list is a help: the game goes on without it */ }
}

// the computer's turn in words, with what it took, once (a message already shown stays)
let announced = null;
function announceComputer() {
  const last = moveList.filter((m) => !m.ahead).slice(-1)[0];
  const key = last ? `${view.id}:${last.ply}` : null;
  if (!last || last.ply !== view.ply || key === announced || view.sides[last.player] === "human") return;
  announced = key;
  if ($("message").textContent) return;
  const took = last.captured.length ? ` It took ${last.captured.join(", ")}.` : "";
  say(`${sideName(last.player)}: ${last.words}.${took}`, took ? "bad" : "");
}

function renderMoves() {
  const box = $("moves");
  if (!box) return;
  const current = moveList.filter((m) => !m.ahead).slice(-1)[0];
  box.innerHTML = "";
  for (const m of moveList) {
    const li = document.createElement("li");
    li.className = `move ${m.player}` + (m.ahead ? " ahead" : "") + (m === current ? " current" : "");
    li.dataset.ply = m.ply;
    li.title = "Click to see the board after this turn";
    const marks = (m.captured.length ? ` <span class="badge capture">took ${esc(m.captured.join(", "))}</span>` : "") +
      (m.harmonies ? ` <span class="badge harmony">+${m.harmonies} harmon${m.harmonies > 1 ? "ies" : "y"}</span>` : "");
    li.innerHTML = `<span class="dot ${m.player}"></span><span class="words">${esc(m.words)}</span>${marks}` +
      `<code>${esc(m.text)}</code>`;
    li.addEventListener("click", () => { if (m.ply !== view.ply) act("goto", {ply: m.ply}); });
    box.appendChild(li);
  }
  const cur = box.querySelector(".current");
  if (cur) cur.scrollIntoView({block: "nearest"});
}

// -- piles (reserve, hand, library...) ---------------------------------------------------------

function legendOf(code) { return view.legend.find((k) => k.code === code); }
function tileName(code) { const k = legendOf(code); return k ? `the ${k.name}` : code; }

function chip(code, owner, count = 0) {
  // the tile as the board draws it (the server sends each kind's picture)
  const k = legendOf(code);
  const n = count > 1 ? `<span class="count">&times;${count}</span>` : "";
  const face = k ? k.glyph[owner] : esc(code);
  return `<span class="chip" title="${esc(k ? `${playerName(owner)} ${k.name} (${k.code})` : code)}">${face}</span>${n}`;
}

function renderPiles() {
  const box = $("piles");
  box.innerHTML = "";
  const mover = view.status.to_move;
  // a tile group lights the one pile its decisions take the tile from (the server says which)
  const tileGroups = view.choices.filter((g) => g.tile);
  const playableIn = (pile, code) => tileGroups.find((g) => g.tile === code && g.pile === pile);
  const shownKeys = new Set();
  const order = view.viewer === "host" ? ["host", "guest"] : ["guest", "host"];
  for (const p of order) {
    const piles = (view.piles || {})[p] || [];
    const row = document.createElement("div");
    row.className = "pile-row" + (p === mover ? " to-move" : "");
    row.innerHTML = `<div class="pile-owner"><span class="dot ${p}"></span>${esc(sideName(p))}</div>`;
    for (const pile of piles) {
      const codes = Object.keys(pile.tiles);
      if (!codes.length && !pile.hidden) continue;
      const div = document.createElement("div");
      div.className = "pile";
      div.innerHTML = `<span class="pile-name">${esc(pile.pile)}</span>`;
      for (const code of codes) {
        const g = p === mover && view.mode === "play" ? playableIn(pile.pile, code) : null;
        const el = document.createElement(g ? "button" : "span");
        el.className = "chip-wrap" + (g ? " playable" : "") + (g && selected === g.key ? " selected" : "");
        el.dataset.tile = code;
        el.dataset.pile = pile.pile;
        el.innerHTML = chip(code, p, pile.tiles[code]);
        if (g) { el.addEventListener("click", () => onTileClick(g)); shownKeys.add(g.key); }
        div.appendChild(el);
      }
      if (pile.hidden) div.insertAdjacentHTML("beforeend", `<span class="hidden-tiles">${pile.hidden} hidden</span>`);
      row.appendChild(div);
    }
    box.appendChild(row);
  }
  // tiles to place that no pile shows (a drawn tile, say)
  const loose = tileGroups.filter((g) => !shownKeys.has(g.key));
  if (loose.length) {
    const div = document.createElement("div");
    div.className = "pile loose";
    div.innerHTML = `<span class="pile-name">to place</span>`;
    for (const g of loose) {
      const el = document.createElement("button");
      el.className = "chip-wrap playable" + (selected === g.key ? " selected" : "");
      el.dataset.tile = g.tile;
      el.innerHTML = chip(g.tile, mover);
      el.addEventListener("click", () => onTileClick(g));
      div.appendChild(el);
    }
    box.prepend(div);
  }
}

function onTileClick(g) {
  if (busy || view.mode !== "play") return;
  if (selected === g.key) { clearSelection(); render(); say(""); return; }
  select(g.key);
}

// -- status, legend, controls ------------------------------------------------------------------

function renderStatus() {
  const dl = $("status");
  const rows = [...view.status.lines];
  const last = moveList.filter((m) => !m.ahead).slice(-1)[0];
  if (view.status.last) rows.unshift(["Last turn", last && view.status.last.startsWith(last.text.split(".")[0] + ".") ?
    `${last.words} (${view.status.last})` : view.status.last]);
  dl.innerHTML = rows.map(([a, b]) => `<dt>${esc(a)}</dt><dd>${esc(b)}</dd>`).join("");
  $("repairs").textContent = view.repairs.length ? "When the record was read: " + view.repairs.join("; ") : "";
}

function renderLegend() {
  const box = $("legend");
  if (box.dataset.variant === view.variant.name) return;
  box.dataset.variant = view.variant.name;
  box.innerHTML = view.legend.map((k) =>
    `<div class="legend-row">${chip(k.code, "guest")}${chip(k.code, "host")}` +
    `<div><b>${esc(k.name)}</b> <span class="muted">${esc(k.code)} · ${esc(k.group)}${k.colour ? " · " + esc(k.colour) : ""}</span>` +
    `${k.effect ? `<div class="effect">${esc(k.effect)}</div>` : ""}</div></div>`).join("");
}

function renderControls() {
  $("ply").textContent = `decision ${view.ply}` + (view.ahead ? ` of ${view.ply + view.ahead}` : "");
  $("btn-back").disabled = $("btn-start").disabled = view.ply === 0;
  $("btn-forward").disabled = $("btn-end").disabled = view.ahead === 0;
  $("btn-undo").disabled = view.ply === 0;
  $("btn-hint").disabled = $("btn-resign").disabled = view.mode !== "play";
  $("btn-resign").disabled = !!view.status.outcome;
  $("btn-record").href = view.record_hidden ? "#" : `/api/tables/${view.id}/record`;
  $("btn-record").classList.toggle("disabled", !!view.record_hidden);
  $("btn-record").title = view.record_hidden ? "The record shows the hidden hands: download it when the game is over." : "";
  $("btn-record").textContent = view.from_position ? "Download position" : "Download record";
  $("move-text").disabled = view.mode !== "play";
  for (const p of ["guest", "host"]) fillSides($(`side-${p}`), view.sides[p]);
}

function renderHandover() {
  const cover = $("handover");
  if (view.mode !== "handover") { cover.hidden = true; return; }
  const who = playerName(view.status.to_move);
  cover.hidden = false;
  $("handover-text").textContent = `Pass the screen to ${who}. ${who}'s tiles stay hidden until ${who} is ready.`;
  $("btn-handover").textContent = `I am ${who}: show my tiles`;
  $("btn-cover-back").hidden = view.ply === 0;
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

// -- new game and loading -----------------------------------------------------------------------

function fillSides(select, value) {
  if (!meta) return;
  if (!select.options.length) {
    select.innerHTML = `<option value="human">person at this screen</option>` +
      meta.levels.map((l) => `<option value="${esc(l)}">computer: ${esc(l)}</option>`).join("");
  }
  select.value = value;
}

function renderOptions() {
  const v = meta.variants.find((v) => v.name === $("variant").value);
  const box = $("options");
  box.innerHTML = "";
  for (const o of (v ? v.options : [])) {
    const label = document.createElement("label");
    label.title = o.description || "";
    let input;
    if (o.choices) {
      input = document.createElement("select");
      input.innerHTML = o.choices.map((c) => `<option>${esc(c)}</option>`).join("");
      input.value = o.default;
    } else if (typeof o.default === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = o.default;
      label.className = "check";
    } else {
      input = document.createElement("input");
      input.type = typeof o.default === "number" ? "number" : "text";
      input.value = o.default;
    }
    input.dataset.option = o.name;
    input.dataset.kind = typeof o.default;
    label.append(input, ` ${o.name}`);
    if (o.description) label.insertAdjacentHTML("beforeend", `<small>${esc(o.description)}</small>`);
    box.appendChild(label);
  }
}

function readOptions() {
  const v = meta.variants.find((v) => v.name === $("variant").value);
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const o = v.options.find((o) => o.name === input.dataset.option);
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (input.dataset.kind === "number") value = Number(value);
    if (value !== o.default) out[o.name] = value;
  }
  return out;
}

async function loadMeta() {
  meta = await api("/api/variants");
  $("variant").innerHTML = meta.variants.map((v) =>
    `<option value="${esc(v.name)}">${esc(v.title)}${v.house_rules ? " (house rules)" : ""}</option>`).join("");
  $("variant").value = meta.default || meta.variants[0].name;
  for (const s of document.querySelectorAll(".side-select")) fillSides(s, "human");
  $("host").value = meta.levels.includes("easy") ? "easy" : meta.levels[1] || "human";
  renderOptions();
}

async function startGame(ev) {
  ev.preventDefault();
  const seed = $("seed").value === "" ? null : Number($("seed").value);
  try {
    const data = await api("/api/tables", {variant: $("variant").value, options: readOptions(),
      sides: {guest: $("guest").value, host: $("host").value}, seed,
      ...(typeof netCreateFields === "function" ? netCreateFields() : {})});
    $("dlg-new").close();
    show(data);
    scheduleComputer();
  } catch (e) {
    $("new-error").textContent = e.message;
  }
}

async function loadGame(ev) {
  ev.preventDefault();
  try {
    const data = await api("/api/tables/load", {text: $("load-text").value});
    $("dlg-load").close();
    show(data);
    say("Opened. Step through it with the arrows, or play on from any point.", "good");
  } catch (e) {
    $("load-error").textContent = e.message;
  }
}

function init() {
  loadMeta().then(() => { if (typeof netInit === "function") netInit(); })  // net.js
    .catch((e) => say(e.message, "bad"));
  const openNew = () => { $("new-error").textContent = ""; $("dlg-new").showModal(); };
  $("btn-new").addEventListener("click", openNew);
  $("btn-new-2").addEventListener("click", openNew);
  $("btn-load").addEventListener("click", () => { $("load-error").textContent = ""; $("dlg-load").showModal(); });
  $("variant").addEventListener("change", renderOptions);
  $("btn-start-game").addEventListener("click", startGame);
  $("btn-load-go").addEventListener("click", loadGame);
  $("load-file").addEventListener("change", async () => {
    const f = $("load-file").files[0];
    if (!f) return;
    if (f.size > 512 * 1024) { $("load-error").textContent = "That file is too large for a record (512 KB at most)."; return; }
    $("load-text").value = await f.text();
  });
  $("btn-undo").addEventListener("click", () => act("undo"));
  $("btn-hint").addEventListener("click", () => act("hint"));
  $("btn-resign").addEventListener("click", () => { if (confirm("Resign this game?")) act("resign"); });
  $("btn-back").addEventListener("click", () => act("back"));
  $("btn-forward").addEventListener("click", () => act("forward"));
  $("btn-start").addEventListener("click", () => act("start"));
  $("btn-end").addEventListener("click", () => act("end"));
  $("btn-handover").addEventListener("click", () => act("handover"));
  $("btn-seat").addEventListener("click", () => act("handover"));
  $("btn-cover-back").addEventListener("click", () => act("back"));
  for (const p of ["guest", "host"]) {
    $(`side-${p}`).addEventListener("change", () =>
      act("sides", {sides: {guest: $("side-guest").value, host: $("side-host").value}}));
  }
  $("type-move").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play(text).then((data) => { if (data) $("move-text").value = ""; });
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && (selected !== null || pending)) { clearSelection(); render(); say(""); }
  });
}

document.addEventListener("DOMContentLoaded", init);
