// Helpers for the browser test: starts the bridge on a free port, launches Debian's chromium
// headless through playwright-core, and runs an independent triad process as the referee
// that the page's board, moves and engine replies are checked against.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const kWebDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const kStartTimeoutMs = 10000;
const kReplyTimeoutMs = 10000;

export function engine_path() {
  const path = process.env.TRIAD_ENGINE;
  if (!path) throw new Error('set TRIAD_ENGINE to the triad binary to test against');
  return path;
}

// Starts `node server.js --port 0 BRIDGE_ARGS` and resolves with { url, port, pid, stop(),
// exited } once it listens (exited: a promise of its exit); engine_args are passed on to every
// triad process; env adds environment variables, cwd is its folder.
export function start_bridge(engine, engine_args = [], bridge_args = [],
                             { env = {}, cwd = undefined } = {}) {
  return new Promise((resolve, reject) => {
    const args = [join(kWebDir, 'server.js'), '--engine', engine, '--port', '0', ...bridge_args, '--',
                  ...engine_args];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env }, cwd });
    const exited = new Promise((done) => child.on('exit', done));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the bridge did not start within ${kStartTimeoutMs} ms`));
    }, kStartTimeoutMs);
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/on (http:\/\/\S+\/)/);
      if (match) {
        clearTimeout(timer);
        const { port } = new URL(match[1]);
        resolve({ url: match[1], port: Number(port), pid: child.pid, stop: (signal = 'SIGTERM') => child.kill(signal),
                  exited });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bridge exited with ${code} before listening: ${output}`));
    });
  });
}

// Chromium headless as root: no sandbox, no GPU, no network beyond localhost, and a fresh
// profile directory for every run; extra_args are more chromium switches.
export async function launch_browser(extra_args = []) {
  const profile = mkdtempSync(join(tmpdir(), 'triad-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1180, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync',
           ...extra_args],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// The running processes whose parent is `pid` (the triad processes a bridge runs).
export function children_of(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;  // the process ended meanwhile
    }
    // "pid (comm) state ppid ...": comm may contain spaces, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
  }
  return children;
}

// Polls until the process `pid` has `count` children (a bridge's triad processes and
// reviews end shortly after their tab or request); fails after timeout_ms.
export async function wait_children(pid, count, timeout_ms) {
  const deadline = Date.now() + timeout_ms;
  while (children_of(pid).length !== count) {
    if (Date.now() > deadline) throw new Error(`the bridge runs ${children_of(pid).length} processes, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A plain triad process spoken to line by line, with a timeout on every reply.
export class Referee {
  constructor(engine) {
    this.child_ = spawn(engine, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines_ = [];
    this.waiters_ = [];
    let pending = '';
    this.child_.stdout.setEncoding('utf8');
    this.child_.stdout.on('data', (chunk) => {
      pending += chunk;
      let newline;
      while ((newline = pending.indexOf('\n')) >= 0) {
        this.lines_.push(pending.slice(0, newline).replace(/\r$/, ''));
        pending = pending.slice(newline + 1);
      }
      this.wake_();
    });
  }

  wake_() {
    for (const waiter of [...this.waiters_]) waiter();
  }

  // Sends `line` and resolves with the first later line for which is_end is true.
  ask(line, is_end) {
    this.lines_ = [];
    this.child_.stdin.write(`${line}\n`);
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = this.lines_.findIndex(is_end);
        if (index < 0) return;
        this.waiters_ = this.waiters_.filter((w) => w !== check);
        clearTimeout(timer);
        resolve(this.lines_[index]);
      };
      const timer = setTimeout(() => {
        this.waiters_ = this.waiters_.filter((w) => w !== check);
        reject(new Error(`triad did not answer '${line}' within ${kReplyTimeoutMs} ms`));
      }, kReplyTimeoutMs);
      this.waiters_.push(check);
      check();
    });
  }

  async query(what) {
    const line = await this.ask(`query ${what}`, (l) => l.startsWith('response '));
    return line.slice('response '.length);
  }

  async set_variant(variant) {
    const line = await this.ask(`setoption name UCI_Variant value ${variant}`,
                                (l) => l.startsWith('info string variant') || l.startsWith('info string error'));
    const match = line.match(/ startpos (.+)$/);
    if (!match) throw new Error(`triad refused variant ${variant}: ${line}`);
    return match[1];
  }

  // Sets the position and returns its legal moves, board and other facts.
  async position(fen, moves) {
    const tail = moves.length ? ` moves ${moves.join(' ')}` : '';
    this.child_.stdin.write(`position fen ${fen}${tail}\n`);
    const legal = await this.query('moves');
    return {
      legal: legal === 'none' ? [] : legal.split(' '),
      board: JSON.parse(await this.query('board')),
      score: await this.query('score'),
      over: (await this.query('gameover')) === 'true',
    };
  }

  close() {
    this.child_.stdin.end('quit\n');
    setTimeout(() => this.child_.kill('SIGKILL'), 1000).unref();
  }
}
