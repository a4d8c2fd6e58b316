// The web GUI's bridge: serves the page (public/) over HTTP and connects each browser tab,
// through one WebSocket, to its own triad process. Every WebSocket text message is one
// protocol line for the engine; every engine output line is sent back as one message. The
// security rules (Host, Origin, line and option checks) are in policy.js. POST /review runs
// `triad-analyse -review` on the record sent and streams its JSON lines back (review-runner.js).
// Usage: node server.js [--engine PATH] [--analyse PATH] [--port N] [--host H]
//                       [--allow-host NAME] [--max-engines N] [--review-timeout S]
//                       [--tables DIR] [--allow-file-options] [--log] [-- TRIAD ARGS...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { check_host, check_line, check_origin, file_option_set, host_name, kLoopbackNames,
         kMaxLineBytes, shown, string_options } from './policy.js';
import { abandon_reviews, serve_review, table_folder } from './review-runner.js';

const kHere = dirname(fileURLToPath(import.meta.url));
const kPublic = join(kHere, 'public');
const kRepoRoot = resolve(kHere, '..', '..');
const kQuitGraceMs = 1000;     // time a triad process gets to exit after `quit`
const kUciTimeoutMs = 10000;  // time the start-up `triad uci` (listing the options) may take
// A connection must send a request's headers within this time (408 and closed otherwise;
// Node's default of 60 s lets idle connections pile up), checked every second.
const kHeadersTimeoutMs = 10000;
const kConnectionCheckMs = 1000;
const kMimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function usage(message) {
  if (message) console.error(`server.js: ${message}`);
  console.error('usage: node server.js [--engine PATH] [--analyse PATH] [--port N] [--host H]\n' +
                '                      [--allow-host NAME] [--max-engines N] [--review-timeout S]\n' +
                '                      [--tables DIR] [--allow-file-options] [--log] [-- ARGS]\n' +
                '  --engine PATH         the triad binary (default: $TRIAD_ENGINE, else the newest\n' +
                '                        build/*/triad of this repository)\n' +
                '  --analyse PATH        the triad-analyse binary the Review button runs (default:\n' +
                '                        triad-analyse beside the engine)\n' +
                '  --port N              HTTP/WebSocket port (default 8080; 0 = any free port)\n' +
                '  --host H              interface to listen on (default 127.0.0.1: local only)\n' +
                '  --allow-host NAME     another host name browsers may use to reach the bridge\n' +
                '                        (repeatable; always allowed: localhost, 127.0.0.1, [::1], H)\n' +
                '  --max-engines N       triad processes (connected tabs) at once, and reviews at\n' +
                '                        once (default 4 each)\n' +
                '  --review-timeout S    seconds a review may run before it is stopped (default 600)\n' +
                '  --tables DIR          Íves dáma\'s endgame tables (triad-tables) for play and\n' +
                '                        reviews: every triad gets --option TablePath=DIR, every\n' +
                '                        review -tb DIR (default: the TablePath of the ARGS, if any)\n' +
                '  --allow-file-options  let the page set options that read or write files\n' +
                '                        (VariantPath, Debug Log File); refused by default\n' +
                '  --log                 print every line exchanged with the engines\n' +
                '  -- ARGS               command-line arguments for every triad process, e.g.\n' +
                '                        -- --variants my-variants.yaml --option "Hash=64"');
  process.exit(message ? 2 : 0);
}

function parse_args(argv) {
  const opts = { engine: process.env.TRIAD_ENGINE || '', analyse: '', port: 8080, host: '127.0.0.1', log: false,
                 allow_hosts: [], max_engines: 4, review_timeout: 600, tables: '', allow_file_options: false,
                 engine_args: [] };
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    if (arg === '--') {
      opts.engine_args = argv.slice(i + 1);
      break;
    }
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--engine') opts.engine = value();
    else if (arg === '--port') opts.port = Number(value());
    else if (arg === '--host') opts.host = value();
    else if (arg === '--allow-host') opts.allow_hosts.push(value());
    else if (arg === '--max-engines') opts.max_engines = Number(value());
    else if (arg === '--analyse') opts.analyse = value();
    else if (arg === '--review-timeout') opts.review_timeout = Number(value());
    else if (arg === '--tables') opts.tables = value();
    else if (arg === '--allow-file-options') opts.allow_file_options = true;
    else if (arg === '--log') opts.log = true;
    else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument '${arg}'`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)
    usage('--port must be an integer between 0 and 65535');
  if (!Number.isInteger(opts.max_engines) || opts.max_engines < 1 || opts.max_engines > 1000)
    usage('--max-engines must be an integer between 1 and 1000');
  const timeout = opts.review_timeout;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 86400)
    usage('--review-timeout must be an integer between 1 and 86400 (seconds)');
  // The engines' tables are the reviews' tables: --tables sets both, else the ARGS' TablePath.
  if (opts.tables) opts.engine_args.push('--option', `TablePath=${resolve(opts.tables)}`);
  opts.tables = table_folder(opts.engine_args);
  if (opts.tables && !(existsSync(opts.tables) && statSync(opts.tables).isDirectory()))
    usage(`the tables folder '${opts.tables}' (--tables or TablePath) is not a folder`);
  return opts;
}

// The newest build/<preset>/triad under the repository root, so `npm start` works after any
// of the documented builds without arguments.
function find_engine() {
  const build = join(kRepoRoot, 'build');
  if (!existsSync(build)) return '';
  const candidates = readdirSync(build)
                         .map((dir) => join(build, dir, 'triad'))
                         .filter((path) => existsSync(path) && statSync(path).isFile())
                         .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates[0] || '';
}

// The decoded path of a request's address, or '' when it is malformed (e.g. `//`, `/%zz`).
function request_path(request) {
  try {
    return decodeURIComponent(new URL(request.url, 'http://x').pathname);
  } catch {
    return '';
  }
}

// Static files from public/ only; anything outside it (e.g. `..`) is refused.
function serve_static(request, response) {
  const url_path = request_path(request);
  const file = normalize(join(kPublic, url_path === '/' ? 'index.html' : url_path));
  const inside = url_path && file.startsWith(kPublic + sep);
  if (!inside || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found\n');
    return;
  }
  response.writeHead(200, {
    'Content-Type': kMimeTypes[extname(file)] || 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  response.end(readFileSync(file));
}

// The options the page may not set: the known path options and every string option triad
// lists (asked once with `triad uci`; on failure the known list alone).
function blocked_options(opts) {
  if (opts.allow_file_options) return new Set();
  const uci = spawnSync(opts.engine, [...opts.engine_args, 'uci'], { encoding: 'utf8', timeout: kUciTimeoutMs });
  if (uci.status !== 0) {
    console.error(`server.js: warning: \`triad uci\` failed (${uci.error ? uci.error.message : uci.status}); ` +
                  'refusing the known file options only');
  }
  return file_option_set(string_options(uci.stdout || ''));
}

// One triad process per WebSocket: lines both ways, process ended when either side goes.
// on_exit is called once when the process is gone (or could not be started).
function connect_engine(socket, opts, id, on_exit) {
  const log = (direction, line) => opts.log && console.log(`[${id}] ${direction} ${line}`);
  const engine = spawn(opts.engine, opts.engine_args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let pending = '';
  let closed = false;
  const finish = () => {
    if (!closed) on_exit();
    closed = true;
  };

  engine.stdout.setEncoding('utf8');
  engine.stdout.on('data', (chunk) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      log('<', line);
      if (socket.readyState === socket.OPEN) socket.send(line);
    }
  });
  engine.stderr.setEncoding('utf8');
  engine.stderr.on('data', (chunk) => process.stderr.write(`[${id}] engine stderr: ${chunk}`));
  engine.stdin.on('error', () => {});  // the engine died: reported through 'exit' below
  engine.on('error', (error) => {
    finish();
    if (socket.readyState === socket.OPEN)
      socket.send(`bridge error cannot start engine '${opts.engine}': ${error.message}`);
    socket.close();
  });
  engine.on('exit', (code, signal) => {
    finish();
    console.log(`[${id}] engine exited (${signal || code})`);
    if (socket.readyState === socket.OPEN) {
      socket.send(`bridge engine-exited ${signal || code}`);
      socket.close();
    }
  });

  // Each message is one protocol line; a refused one is answered with one error line in the
  // engine's own form and never reaches triad.
  socket.on('message', (data, is_binary) => {
    if (closed) return;
    const text = data.toString('utf8');
    const refusal = is_binary ? 'binary message refused: send protocol lines as text' : check_line(text, opts.blocked);
    if (refusal) {
      log('refused', shown(text));
      socket.send(`info string error bridge: ${refusal}`);
      return;
    }
    log('>', text);
    engine.stdin.write(`${text}\n`);
  });
  socket.on('close', () => {
    if (closed) return;
    engine.stdin.write('quit\n');
    engine.stdin.end();
    setTimeout(() => closed || engine.kill('SIGKILL'), kQuitGraceMs).unref();
  });
  return engine;
}

// Answers a refused WebSocket handshake with an HTTP error and closes the connection.
function refuse_upgrade(tcp, status, reason) {
  tcp.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}\n`);
}

function main() {
  const opts = parse_args(process.argv.slice(2));
  if (!opts.engine) opts.engine = find_engine();
  if (!opts.engine || !existsSync(opts.engine))
    usage(`no triad binary found (${opts.engine || 'build/*/triad'}): build it or pass --engine`);
  opts.engine = resolve(opts.engine);
  opts.analyse = resolve(opts.analyse || join(dirname(opts.engine), 'triad-analyse'));
  opts.blocked = blocked_options(opts);
  const host_names = new Set([...kLoopbackNames, opts.host, ...opts.allow_hosts].map(host_name));

  const engines = new Set();
  const reviews = new Set();
  let port = 0;  // the listening port, known once listening
  const host_refusal = (request) => check_host(request.headers.host, host_names, port);
  const limits = { headersTimeout: kHeadersTimeoutMs,
                   connectionsCheckingInterval: kConnectionCheckMs };
  const server = createServer(limits, (request, response) => {
    const refusal = host_refusal(request);
    const review = !refusal && request_path(request) === '/review';
    if (review) return serve_review(request, response, opts, reviews);
    if (!refusal) return serve_static(request, response);
    console.log(`refused request: ${refusal}`);
    response.writeHead(403, { 'Content-Type': 'text/plain' });
    response.end(`${refusal}\n`);
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 2 * kMaxLineBytes });
  server.on('upgrade', (request, tcp, head) => {
    const refusal = request_path(request) !== '/ws'
                        ? 'WebSockets are served on /ws only'
                        : host_refusal(request) ||
                          check_origin(request.headers.origin, request.headers.host);
    if (refusal) {
      console.log(`refused WebSocket: ${refusal}`);
      refuse_upgrade(tcp, '403 Forbidden', refusal);
      return;
    }
    sockets.handleUpgrade(request, tcp, head, (socket) => sockets.emit('connection', socket));
  });
  let next_id = 1;
  sockets.on('connection', (socket) => {
    // A broken frame (e.g. beyond maxPayload) closes the socket (code 1009 etc.); without a
    // listener the error would end the whole bridge.
    socket.on('error', (error) => console.log(`WebSocket closed: ${error.message}`));
    if (engines.size >= opts.max_engines) {
      const reason = `too many engines: this bridge runs at most ${opts.max_engines} triad processes at ` +
                     'once (--max-engines); close another tab of the page and reload';
      console.log(`refused WebSocket: ${reason}`);
      socket.send(`bridge error ${reason}`);
      socket.close(1013, 'too many engines');
      return;
    }
    const engine = connect_engine(socket, opts, next_id++, () => engines.delete(engine));
    engines.add(engine);
  });

  // However the bridge ends, its processes are stopped and the reviews' records removed.
  process.on('exit', () => {
    for (const child of engines) child.kill('SIGTERM');
    abandon_reviews(reviews);
  });
  process.on('SIGINT', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));

  server.listen(opts.port, opts.host, () => {
    port = server.address().port;
    // The test harness reads this line to learn the port when started with --port 0.
    console.log(`Triad web GUI on http://${host_name(opts.host)}:${port}/ (engine ${opts.engine})`);
  });
}

main();
