// The holdem room under load, measured by a second, independent client.
//
// It shares no code with benchmarks/room.py (Python, websockets): Node.js 20
// and the `ws` package, its own protocol reading (docs/protocol.md) and its
// own arithmetic. Two programs that agree make the figure believable.
//
// Run (from the repository root, once `npm ci --prefix benchmarks`):
//
//   node benchmarks/room_client.mjs [--clients 1000] [--seconds 30]
//
// Without --base it starts `holdem serve` itself (--python, default
// .venv/bin/python) on a free loopback port over a temporary SQLite file
// (--no-demo, --hand-pause-seconds 1) and stops it at the end. With
// `taskset` and two or more cores the server runs on core 0 and this client
// re-runs itself on core 1, so that the figure is the server's. With
// --base http://HOST:PORT it plays against a server already running.
//
// Every player registers through POST /api/register (argon2 on the server:
// slow, 8 at a time; a 429 is waited out per Retry-After), each table is
// created through POST /api/tables by its first player, and every player
// opens /ws/tables/{id}?token=..., sits with {"type": "sit"} and answers
// each decision after a think time drawn uniformly from 0.5..1.5 x --think
// seconds: post, no-straddle, show; else check, or call (a fold now and
// then), a minimum raise one time in ten; a rebuy at 0 chips.
//
// Latency: from an `act` sent to the first `table` message whose hand
// number, stage, seat to act, action count or deadline differs from the
// one answered (or an `error`). Reported over the --seconds window after
// --warmup: p50, p99, max, hands finished; the machine's load average
// (os.loadavg) is printed beside each figure. Exits 1 when p99 >= --goal-ms
// (100), fewer than 95 % sat, or no hand finished.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";

const OPTIONS = {
  base: "", python: ".venv/bin/python", clients: 1000, seats: 10, seconds: 30,
  warmup: 3, think: 1, "goal-ms": 100, "hand-pause": 1, "buy-in": 200,
  "register-concurrency": 8, "connect-concurrency": 50, "no-pin": false,
};

function parseArgs(argv) {
  const out = { ...OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in OPTIONS)) throw new Error(`unknown option ${argv[i]}: the options are --${Object.keys(OPTIONS).join(", --")}`);
    if (typeof OPTIONS[key] === "boolean") { out[key] = true; continue; }
    const value = argv[++i];
    out[key] = typeof OPTIONS[key] === "number" ? Number(value) : value;
    if (typeof OPTIONS[key] === "number" && !Number.isFinite(out[key])) throw new Error(`--${key} takes a number, got ${value}`);
  }
  return out;
}

const load = () => `[load ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}]`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const hasTaskset = () => spawnSync("taskset", ["--version"]).status === 0;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
}

async function http(base, method, route, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(base + route, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => null);
  return { status: response.status, data, retryAfter: Number(response.headers.get("retry-after") || 0) };
}

// A small seeded generator (mulberry32), one per player.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function pool(count, concurrency, work) {
  let next = 0;
  const results = new Array(count);
  const runners = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) { const i = next++; results[i] = await work(i); }
  });
  await Promise.all(runners);
  return results;
}

async function registerAll(base, count, concurrency, run) {
  return pool(count, concurrency, async (i) => {
    const name = `nc${run}_${i}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await http(base, "POST", "/api/register", { name, password: "independent-client-pw" });
      if (answer.status === 201) return answer.data.token;
      if (answer.status === 429) { await sleep(1000 * Math.max(1, answer.retryAfter)); continue; }
      throw new Error(`register ${name}: ${answer.status} ${JSON.stringify(answer.data)}`);
    }
    throw new Error(`register ${name}: still refused after 100 tries`);
  });
}

function answerTo(decision, random) {
  switch (decision.kind) {
    case "post-or-wait": case "post-all-or-wait": return { action: "post" };
    case "straddle": return { action: "no-straddle" };
    case "showdown": return { action: "show" };
    default: break;
  }
  const legal = decision.legal;
  const roll = random();
  if (legal.min_raise_to !== null && roll < 0.1) return { action: legal.is_bet ? "bet" : "raise", amount: legal.min_raise_to };
  if (legal.can_check) return { action: "check" };
  return { action: roll < 0.2 ? "fold" : "call" };
}

function handKey(snapshot) {
  const hand = snapshot.hand;
  return hand === null ? null : JSON.stringify([hand.number, hand.stage, hand.to_act, hand.actions.length, hand.deadline]);
}

function play(url, seat, options, shared, random, gate) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { maxPayload: 1 << 22 });
    let pending = null; // { key, sentAt } of the act awaiting its effect
    let answered = null;
    let timer = null;
    let sat = false;
    const send = (message) => ws.send(JSON.stringify(message));
    ws.on("open", () => { gate.release(); send({ type: "sit", seat, buy_in: options["buy-in"] }); });
    ws.on("error", (error) => { gate.release(); reject(error); });
    ws.on("close", () => { clearTimeout(timer); resolve(); });
    ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === "error") {
        shared.errors++;
        if (pending) { if (shared.measuring) shared.latencies.push(now() - pending.sentAt); pending = null; answered = null; }
        return;
      }
      if (message.type === "hand-complete") { if (shared.measuring) shared.hands.add(message.hand.id); return; }
      if (message.type !== "table") return;
      const snap = message.snapshot;
      const key = handKey(snap);
      if (pending && key !== pending.key) { if (shared.measuring) shared.latencies.push(now() - pending.sentAt); pending = null; }
      if (!sat && snap.you && snap.you.seat === seat) { sat = true; shared.seated++; }
      const mine = sat ? snap.seats[seat - 1] : null;
      if (mine && mine.stack === 0 && snap.hand === null) send({ type: "add-chips", chips: options["buy-in"] });
      if (snap.decision && key !== null && key !== answered && !pending && timer === null) {
        answered = key;
        const answer = answerTo(snap.decision, random);
        const wait = options.think * 1000 * (0.5 + random());
        timer = setTimeout(() => {
          timer = null;
          if (ws.readyState !== WebSocket.OPEN) return;
          pending = { key, sentAt: now() };
          send({ type: "act", ...answer });
        }, wait);
      }
    });
    shared.sockets.push(ws);
  });
}

class Gate {
  constructor(size) { this.free = size; this.waiting = []; }
  acquire() { if (this.free > 0) { this.free--; return Promise.resolve(); } return new Promise((r) => this.waiting.push(r)); }
  release() { const next = this.waiting.shift(); if (next) next(); else this.free++; }
}

function percentile(sorted, q) { return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : NaN; }

async function startServer(options, pin) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "holdem-node-load-"));
  const args = ["-m", "holdem", "serve", "--host", "127.0.0.1", "--port", String(port),
    "--database-url", `sqlite:///${path.join(dir, "room.db")}`, "--no-demo",
    "--hand-pause-seconds", String(options["hand-pause"]),
    // every player registers from 127.0.0.1: lift the per-address limit
    "--register-limit", "1000000"];
  const command = pin ? ["taskset", ["-c", "0", options.python, ...args]] : [options.python, args];
  const server = spawn(command[0], command[1], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`holdem serve exited with ${server.exitCode}`);
    try { if ((await fetch(`${base}/api/health`)).ok) return { base, server, dir }; } catch { /* not yet */ }
    await sleep(100);
  }
  server.kill("SIGKILL");
  throw new Error("holdem serve did not answer /api/health in 30 s");
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const pin = !options["no-pin"] && os.cpus().length >= 2 && hasTaskset();
  if (pin && !process.env.HOLDEM_CLIENT_PINNED) {
    // run again on core 1 (the server gets core 0)
    const again = spawnSync("taskset", ["-c", "1", process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      { stdio: "inherit", env: { ...process.env, HOLDEM_CLIENT_PINNED: "1" } });
    process.exit(again.status ?? 1);
  }
  console.log(`pinning: ${pin ? "server on core 0, this client on core 1" : "none"}  ${load()}`);
  let started = null;
  let base = options.base;
  if (!base) { started = await startServer(options, pin); base = started.base; }
  try {
    return await measure(base, options);
  } finally {
    if (started) {
      started.server.kill("SIGINT");
      await Promise.race([new Promise((r) => started.server.once("exit", r)), sleep(10000)]);
      if (started.server.exitCode === null) started.server.kill("SIGKILL");
      rmSync(started.dir, { recursive: true, force: true });
    }
  }
}

async function measure(base, options) {
  const { clients, seats } = options;
  const tables = Math.ceil(clients / seats);
  const run = Math.floor(Math.random() * 1e6).toString(36);
  let began = now();
  const tokens = await registerAll(base, clients, options["register-concurrency"], run);
  console.log(`registered ${clients} players through the API in ${((now() - began) / 1000).toFixed(1)} s  ${load()}`);
  const tableIds = [];
  for (let t = 0; t < tables; t++) {
    const made = await http(base, "POST", "/api/tables", { name: `Node ${t + 1}`, seat_count: seats }, tokens[t * seats]);
    if (made.status !== 201) throw new Error(`create table: ${made.status} ${JSON.stringify(made.data)}`);
    tableIds.push(made.data.id);
  }
  const shared = { measuring: false, latencies: [], hands: new Set(), errors: 0, seated: 0, sockets: [] };
  const gate = new Gate(options["connect-concurrency"]);
  const wsBase = base.replace(/^http/, "ws");
  began = now();
  const players = [];
  for (let i = 0; i < clients; i++) {
    await gate.acquire();
    const url = `${wsBase}/ws/tables/${tableIds[Math.floor(i / seats)]}?token=${tokens[i]}`;
    players.push(play(url, (i % seats) + 1, options, shared, rng(i + 1), gate).catch((error) => error));
  }
  const deadline = now() + 120000;
  while (shared.seated < clients && now() < deadline) await sleep(200);
  console.log(`seated ${shared.seated}/${clients} players in ${((now() - began) / 1000).toFixed(1)} s  ${load()}`);
  await sleep(options.warmup * 1000);
  shared.measuring = true;
  began = now();
  await sleep(options.seconds * 1000);
  shared.measuring = false;
  const elapsed = (now() - began) / 1000;
  const windowLoad = load();
  for (const ws of shared.sockets) ws.close();
  const failures = (await Promise.all(players)).filter((r) => r instanceof Error);
  const sorted = Float64Array.from(shared.latencies).sort();
  const p50 = percentile(sorted, 0.5), p99 = percentile(sorted, 0.99), worst = sorted.length ? sorted[sorted.length - 1] : NaN;
  console.log(`clients ${clients}  tables ${tables} x ${seats} seats  think ${options.think} s  window ${elapsed.toFixed(1)} s`);
  console.log(`hands ${shared.hands.size} (${(shared.hands.size / elapsed).toFixed(1)}/s)  actions ${sorted.length} (${(sorted.length / elapsed).toFixed(0)}/s)  errors ${shared.errors}  client failures ${failures.length}`);
  console.log(`action latency ms: p50 ${p50.toFixed(1)}  p99 ${p99.toFixed(1)}  max ${worst.toFixed(1)}  ${windowLoad}`);
  const ok = sorted.length > 0 && p99 < options["goal-ms"] && shared.seated >= clients * 0.95 && shared.hands.size > 0;
  console.log(`goal p99 < ${options["goal-ms"]} ms with ${clients} clients: ${ok ? "met" : "MISSED"}`);
  return ok ? 0 : 1;
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(2); });
