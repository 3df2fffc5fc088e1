// Playing over the network (issue 34): the game's own URL, seat links, and the server's event
// stream that brings the other player's decisions without polling.  app.js calls netInit,
// netShow, netRender and netCreateFields; everything else here is local to this file.
"use strict";

let netStream = null;     // the EventSource of the game shown
let netStreamId = null;
let netOnline = true;     // false while the stream reconnects (a server restart, say)
const netLog = [];        // the views the stream delivered, newest last (kept short)

function netGameId() {
  const m = location.pathname.match(/^\/g\/([A-Za-z0-9_-]{1,40})$/);
  return m ? m[1] : null;
}

// after the variant list has loaded: the seat choice in the new-game dialog, and the game the
// URL names
function netInit() {
  netSeatChoice();
  window.addEventListener("popstate", () => location.reload());  // back to the game before
  const id = netGameId();
  if (!id) return;
  api(`/api/tables/${id}`).then((data) => { show(data); scheduleComputer(); })
    .catch((e) => say(e.message, "bad"));
}

function netSeatChoice() {
  if ($("seat")) return;
  const label = document.createElement("label");
  label.innerHTML = `When both sides are people, you play <select id="seat">` +
    `<option value="both">both, at this screen</option>` +
    `<option value="guest">Guest, and invite a friend by link to play Host</option>` +
    `<option value="host">Host, and invite a friend by link to play Guest</option></select>`;
  $("seed").closest("label").before(label);
}

function netCreateFields() {
  const seat = $("seat");
  return seat ? {seat: seat.value} : {};
}

// every view shown: the URL names the game, an invitation is kept, the stream follows it
function netShow(data) {
  const path = `/g/${data.id}`;
  if (location.pathname !== path) history.pushState(null, "", path);
  if (data.invite && Object.keys(data.invite).length) {
    localStorage.setItem(`paisho-invite-${data.id}`, JSON.stringify(data.invite));
    netRender();
  }
  netSubscribe(data.id);
}

function netSubscribe(id, wait = 1000) {
  if (netStreamId === id && netStream && netStream.readyState !== EventSource.CLOSED) return;
  if (netStream) netStream.close();
  netStreamId = id;
  const stream = netStream = new EventSource(`/api/tables/${id}/events`);
  stream.addEventListener("view", (ev) => {
    const data = JSON.parse(ev.data);
    netLog.push(data);
    if (netLog.length > 400) netLog.shift();
    netOffer(data);
  });
  stream.addEventListener("open", () => { wait = 1000; netConnected(true); });
  stream.addEventListener("error", () => {
    netConnected(false);
    // the browser retries a dropped stream by itself, but gives up for good on an answer that
    // is not a stream (a server still starting, say): then this page asks again, less and less
    // often, for as long as it shows this game
    if (stream.readyState === EventSource.CLOSED) {
      setTimeout(() => {
        if (netStream === stream && netStreamId === id) netSubscribe(id, Math.min(2 * wait, 10000));
      }, wait);
    }
  });
}

// a view from the stream replaces the one shown when it is newer (the page's own answers may
// have overtaken it: versions count the game's stored changes)
function netOffer(data) {
  if (!view || data.id !== view.id) return;
  if (busy) { setTimeout(() => netOffer(data), 150); return; }
  if (data.version > view.version) {
    show(data);
    scheduleComputer();
  }
}

function netConnected(ok) {
  netOnline = ok;
  const note = $("net-offline");
  if (note) note.hidden = ok;
}

function netLink(path) { return location.origin + path; }

// the seat panel: who you are here, the links, and no controls you may not use
function netRender() {
  let box = $("net-seat");
  if (!box) {
    box = document.createElement("div");
    box.id = "net-seat";
    box.className = "card net-seat";
    $("banner").after(box);
  }
  const seats = view.seats || [];
  const rows = [];
  if (!seats.length) rows.push(`<div class="net-who">You are watching this game.</div>`);
  else if (!view.control) rows.push(`<div class="net-who">You play ${esc(playerName(seats[0]))}.</div>`);
  rows.push(`<div id="net-offline" class="message bad" ${netOnline ? "hidden" : ""}>` +
            `Connection lost: reconnecting...</div>`);
  const link = (label, path, cls) =>
    `<div class="net-link ${cls}">${esc(label)} <input readonly value="${esc(netLink(path))}"></div>`;
  rows.push(link("Game link (anyone can watch):", view.links.game, "game"));
  let invite = null;
  try { invite = JSON.parse(localStorage.getItem(`paisho-invite-${view.id}`) || "null"); } catch (e) { invite = null; }
  for (const [p, path] of Object.entries(invite || {})) {
    if (!seats.includes(p)) rows.push(link(`Invite a friend to play ${playerName(p)}: send this link`, path, "invite"));
  }
  for (const [p, path] of Object.entries(view.links.seats || {})) {
    rows.push(link(`Your ${playerName(p)} seat link (to play from another device; keep it secret):`, path, "seat"));
  }
  box.innerHTML = rows.join("");
  for (const input of box.querySelectorAll("input")) input.addEventListener("focus", () => input.select());
  if (!view.control) {
    for (const id of ["btn-undo", "btn-back", "btn-forward", "btn-start", "btn-end", "side-guest", "side-host"]) $(id).disabled = true;
    if (!seats.length) $("btn-hint").disabled = $("btn-resign").disabled = $("move-text").disabled = true;
  }
}
