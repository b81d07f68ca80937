// The room's web page: login, lobby and table, over docs/protocol.md.
// One module, no build step. Strings go through t("...") so that
// `python -m holdem.server.i18n` can extract them into the gettext catalogs
// (keep t() calls out of template literals: the extractor cannot see them).

const $ = (id) => document.getElementById(id);
const state = { lang: "en", messages: {}, me: null, view: null, tableId: null, sockets: {},
  ws: null, snap: null, last: null, lobbyNext: null, timer: null, replay: null, sitting: null, mineKey: null,
  tournamentId: null, tournament: null };

function t(msgid, params) {
  const text = state.messages[msgid] || msgid;
  return text.replace(/\{(\w+)\}/g, (m, key) => (params && key in params ? params[key] : m));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value != null) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child != null) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// A refusal in the player's language: the room sends the English message
// with its rule id (for the history), and for the refusals a player can meet
// a message key and its values (docs/protocol.md, Errors); the page shows the
// key's translation, numbers in the page's format, and never the rule id.
const RULE_IDS = /\s*[[(]\s*R-[A-Z]+(?:-[A-Z0-9]+)*(?:\s*,\s*R-[A-Z]+(?:-[A-Z0-9]+)*)*\s*[\])]|,\s*R-[A-Z]+(?:-[A-Z0-9]+)*(?=\))|\.?\s+Legal: .*$/gs;

function errorText(error) {
  if (!error) return "";
  if (error.key) {
    const params = {};
    for (const [name, value] of Object.entries(error.params || {})) {
      // numbers as the page writes them (the room writes 1000 or 1,000)
      params[name] = /^-?\d{1,3}(,\d{3})+$|^-?\d+$/.test(value) ? chips(value.replaceAll(",", "")) : value;
    }
    return sentence(t(error.key, params));
  }
  return sentence((error.message || "").replace(RULE_IDS, "").trim());
}

function sentence(text) { return text ? text[0].toLocaleUpperCase(state.lang) + text.slice(1) : text; }

function notice(text) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
  if (text) setTimeout(() => { if (box.textContent === text) box.hidden = true; }, 6000);
}

async function api(method, path, body, followed) {
  const response = await fetch(path, { method, credentials: "same-origin",
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  // 421: another process of the room runs that table or tournament and
  // says where (docs/protocol.md, Many processes): ask it, once
  if (response.status === 421 && !followed && data && data.error && typeof data.error.address === "string") {
    return api(method, `${data.error.address.replace(/\/$/, "")}${path}`, body, true);
  }
  if (!response.ok) {
    const error = new Error((data && data.error && errorText(data.error)) || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---- language ----------------------------------------------------------

async function setLanguage(lang, remember) {
  const data = await api("GET", `/i18n/${lang}.json`);
  state.lang = data.lang;
  state.messages = data.messages;
  document.documentElement.lang = data.lang;
  if (remember) {
    document.cookie = `holdem_lang=${data.lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
    localStorage.setItem("holdem_lang", data.lang);
  }
  const select = $("lang");
  select.replaceChildren(...data.languages.map((l) =>
    el("option", { value: l.code, selected: l.code === data.lang }, l.name)));
  translateStatic();
  renderWho();
  renderAll();
}

function translateStatic() {
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.msgid) node.dataset.msgid = node.textContent.trim();
    node.textContent = t(node.dataset.msgid);
  }
  for (const node of document.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
}

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

function card(text) {
  if (!text) return el("span", { class: "pcard back" });
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  return el("span", { class: `pcard ${suit === "h" || suit === "d" ? "red" : ""}`, title: text },
    rank, el("small", {}, SUITS[suit] || ""));
}

function chips(n) { return Number(n).toLocaleString(state.lang); }

// Chips drawn as a stack of discs, largest value at the bottom, in the usual
// casino colours; at most three discs of a value and eight in all, so the
// stack says "a little" or "a lot" at a glance. The number is beside it.
const CHIP_VALUES = [[25000, "c25k"], [5000, "c5k"], [1000, "c1k"], [500, "c500"], [100, "c100"], [25, "c25"], [5, "c5"], [1, "c1"]];

function chipStack(amount) {
  const discs = [];
  let left = Math.max(0, Math.floor(Number(amount) || 0));
  for (const [value, cls] of CHIP_VALUES) {
    let n = Math.min(3, Math.floor(left / value));
    left -= n * value;
    while (n-- > 0 && discs.length < 8) discs.push(el("i", { class: cls }));
  }
  return el("span", { class: "chipstack", "aria-hidden": "true" }, ...discs);
}

// ---- routing -----------------------------------------------------------

function show(view) {
  for (const id of ["view-login", "view-lobby", "view-table", "view-stats", "view-tournament", "view-wallet"]) $(id).hidden = id !== view;
  $("to-login").hidden = Boolean(state.me) || view === "view-login";
  state.view = view;
}

async function route() {
  const hash = location.hash || "#/lobby";
  if (state.ws && !hash.startsWith(`#/table/${state.tableId}`)) { state.ws.close(); state.ws = null; }
  await loadMe();
  if (hash === "#/login") { show("view-login"); return; }
  if (hash === "#/stats") { show("view-stats"); loadStats(); return; }
  const match = hash.match(/^#\/table\/(\d+)/);
  if (match) { openTable(Number(match[1])); return; }
  const tournament = hash.match(/^#\/tournament\/(\d+)/);
  if (tournament) { openTournament(Number(tournament[1])); return; }
  if (hash === "#/wallet") { openWallet(); return; }
  show("view-lobby");
  loadLobby();
}

async function loadMe() {
  try { state.me = await api("GET", "/api/me"); } catch (error) { state.me = null; }
  const who = $("who");
  who.hidden = !state.me;
  $("logout").hidden = !state.me;
  $("to-stats").hidden = !state.me;
  $("to-wallet").hidden = !state.me;
  $("to-login").hidden = Boolean(state.me) || state.view === "view-login";
  renderWho();
}

// The name and balance in the bar, in the page's number format (again after
// a language switch).
function renderWho() {
  if (state.me) $("who").textContent = `${state.me.player.name} \u00b7 ${chips(state.me.player.balance)}`;
}

// ---- login and lobby ---------------------------------------------------

async function submitLogin(event) {
  event.preventDefault();
  const form = event.target;
  const kind = event.submitter && event.submitter.name === "register" ? "register" : "login";
  try {
    await api("POST", `/api/${kind}`, { name: form.name.value.trim(), password: form.password.value });
    notice("");  // an earlier refusal (a weak password, say) no longer applies
    location.hash = "#/lobby";
  } catch (error) { notice(error.message); }
}

const STRUCTURES = { "no-limit": "No limit", "pot-limit": "Pot limit", "fixed-limit": "Fixed limit" };

function structureName(s) {
  return { "no-limit": t("No limit"), "pot-limit": t("Pot limit"), "fixed-limit": t("Fixed limit") }[s] || STRUCTURES[s] || s;
}

function lobbyRow(table) {
  if (table.socket) state.sockets[table.id] = table.socket;
  return el("tr", {},
    el("td", {}, table.name, tableStatus(table.status) ? el("div", { class: "muted status" }, tableStatus(table.status)) : null),
    el("td", {}, `${chips(table.small_blind)}/${chips(table.big_blind)}`),
    el("td", {}, structureName(table.structure)),
    el("td", {}, `${table.seats_taken}/${table.seat_count}`),
    el("td", {}, chips(table.average_pot)),
    el("td", {}, el("a", { href: `#/table/${table.id}`, class: "open" },
      state.me ? t("Sit / watch") : t("Watch"))));
}

// The lobby comes in pages (GET /api/tables?after=ID): the first page, then
// one more page for each press of "More tables".
async function loadLobby(more) {
  const after = more ? state.lobbyNext : null;
  const data = await api("GET", after == null ? "/api/tables" : `/api/tables?after=${after}`);
  const rows = data.tables.map(lobbyRow);
  if (more) $("tables").append(...rows);
  else $("tables").replaceChildren(...rows);
  state.lobbyNext = data.next;
  $("more-tables").hidden = data.next == null;
  $("create").hidden = !state.me;
  loadTournaments();
}

// Why a table waits: only bots have chips, paused after an error, the
// database (snapshot.status and the lobby's; "" while it deals or waits).
function tableStatus(status) {
  if (!status) return "";
  if (status.code === "only-bots") return t("Waiting: only bots have chips");
  if (status.code === "paused") {
    const time = status.until ? new Date(status.until).toLocaleTimeString(state.lang) : "";
    return t("Paused after an error: the hand was void; dealing again at {time}", { time });
  }
  if (status.code === "database") return t("Waiting for the database");
  if (status.code === "moving") return t("Moving to another server: back in a few seconds");
  return "";
}

async function submitCreate(event) {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.name.value.trim(), structure: form.structure.value };
  for (const key of ["small_blind", "big_blind", "seat_count", "bots"]) body[key] = Number(form[key].value);
  try {
    const table = await api("POST", "/api/tables", body);
    if (table.socket) state.sockets[table.id] = table.socket;
    location.hash = `#/table/${table.id}`;
  } catch (error) { notice(error.message); }
}

// ---- the table ---------------------------------------------------------

// A table's socket: the lobby gives each table's address (its owner
// process's, docs/protocol.md "Many processes"); a relative one goes through
// the page's own origin. http(s) becomes ws(s).
function socketUrl(path) {
  const url = new URL(path, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

function openTable(id, socket, attempt, hops) {
  show("view-table");
  if (state.ws && state.tableId === id) return;
  if (state.tableId !== id) { state.snap = null; state.last = null; }
  state.tableId = id;
  const ws = new WebSocket(socketUrl(socket || state.sockets[id] || `/ws/tables/${id}`));
  state.ws = ws;
  let owner = null;  // where another process says the table lives (4421)
  let retryAfter = null;  // seconds, when the table is moving (1013)
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    // the owner took us in: the back-off starts again from its first step
    // (not at open: a socket refused at once, 4421 or 1013, is opened too)
    if (message.type === "welcome") attempt = 0;
    if (message.type === "table") {
      state.snap = message.snapshot;
      const you = state.snap.you;
      if (you && state.me && you.balance !== state.me.player.balance) {
        state.me.player.balance = you.balance;
        $("who").textContent = `${state.me.player.name} \u00b7 ${chips(you.balance)}`;
      }
      renderTable();
      clockChatSnapshot(state.snap);
    }
    else if (message.type === "chat" || message.type === "chat-history") chatMessage(message);
    else if (message.type === "hand-complete") { state.last = message.hand; describeLast(); loadHands(); }
    else if (message.type === "moved") {
      // the tournament moved us (balancing, or our table broke): follow
      notice(t("You were moved to another table of the tournament."));
      location.hash = `#/table/${message.table_id}`;
    }
    else if (message.type === "tournament-finish") {
      notice(t("You finished in place {place}; prize {prize}.", { place: message.place, prize: chips(message.prize) }));
    }
    else if (message.type === "busted") notice(t("You have no chips left: add chips from your wallet, or leave the table."));
    else if (message.type === "error" && message.error.socket) owner = message.error.socket;
    else if (message.type === "error") {
      // a table moving between processes: when to ask again, if it closes
      if (message.error.retry_after) retryAfter = message.error.retry_after;
      notice(errorText(message.error));
    }
  };
  ws.onclose = (event) => {
    if (state.ws !== ws) return;
    state.ws = null;
    if (event.code === 4404) return;  // its error message said why
    // 4421: another process deals the table and said where: go there now
    // (twice at most in a row, should two processes disagree for a moment).
    if (event.code === 4421 && owner && (hops || 0) < 2) {
      state.sockets[id] = owner;
      openTable(id, owner, attempt, (hops || 0) + 1);
      return;
    }
    // Any other close (a process stopped or died; the table is moving after
    // a failover): forget the address and ask the room again, when the room
    // said the table deals again (1013's retry_after), else at growing
    // intervals (0.5, 1, 2, then every 4 s). The seat, stack and time bank
    // are the room's, so nothing is lost meanwhile.
    delete state.sockets[id];
    const tries = (attempt || 0) + 1;
    const wait = retryAfter ? Math.min(10000, retryAfter * 1000) : Math.min(4000, 500 * 2 ** Math.min(tries - 1, 3));
    setTimeout(() => state.view === "view-table" && state.tableId === id && !state.ws && openTable(id, null, tries, 0), wait);
  };
  loadHands();
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}

function act(action, amount) { send(amount == null ? { type: "act", action } : { type: "act", action, amount }); }

function seatPosition(index, count, mySeat, narrow) {
  // Seats sit around the oval; the viewer's own seat is at the bottom centre.
  // On a phone the seats move inwards so that none sticks out of the screen.
  const offset = mySeat ? mySeat - 1 : 0;
  const angle = Math.PI / 2 + (2 * Math.PI * (index - offset)) / count;
  const rx = narrow ? 37 : 50;
  return { left: 50 + rx * Math.cos(angle), top: 50 + 50 * Math.sin(angle) };
}

function seatStatus(s, snap) {
  if (s.sitting_out) return t("Sitting out");
  if (s.waiting) return t("Waiting for the big blind");
  if (s.folded) return t("Folded");
  if (s.all_in) return t("All-in");
  if (!s.connected) return t("Disconnected");
  const hand = snap.hand;
  if (hand) {
    const mine = hand.actions.filter((a) => a.seat === s.seat && a.action !== "board");
    if (mine.length) return actionText(mine[mine.length - 1], false);
  }
  return "";
}

function renderTable() {
  const snap = state.snap;
  if (!snap || state.view !== "view-table") return;
  const info = snap.table;
  $("table-name").textContent = info.name;
  const stakes = info.tournament || info;  // a tournament's blinds: its level's
  $("table-stakes").textContent = `${structureName(info.structure)} \u00b7 ${chips(stakes.small_blind)}/${chips(stakes.big_blind)}`
    + (stakes.ante ? " \u00b7 " + t("Ante") + " " + chips(stakes.ante) : "")
    + (info.rake_percent ? " \u00b7 " + rakeText(info) : "");
  renderTournamentClock(info.tournament);
  const status = tableStatus(snap.status);
  $("table-status").textContent = status;
  $("table-status").hidden = !status;
  const you = snap.you;
  const mySeat = you && you.seat;
  const felt = $("felt");
  felt.querySelectorAll(".seat").forEach((node) => node.remove());
  const hand = snap.hand;
  snap.seats.forEach((s, index) => {
    const number = index + 1;
    const pos = seatPosition(index, info.seat_count, mySeat, felt.clientWidth < 520);
    const node = el("div", { class: "seat", style: `left:${pos.left}%;top:${pos.top}%`, "data-seat": number });
    if (!s) {
      if (you && !mySeat) node.append(el("button", { class: "plate empty", onclick: () => sitAt(number) }, t("Sit here")));
      else node.append(el("div", { class: "plate empty muted" }, t("Empty seat")));
      felt.append(node);
      return;
    }
    if (hand && hand.to_act === number) node.classList.add("to-act");
    if (number === mySeat) node.classList.add("me");
    if (s.folded) node.classList.add("folded");
    if (s.sitting_out) node.classList.add("out");
    const markers = el("div", { class: "marker" });  // beside the cards: the name stays readable
    if (snap.button === number) markers.append(el("span", { class: "d", title: t("Dealer button") }, "D"));
    if (snap.small_blind_seat === number) markers.append(el("span", { class: "sb" }, t("SB")));
    if (snap.big_blind_seat === number) markers.append(el("span", { class: "bb" }, t("BB")));
    if (s.missed_big_blind) markers.append(el("span", { class: "ml", title: t("Missed big blind") }, "ML"));
    const cards = el("div", { class: "cards" });
    const shown = !hand && snap.last_hand ? snap.last_hand.shown.find((x) => x.seat === number) : null;
    if (s.cards) cards.append(...s.cards.map(card));
    else if (shown) cards.append(...shown.cards.map(card));
    else if (s.has_cards) cards.append(card(null), card(null));
    const plate = el("div", { class: "plate" },
      el("div", { class: "name" }, s.player, s.bot ? el("span", { class: "tag" }, t("bot")) : null),
      el("div", { class: "stack" }, chips(s.stack)),
      el("div", { class: "status" }, seatStatus(s, snap)));
    if (hand && hand.to_act === number && hand.deadline) plate.append(el("div", { class: "timer", "data-deadline": hand.deadline }, el("i")));
    node.append(markers, cards, plate);
    if (s.bet) {
      const toward = { left: 50 + (pos.left - 50) * 0.55, top: 50 + (pos.top - 50) * 0.5 };
      felt.append(el("div", { class: "seat", style: `left:${toward.left}%;top:${toward.top}%;width:auto` },
        el("span", { class: "bet", "data-seat": number }, chipStack(s.bet), chips(s.bet))));
    }
    felt.append(node);
  });
  // The pot's total from the blinds on (the chips in the middle and the bets
  // of this round), then each pot drawn as chips, named once there are two.
  const pots = hand ? hand.pots.filter((p) => p.amount > 0) : [];
  const potNodes = hand ? [el("div", { class: "pot-total", id: "pot-total" }, t("Pot: {amount}", { amount: chips(potTotal(snap)) }))] : [];
  potNodes.push(...pots.map((p, i) => el("span", { class: "pot" }, chipStack(p.amount),
    pots.length === 1 ? chips(p.amount) : (i === 0 ? t("Main pot") : t("Side pot {number}", { number: i })) + ": " + chips(p.amount))));
  $("pots").replaceChildren(...potNodes);
  const board = hand ? hand.board : snap.last_hand ? snap.last_hand.board : [];
  $("board").replaceChildren(...board.map(card));
  renderResult();
  describeMine();
  renderLog();
  renderDecision();
  renderSeatTools();
  tick();
}

// The house's take as the room publishes it: a percent of each pot that sees
// a flop, at most a cap, or a cap by the number of players dealt in.
function rakeText(info) {
  const tiers = info.rake_caps || [];
  if (tiers.length) {
    const caps = tiers.map(([players, cap], i) => {
      const next = tiers[i + 1];
      const range = !next ? `${players}+` : next[0] - 1 === players ? String(players) : `${players}\u2013${next[0] - 1}`;
      return t("{players} players: {cap}", { players: range, cap: chips(cap) });
    });
    return t("Rake {percent}%, at most {caps}", { percent: info.rake_percent, caps: caps.join(", ") });
  }
  if (info.rake_cap) return t("Rake {percent}%, at most {caps}", { percent: info.rake_percent, caps: chips(info.rake_cap) });
  return t("Rake {percent}%", { percent: info.rake_percent });
}

function renderResult() {
  const snap = state.snap;
  const last = state.last || (snap && snap.last_hand);
  const node = $("result");
  if (!snap || snap.hand || !last) { node.textContent = ""; return; }
  const names = Object.fromEntries(snap.seats.filter(Boolean).map((s) => [s.seat, s.player]));
  node.replaceChildren(...last.winners.map((w) => {
    const shown = (last.descriptions || {})[w.seat];
    const who = names[w.seat] || t("Seat {seat}", { seat: w.seat });
    return el("div", {}, shown ? t("{player} wins {amount} with {hand}", { player: who, amount: chips(w.amount), hand: shown })
      : t("{player} wins {amount}", { player: who, amount: chips(w.amount) }));
  }));
}

async function describeLast() {
  const last = state.last;
  if (!last || !last.shown.length) { renderResult(); return; }
  try {
    const data = await api("POST", "/i18n/describe", { lang: state.lang,
      hands: last.shown.map((s) => ({ cards: s.cards, board: last.board })) });
    last.descriptions = Object.fromEntries(last.shown.map((s, i) => [s.seat, data.descriptions[i]]));
  } catch (error) { last.descriptions = {}; }
  renderResult();
}

async function describeMine() {
  // "Your hand: ..." once five cards are known (hole cards and board).
  const snap = state.snap;
  const node = $("mine");
  const mine = snap.hand && snap.you && snap.you.seat ? snap.seats[snap.you.seat - 1] : null;
  const board = snap.hand ? snap.hand.board : [];
  if (!mine || !mine.cards || board.length < 3) { node.textContent = ""; state.mineKey = null; return; }
  const key = `${state.lang} ${mine.cards.join("")} ${board.join("")}`;
  if (key === state.mineKey) return;
  state.mineKey = key;
  try {
    const data = await api("POST", "/i18n/describe", { lang: state.lang, hands: [{ cards: mine.cards, board }] });
    if (state.mineKey === key) node.textContent = t("Your hand: {hand}", { hand: data.descriptions[0] });
  } catch (error) { node.textContent = ""; }
}

function actionText(a, withName, names) {
  const who = withName ? `${(names && names[a.seat]) || t("Seat {seat}", { seat: a.seat })}: ` : "";
  const amount = a.amount != null ? chips(a.amount) : "";
  switch (a.action) {
    case "post": return who + t("posts {amount}", { amount });
    case "ante": return who + t("antes {amount}", { amount });
    case "post-dead": return who + t("posts {amount} dead", { amount });
    case "fold": return who + t("folds");
    case "check": return who + t("checks");
    case "call": return who + t("calls");
    case "bet": return who + t("bets {amount}", { amount });
    case "raise": return who + t("raises to {amount}", { amount });
    case "show": return who + t("shows {cards}", { cards: (a.cards || []).join(" ") });
    case "muck": return who + t("mucks");
    case "return": return who + t("takes back {amount} uncalled", { amount });
    case "board": return t("Board: {cards}", { cards: (a.cards || []).join(" ") });
    case "win": return who + t("wins {amount}", { amount });
    case "misdeal": return t("Misdeal");
    default: return who + a.action;
  }
}

function renderLog() {
  const snap = state.snap;
  if (!snap) return;
  const names = Object.fromEntries(snap.seats.filter(Boolean).map((s) => [s.seat, s.player]));
  const actions = snap.hand ? snap.hand.actions : [];
  $("log").replaceChildren(...actions.map((a) => el("li", {}, actionText(a, true, names))));
}

function potTotal(snap) {
  const pots = snap.hand ? snap.hand.pots.reduce((n, p) => n + p.amount, 0) : 0;
  return pots + snap.seats.reduce((n, s) => n + (s ? s.bet : 0), 0);
}

function renderDecision() {
  const box = $("decision");
  const snap = state.snap;
  const d = snap && snap.decision;
  box.replaceChildren();
  if (!d) return;
  const button = (label, action, cls, amount) => el("button", { class: cls || "", "data-action": action,
    onclick: () => act(action, amount) }, label);
  if (d.kind === "post-or-wait") {
    box.append(button(t("Post {amount} now", { amount: chips(d.live) }), "post"), button(t("Wait for the big blind"), "wait", "secondary"));
  } else if (d.kind === "post-all-or-wait") {
    box.append(button(t("Post all ({live} live + {dead} dead)", { live: chips(d.live), dead: chips(d.dead) }), "post"),
      button(t("Wait for the big blind"), "wait", "secondary"));
  } else if (d.kind === "straddle") {
    box.append(button(t("Straddle {amount}", { amount: chips(d.live) }), "straddle"), button(t("No straddle"), "no-straddle", "secondary"));
  } else if (d.kind === "runs") {  // R-RIT-1: the board run as many times as all agree
    const runs = [t("Run it once"), t("Run it twice"), t("Run it three times")];
    for (let n = 1; n <= d.runs; n++) box.append(button(runs[n - 1], "runs", n > 1 ? "" : "secondary", n));
  } else if (d.kind === "showdown") {
    box.append(button(t("Show"), "show"));
    if (d.can_muck) box.append(button(t("Muck"), "muck", "secondary"));  // R-SHOW-2
  } else if (d.kind === "bet" && d.legal) {
    const legal = d.legal;
    if (legal.can_fold) box.append(button(t("Fold"), "fold", "danger"));
    if (legal.can_check) box.append(button(t("Check"), "check", "secondary"));
    else if (legal.call_amount) box.append(button(t("Call {amount}", { amount: chips(legal.call_amount) }), "call", "secondary"));
    if (legal.min_raise_to != null) box.append(sizeControls(legal, snap));
  }
  box.append(el("span", { class: "countdown", id: "countdown" }));
}

function sizeControls(legal, snap) {
  const min = legal.min_raise_to;
  const max = legal.max_raise_to;
  const verb = legal.is_bet ? "bet" : "raise";
  const label = (v) => (legal.is_bet ? t("Bet {amount}", { amount: chips(v) }) : t("Raise to {amount}", { amount: chips(v) }));
  const go = el("button", { "data-action": verb }, label(min));
  if (min === max) { go.onclick = () => act(verb, min); return go; }
  const slider = el("input", { type: "range", min, max, step: 1, value: min, "aria-label": t("Bet size") });
  const number = el("input", { type: "number", min, max, step: 1, value: min, "aria-label": t("Bet size") });
  const set = (v) => {
    const value = Math.min(max, Math.max(min, Math.round(Number(v) || min)));
    slider.value = value; number.value = value; go.textContent = label(value);
  };
  slider.oninput = () => set(slider.value);
  number.onchange = () => set(number.value);
  go.onclick = () => { set(number.value); act(verb, Number(number.value)); };
  const mine = snap.seats.find((s) => s && snap.you && s.seat === snap.you.seat);
  const pot = potTotal(snap) + (legal.call_amount || 0);
  const current = mine ? mine.bet : 0;
  const presets = el("span", { class: "presets" },
    el("button", { class: "secondary", onclick: () => set(current + legal.call_amount + Math.floor(pot / 2)) }, t("\u00bd pot")),
    el("button", { class: "secondary", onclick: () => set(current + legal.call_amount + pot) }, t("Pot")),
    el("button", { class: "secondary", onclick: () => set(max) }, t("All-in")));
  return el("span", { class: "sizes" }, slider, number, presets, go);
}

function renderSeatTools() {
  const box = $("seat-tools");
  const snap = state.snap;
  const you = snap.you;
  box.replaceChildren();
  if (!you) { box.append(el("a", { href: "#/login" }, t("Log in to take a seat"))); return; }
  if (!you.seat && state.sitting) { box.append(buyInForm(snap.table)); return; }
  if (!you.seat && snap.table.tournament) { box.append(el("span", { class: "muted" }, t("You are watching this tournament table."))); return; }
  if (!you.seat) { box.append(el("span", { class: "muted" }, t("You are watching. Choose an empty seat to sit down."))); return; }
  if (snap.table.tournament) { box.append(tournamentSeatTools(snap)); return; }
  const mine = snap.seats[you.seat - 1];
  if (you.busted) { box.append(bustedTools(you.busted)); return; }
  const toggle = (key, label) => el("label", { class: "toggle" },
    el("input", { type: "checkbox", name: key, checked: you.options[key], onchange: (e) => send({ type: "options", [key]: e.target.checked }) }), label);
  box.append(toggle("auto_post", t("Auto-post blinds")), toggle("check_fold", t("Check/fold in turn")),
    toggle("wait_for_big_blind", t("Wait for the big blind")));
  if (mine && mine.sitting_out) box.append(el("button", { class: "secondary", onclick: () => send({ type: "come-back" }) }, t("Come back")));
  else box.append(el("button", { class: "secondary", onclick: () => send({ type: "sit-out" }) }, t("Sit out")));
  if (mine && !snap.hand && mine.stack < snap.table.max_buy_in) {
    box.append(el("button", { class: "secondary", onclick: () => send({ type: "add-chips", chips: snap.table.max_buy_in - mine.stack }) },
      t("Add chips")));
  }
  box.append(el("button", { class: "danger", id: "leave", onclick: () => send({ type: "leave" }) },
    you.leaving ? t("Leaving after this hand") : t("Leave")));
  if (snap.shuffle_commitment) box.append(fairnessTools(snap.shuffle_commitment));
}

// A person whose stack is 0: add chips from the wallet (the allowed range)
// or leave (R-TABLE-7).
function bustedTools(busted) {
  const box = el("div", { class: "busted" });
  const add = busted.add_chips;
  if (!add) {
    box.append(el("p", {}, t("You have no chips left, and your wallet ({balance}) holds less than the minimum buy-in: leave the table.",
      { balance: chips(busted.balance) })));
  } else {
    box.append(el("p", {}, t("You have no chips left. Add {min} to {max} chips from your wallet ({balance}), or leave the table.",
      { min: chips(add.min), max: chips(add.max), balance: chips(busted.balance) })));
    const number = el("input", { type: "number", min: add.min, max: add.max, step: 1, value: add.max, "aria-label": t("Chips") });
    box.append(number, el("button", { onclick: () => send({ type: "add-chips",
      chips: Math.min(add.max, Math.max(add.min, Math.round(Number(number.value) || add.min))) }) }, t("Add chips")));
  }
  box.append(el("button", { class: "danger", id: "leave", onclick: () => send({ type: "leave" }) }, t("Leave")));
  return box;
}

function sitAt(seat) {
  state.sitting = seat;
  renderSeatTools();
  const input = $("buy-in");
  if (input) input.focus();
}

function buyInForm(info) {
  const seat = state.sitting;
  const input = el("input", { id: "buy-in", type: "number", min: info.min_buy_in, max: info.max_buy_in,
    step: 1, value: Math.min(info.max_buy_in, state.me ? state.me.player.balance : info.max_buy_in) });
  const submit = (event) => {
    event.preventDefault();
    state.sitting = null;
    send({ type: "sit", seat, buy_in: Number(input.value) });
  };
  return el("form", { class: "row", id: "sit-form", onsubmit: submit },
    el("label", { class: "toggle" }, t("Buy-in ({min} to {max} chips)", { min: chips(info.min_buy_in), max: chips(info.max_buy_in) }), input),
    el("button", { type: "submit" }, t("Take seat {seat}", { seat })),
    el("button", { type: "button", class: "link", onclick: () => { state.sitting = null; renderSeatTools(); } }, t("Cancel")));
}

function tick() {
  const snap = state.snap;
  const now = Date.now();
  for (const bar of document.querySelectorAll(".timer[data-deadline]")) {
    const left = (Date.parse(bar.dataset.deadline) - now) / 1000;
    const total = snap ? snap.table.action_seconds : 20;
    bar.classList.toggle("bank", left < 0);
    bar.firstChild.style.width = `${Math.max(0, Math.min(100, (100 * left) / total))}%`;
  }
  const count = $("countdown");
  const d = snap && snap.decision;
  if (count && d && d.deadline) {
    const left = (Date.parse(d.deadline) - now) / 1000;
    count.textContent = left >= 0 ? t("{seconds} s", { seconds: Math.ceil(left) })
      : t("Time bank: {seconds} s", { seconds: Math.max(0, Math.ceil(d.time_bank + left)) });
  }
  for (const node of document.querySelectorAll("[data-level-ends]")) {
    node.textContent = clockText(node.dataset.levelEnds);
  }
}

// ---- tournaments -------------------------------------------------------

function statusName(status) {
  return { registering: t("Registering"), running: t("Running"), complete: t("Finished"),
    cancelled: t("Cancelled") }[status] || status;
}

function clockText(ends) {
  const left = Math.max(0, Math.round((Date.parse(ends) - Date.now()) / 1000));
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, "0");
  return t("next level in {time}", { time: `${minutes}:${seconds}` });
}

async function loadTournaments() {
  const data = await api("GET", "/api/tournaments");
  $("tournaments").replaceChildren(...data.tournaments.map((x) => el("tr", {},
    el("td", {}, x.name),
    el("td", {}, `${chips(x.buy_in)} + ${chips(x.fee)}`),
    el("td", {}, `${x.entries}/${x.max_entries}`),
    el("td", {}, chips(x.prize_pool)),
    el("td", {}, statusName(x.status)),
    el("td", {}, el("a", { href: `#/tournament/${x.id}`, class: "open" }, t("Open"))))));
  $("create-tournament").hidden = !state.me;
}

async function submitCreateTournament(event) {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.name.value.trim(), kind: "sng", speed: form.speed.value };
  for (const key of ["seats", "buy_in", "fee", "bots"]) body[key] = Number(form[key].value);
  try {
    const created = await api("POST", "/api/tournaments", body);
    location.hash = `#/tournament/${created.id}`;
  } catch (error) { notice(error.message); }
}

function openTournament(id) {
  show("view-tournament");
  if (state.tournamentId !== id) { state.tournamentId = id; state.tournament = null; }
  loadTournament();
}

async function loadTournament() {
  try { state.tournament = await api("GET", `/api/tournaments/${state.tournamentId}`); }
  catch (error) { notice(error.message); return; }
  renderTournament();
  const you = state.tournament.you;
  // the page follows the player to their table once the tournament seats them
  if (you && you.table_id && you.place == null && state.tournament.status === "running") {
    location.hash = `#/table/${you.table_id}`;
  }
}

function renderTournament() {
  const x = state.tournament;
  if (!x || state.view !== "view-tournament") return;
  $("tournament-name").textContent = x.name;
  const facts = [
    [t("Status"), statusName(x.status)],
    [t("Buy-in"), `${chips(x.buy_in)} + ${chips(x.fee)}`],
    [t("Entries"), `${x.entries}/${x.max_entries}`],
    [t("Prize pool"), chips(x.prize_pool)],
    [t("Level"), `${x.level} · ${chips(x.small_blind)}/${chips(x.big_blind)}` + (x.ante ? ` · ${t("Ante")} ${chips(x.ante)}` : "")],
    [t("Players left"), String(x.players_left)],
  ];
  if (x.next_level_at) facts.push([t("Next level"), el("span", { "data-level-ends": x.next_level_at }, clockText(x.next_level_at))]);
  if (x.average_stack != null) facts.push([t("Average stack"), chips(x.average_stack)], [t("Largest stack"), chips(x.largest_stack)]);
  const box = $("tournament");
  box.replaceChildren(
    el("dl", { class: "facts" }, ...facts.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    el("h2", {}, t("Prizes")),
    el("table", { class: "lobby prizes" }, el("tbody", {}, ...x.prizes.map((p) =>
      el("tr", {}, el("td", {}, t("Place {place}", { place: p.place })), el("td", {}, chips(p.prize)))))),
    el("h2", {}, t("Players")),
    el("p", {}, x.players.join(", ") || t("Nobody has registered yet.")));
  if (x.results.length) {
    box.append(el("h2", {}, t("Results")), el("ol", { class: "results" }, ...x.results.map((r) =>
      el("li", {}, (r.place === r.last_place ? t("Place {place}", { place: r.place })
        : t("Places {first} to {last}", { first: r.place, last: r.last_place })) + ": " + r.players.join(", ")))));
  }
  const you = x.you;
  const row = el("div", { class: "row" });
  if (you && you.place != null) {
    row.append(el("p", { class: "finish" }, t("You finished in place {place}; prize {prize}.", { place: you.place, prize: chips(you.prize) })));
  }
  if (you && x.status === "registering") {
    if (you.registered) row.append(el("button", { class: "danger", id: "unregister", onclick: () => tournamentCommand("unregister") }, t("Unregister")));
    else row.append(el("button", { id: "register", onclick: () => tournamentCommand("register") }, t("Register for this tournament")));
  }
  if (you && you.table_id) row.append(el("a", { href: `#/table/${you.table_id}` }, t("Go to my table")));
  if (!you) row.append(el("a", { href: "#/login" }, t("Log in to register")));
  box.append(row);
}

async function tournamentCommand(kind) {
  try {
    state.tournament = await api("POST", `/api/tournaments/${state.tournamentId}/${kind}`);
    await loadMe();
    renderTournament();
    const you = state.tournament.you;
    if (you && you.table_id) location.hash = `#/table/${you.table_id}`;
  } catch (error) { notice(error.message); }
}

function renderTournamentClock(info) {
  const link = $("table-tournament");
  link.hidden = !info;
  if (!info) return;
  link.href = `#/tournament/${info.id}`;
  link.replaceChildren(
    t("Level {level}: {small}/{big}", { level: info.level, small: chips(info.small_blind), big: chips(info.big_blind) }),
    " · ", info.next_level_at ? el("span", { "data-level-ends": info.next_level_at }, clockText(info.next_level_at)) : "",
    " · ", t("{count} players left", { count: info.players_left }));
}

function tournamentSeatTools(snap) {
  const box = el("span", { class: "row" });
  const mine = snap.seats[snap.you.seat - 1];
  box.append(el("a", { href: `#/tournament/${snap.table.tournament.id}` }, t("Tournament lobby")));
  if (mine && mine.sitting_out) box.append(el("button", { class: "secondary", onclick: () => send({ type: "come-back" }) }, t("Come back")));
  else box.append(el("button", { class: "secondary", onclick: () => send({ type: "sit-out" }) }, t("Sit out")));
  return box;
}

function reasonName(reason) {
  return { grant: t("Chips granted"), "buy-in": t("Buy-in"), "cash-out": t("Cash-out"), "add-chips": t("Chips added"),
    "tournament-entry": t("Tournament buy-in"), "tournament-fee": t("Tournament fee"), "entry-refund": t("Buy-in refunded"),
    "fee-refund": t("Fee refunded"), "tournament-prize": t("Tournament prize") }[reason] || reason;
}

async function openWallet() {
  show("view-wallet");
  try {
    const data = await api("GET", "/api/me/ledger?limit=100");
    $("ledger").replaceChildren(...data.entries.map((e) => el("tr", { class: "ledger-row", "data-reason": e.reason },
      el("td", {}, new Date(e.at).toLocaleString(state.lang)),
      el("td", {}, reasonName(e.reason),
        e.tournament_id ? " · " + t("tournament #{id}", { id: e.tournament_id }) : "",
        e.place != null ? " · " + t("place {place}", { place: e.place }) : ""),
      el("td", { class: "delta" }, chips(e.delta)),
      el("td", {}, chips(e.balance)))));
  } catch (error) { notice(error.message); }
}

// ---- last hands and the replayer ---------------------------------------

async function loadHands() {
  if (!state.me || !state.tableId) { $("hands").replaceChildren(el("p", { class: "muted" }, t("Log in to see your hands."))); return; }
  try {
    const data = await api("GET", `/api/tables/${state.tableId}/hands?limit=20`);
    $("hands").replaceChildren(...(data.hands.length ? data.hands.map((h) => el("div", { class: "hand-row" },
      el("span", {}, t("Hand #{number}", { number: h.number }), " \u00b7 ", t("pot {amount}", { amount: chips(h.pot) }),
        h.showdown ? " \u00b7 " + t("showdown") : ""),
      el("button", { class: "secondary", onclick: () => openReplay(h.id) }, t("Replay"))))
      : [el("p", { class: "muted" }, t("No finished hands yet."))]));
  } catch (error) { $("hands").replaceChildren(el("p", { class: "muted" }, error.message)); }
}

function showTab(name) {
  $("tab-log").classList.toggle("active", name === "log");
  $("tab-hands").classList.toggle("active", name !== "log");
  $("log").hidden = name !== "log";
  $("hands").hidden = name !== "hands";
  $("replayer").hidden = name !== "replay";
}

async function openReplay(id, step) {
  try {
    const hand = await api("GET", `/api/hands/${id}`);
    const known = hand.players.filter((p) => p.cards);
    const data = await api("POST", "/i18n/describe", { lang: state.lang,
      hands: known.map((p) => ({ cards: p.cards, board: hand.board })) });
    hand.descriptions = Object.fromEntries(known.map((p, i) => [p.seat, data.descriptions[i]]));
    state.replay = { hand, step: Math.min(step || 0, hand.actions.length) };
    showTab("replay");
    renderReplay();
  } catch (error) { notice(error.message); }
}

function replayState(hand, upto) {
  // Apply the first `upto` actions: stacks, street bets and the board so far.
  const stacks = Object.fromEntries(hand.players.map((p) => [p.seat, p.starting_stack]));
  let bets = {};
  let street = "preflop";
  const board = [];
  let pot = 0;
  for (const a of hand.actions.slice(0, upto)) {
    if (a.street !== street) { street = a.street; bets = {}; }
    const put = (n) => { stacks[a.seat] -= n; pot += n; bets[a.seat] = (bets[a.seat] || 0) + n; };
    if (a.action === "board") board.push(...a.cards);
    else if (["post", "ante", "post-dead"].includes(a.action)) put(a.amount);
    else if (a.action === "bet" || a.action === "raise") put(a.amount - (bets[a.seat] || 0));
    else if (a.action === "call") put(Math.min(stacks[a.seat], Math.max(0, ...Object.values(bets)) - (bets[a.seat] || 0)));
    else if (a.action === "return") { stacks[a.seat] += a.amount; pot -= a.amount; }
    else if (a.action === "win") { stacks[a.seat] += a.amount; pot -= a.amount; }
  }
  return { stacks, board, pot: Math.max(0, pot), street };
}

function renderReplay() {
  const r = state.replay;
  if (!r) return;
  const hand = r.hand;
  const total = hand.actions.length;
  const now = replayState(hand, r.step);
  const names = Object.fromEntries(hand.players.map((p) => [p.seat, p.player]));
  const current = r.step ? actionText(hand.actions[r.step - 1], true, names) : t("Before the deal");
  const end = r.step === total;
  $("replayer").replaceChildren(el("div", { class: "replay" },
    el("div", { class: "row" }, el("strong", {}, t("Hand #{number}", { number: hand.number })),
      el("span", { class: "muted" }, t("Step {step} of {total}", { step: r.step, total }))),
    el("div", { class: "board" }, ...now.board.map(card)),
    el("div", { class: "muted" }, t("pot {amount}", { amount: chips(now.pot) })),
    el("div", { class: "players" }, ...hand.players.map((p) => el("div", {},
      el("span", {}, hand.button === p.seat ? "D " : ""), ...(p.cards ? p.cards.map(card) : [card(null), card(null)]),
      el("span", {}, `${p.player} \u00b7 ${chips(now.stacks[p.seat])}`),
      end && hand.descriptions && hand.descriptions[p.seat] ? el("em", { class: "muted" }, hand.descriptions[p.seat]) : null))),
    el("div", { class: "step" }, current),
    el("div", { class: "row" },
      el("button", { class: "secondary", id: "replay-start", onclick: () => stepReplay(-total) }, t("Start")),
      el("button", { class: "secondary", id: "replay-prev", onclick: () => stepReplay(-1) }, t("Back")),
      el("button", { id: "replay-next", onclick: () => stepReplay(1), disabled: end }, t("Next")),
      el("button", { class: "link", onclick: () => { state.replay = null; showTab("hands"); } }, t("Close")))));
}

function stepReplay(delta) {
  const r = state.replay;
  r.step = Math.max(0, Math.min(r.hand.actions.length, r.step + delta));
  renderReplay();
}

function renderAll() {
  if (state.view === "view-lobby") loadLobby();
  if (state.view === "view-tournament") renderTournament();
  if (state.view === "view-wallet") openWallet();
  if (state.view === "view-table") { renderTable(); loadHands(); describeLast(); }
  if (state.view === "view-stats") loadStats();
  if (state.replay) openReplay(state.replay.hand.id, state.replay.step);
}

// ---- verifiable shuffle (R-FAIR-1) and the player's statistics ---------

// The commitment of the next (or current) hand's seed, and a field to add
// one's own entropy to the next hand's shuffle (docs/fairness.md).
function fairnessTools(commitment) {
  const input = el("input", { name: "entropy", maxlength: "64", placeholder: t("Your own random text") });
  const add = () => {
    if (!input.value) return;
    send({ type: "entropy", text: input.value });
    input.value = "";
    notice(t("Your entropy goes into the next hand's shuffle."));
  };
  return el("div", { class: "fairness" },
    el("div", { class: "muted", title: commitment },
      t("Shuffle commitment: {hash}", { hash: commitment.slice(0, 16) + "\u2026" })),
    input, el("button", { class: "secondary", onclick: add }, t("Add entropy")));
}

function pct(value) { return value == null ? "-" : value.toFixed(1) + "%"; }
function num(value, digits) { return value == null ? "-" : Number(value).toFixed(digits); }

async function loadStats() {
  const box = $("stats");
  if (!state.me) { box.replaceChildren(el("a", { href: "#/login" }, t("Log in"))); return; }
  let data;
  try { data = await api("GET", "/api/me/stats"); } catch (error) { notice(error.message); return; }
  const s = data.stats;
  if (!s.hands) { box.replaceChildren(el("p", { class: "muted" }, t("No hands yet: play a few, then come back."))); return; }
  const ci = s.ci95 ? num(s.ci95[0], 1) + " .. " + num(s.ci95[1], 1) : "-";
  const rows = [
    [t("Hands"), String(s.hands)], [t("VPIP"), pct(s.vpip)], [t("PFR"), pct(s.pfr)],
    [t("Aggression factor"), num(s.af, 2)], [t("Aggression frequency"), pct(s.afq)],
    [t("Went to showdown"), pct(s.wtsd)], [t("Won at showdown"), pct(s.wsd)],
    [t("Net (big blinds)"), num(s.net_bb, 1)], [t("bb/100"), num(s.bb_per_100, 1)],
    [t("95% confidence interval"), ci], [t("All-in adjusted bb/100"), num(s.adjusted_bb_per_100, 1)],
  ];
  const table = el("table", { class: "stats" },
    el("tbody", {}, rows.map(([label, value]) => el("tr", {}, el("th", {}, label), el("td", {}, value)))));
  box.replaceChildren(table, resultsGraph(data.series));
}

// The results graph, drawn as SVG: the net won and the all-in adjusted line
// in big blinds, hand after hand.
function resultsGraph(series) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text != null) node.textContent = text;
    return node;
  };
  const W = 640, H = 300, L = 56, R = 12, T = 16, B = 36;
  const all = [0, ...series.won, ...series.adjusted];
  let lo = Math.min(...all), hi = Math.max(...all);
  if (hi === lo) { hi += 1; lo -= 1; }
  const n = Math.max(series.won.length, 1);
  const x = (i) => L + (W - L - R) * (i / n);
  const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img", "aria-label": t("Results graph") });
  root.append(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }));
  for (const v of [lo, (lo + hi) / 2, hi]) {
    root.append(svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, v.toFixed(0)));
  }
  root.append(svg("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", class: "tick" }, t("Hands") + " (" + n + ")"));
  const path = (values, cls) => svg("polyline", { class: cls, fill: "none",
    points: [[x(0), y(0)], ...values.map((v, i) => [x(i + 1), y(v)])].map((p) => p.join(",")).join(" ") });
  root.append(path(series.adjusted, "adjusted"), path(series.won, "won"));
  const legend = el("div", { class: "legend" },
    el("span", { class: "won" }, t("Won (big blinds)")), " ",
    el("span", { class: "adjusted" }, t("All-in equity adjusted")));
  return el("figure", { class: "results" }, root, legend);
}

// ---- download hands ----------------------------------------------------
// GET /api/me/hands/export: this session (the table last opened) or a date
// range, as PokerStars text or PHH; one hand is a file, more a zip.

async function downloadHands(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const query = new URLSearchParams({ format: form.get("format") });
  if (form.get("scope") === "session") {
    if (!state.tableId) { notice(t("Open a table first, or choose a date range.")); return; }
    query.set("table", state.tableId);
  } else {
    if (!form.get("from") && !form.get("to")) { notice(t("Choose the first day, the last day or both.")); return; }
    if (form.get("from")) query.set("from", form.get("from"));
    if (form.get("to")) {  // the last day included: up to the next midnight (UTC)
      const end = new Date(form.get("to") + "T00:00:00Z");
      end.setUTCDate(end.getUTCDate() + 1);
      query.set("to", end.toISOString().slice(0, 10));
    }
  }
  const response = await fetch("/api/me/hands/export?" + query, { credentials: "same-origin" });
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    notice((data && data.error && errorText(data.error)) || response.statusText);
    return;
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = (disposition.match(/filename="([\w.-]+)"/) || [])[1] || "holdem-hands";
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

$("download-form").addEventListener("submit", (event) => downloadHands(event).catch((error) => notice(error.message)));

// ---- start -------------------------------------------------------------

async function start() {
  $("login-form").addEventListener("submit", submitLogin);
  $("create-form").addEventListener("submit", submitCreate);
  $("more-tables").addEventListener("click", () => loadLobby(true).catch((error) => notice(error.message)));
  $("create-tournament-form").addEventListener("submit", submitCreateTournament);
  setInterval(() => { if (state.view === "view-tournament") loadTournament(); }, 2000);
  $("lang").addEventListener("change", (e) => setLanguage(e.target.value, true));
  $("logout").addEventListener("click", async () => { await api("POST", "/api/logout"); state.me = null; location.hash = "#/login"; route(); });
  $("tab-log").addEventListener("click", () => showTab("log"));
  $("tab-hands").addEventListener("click", () => showTab("hands"));
  window.addEventListener("hashchange", route);
  state.timer = setInterval(tick, 250);
  await setLanguage(localStorage.getItem("holdem_lang") || document.documentElement.lang || "en");
  await loadMe();
  if (!location.hash) location.hash = state.me ? "#/lobby" : "#/login";
  else route();
}

// ---- the turn's alert and the table's chat (R-TIME-1) -------------------
// Your turn: a short tone (Web Audio, muted by the page's switch, kept in
// localStorage) and the tab's title until you act. Chat text is only ever
// set as text (el() appends text nodes), never as HTML.

const clockChat = { title: document.title, alerted: null, audio: null, table: null, lines: [],
  muted: new Set(JSON.parse(localStorage.getItem("holdem_muted") || "[]")) };

function turnSoundOn() { return localStorage.getItem("holdem_turn_sound") !== "off"; }

function turnTone() {
  if (!turnSoundOn()) return;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = clockChat.audio = clockChat.audio || new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch (error) { /* no sound here: the title still tells */ }
}

function clockChatSnapshot(snap) {
  const d = snap && snap.decision;
  const key = d && snap.hand ? `${snap.table.id}:${snap.hand.number}:${d.deadline}` : null;
  if (key && key !== clockChat.alerted) turnTone();
  clockChat.alerted = key;
  document.title = key ? t("● Your turn — holdem") : clockChat.title;
  const seated = snap && snap.you && snap.you.seat != null;
  const may = seated || (snap && snap.you && snap.table.spectator_chat);
  const input = $("chat-text");
  input.disabled = !may;
  input.placeholder = may ? "" : (snap && snap.you ? t("Take a seat to chat") : t("Log in to chat"));
}

function chatMessage(message) {
  if (clockChat.table !== state.tableId) { clockChat.table = state.tableId; clockChat.lines = []; }
  if (message.type === "chat-history") clockChat.lines = message.messages.slice();
  else clockChat.lines.push(message);
  clockChat.lines = clockChat.lines.slice(-100);
  renderChat();
}

function chatMute(name, on) {
  if (on) clockChat.muted.add(name); else clockChat.muted.delete(name);
  localStorage.setItem("holdem_muted", JSON.stringify([...clockChat.muted]));
  if (state.me) send({ type: on ? "mute" : "unmute", player: name });
  renderChat();
}

function renderChat() {
  const log = $("chat-log");
  if (!log) return;
  const mine = state.me && state.me.player.name;
  log.replaceChildren(...clockChat.lines.filter((m) => !clockChat.muted.has(m.from)).map((m) => el("li", {},
    el("span", { class: "muted" }, new Date(m.at).toLocaleTimeString(state.lang, { hour: "2-digit", minute: "2-digit" }), " "),
    el("strong", {}, m.seat == null ? m.from : t("{name} (seat {seat})", { name: m.from, seat: m.seat })), ": ",
    el("span", { class: "chat-text" }, m.text), " ",
    m.from === mine ? null : el("button", { class: "link", type: "button", onclick: () => chatMute(m.from, true) }, t("Mute")))));
  log.scrollTop = log.scrollHeight;
  const muted = $("chat-muted");
  muted.hidden = clockChat.muted.size === 0;
  muted.replaceChildren(t("Muted:"), ...[...clockChat.muted].map((name) => el("button",
    { class: "link", type: "button", title: t("Unmute"), onclick: () => chatMute(name, false) }, " ", name, " \u00d7")));
}

function clockChatStart() {
  const sound = $("turn-sound");
  sound.checked = turnSoundOn();
  sound.addEventListener("change", () => localStorage.setItem("holdem_turn_sound", sound.checked ? "on" : "off"));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (text) send({ type: "chat", text });
    input.value = "";
  });
}

clockChatStart();

start();
