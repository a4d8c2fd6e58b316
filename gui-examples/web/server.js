// The web GUI's bridge: serves the page (public/) over HTTP and connects each browser tab,
// through one WebSocket, to its own triad process. Every WebSocket text message is one
// protocol line for the engine; every engine output line is sent back as one message.
// Usage: node server.js [--engine PATH] [--port N] [--host H] [--log] [-- TRIAD ARGS...]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

const kHere = dirname(fileURLToPath(import.meta.url));
const kPublic = join(kHere, 'public');
const kRepoRoot = resolve(kHere, '..', '..');
const kMaxLineBytes = 64 * 1024;  // a browser never needs longer lines; protects the engine
const kQuitGraceMs = 1000;        // time a triad process gets to exit after `quit`
const kMimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function usage(message) {
  if (message) console.error(`server.js: ${message}`);
  console.error('usage: node server.js [--engine PATH] [--port N] [--host H] [--log] [-- ARGS]\n' +
                '  --engine PATH  the triad binary (default: $TRIAD_ENGINE, else the newest\n' +
                '                 build/*/triad of this repository)\n' +
                '  --port N       HTTP/WebSocket port (default 8080; 0 = any free port)\n' +
                '  --host H       interface to listen on (default 127.0.0.1: local only)\n' +
                '  --log          print every line exchanged with the engines\n' +
                '  -- ARGS        command-line arguments for every triad process, e.g.\n' +
                '                 -- --variants my-variants.yaml --option "Hash=64"');
  process.exit(message ? 2 : 0);
}

function parse_args(argv) {
  const opts = { engine: process.env.TRIAD_ENGINE || '', port: 8080, host: '127.0.0.1', log: false,
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
    else if (arg === '--log') opts.log = true;
    else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument '${arg}'`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)
    usage('--port must be an integer between 0 and 65535');
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

// Static files from public/ only; anything outside it (e.g. `..`) is refused.
function serve_static(request, response) {
  let url_path = '';
  try {
    url_path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  } catch {
    // a malformed address (bad %-escape) is simply not found
  }
  const file = normalize(join(kPublic, url_path === '/' ? 'index.html' : url_path));
  if (!url_path || !file.startsWith(kPublic + sep) || !existsSync(file) || !statSync(file).isFile()) {
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

// One triad process per WebSocket: lines both ways, process ended when either side goes.
function connect_engine(socket, opts, id) {
  const log = (direction, line) => opts.log && console.log(`[${id}] ${direction} ${line}`);
  const engine = spawn(opts.engine, opts.engine_args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let pending = '';
  let closed = false;

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
    if (socket.readyState === socket.OPEN)
      socket.send(`bridge error cannot start engine '${opts.engine}': ${error.message}`);
    socket.close();
  });
  engine.on('exit', (code, signal) => {
    closed = true;
    console.log(`[${id}] engine exited (${signal || code})`);
    if (socket.readyState === socket.OPEN) {
      socket.send(`bridge engine-exited ${signal || code}`);
      socket.close();
    }
  });

  socket.on('message', (data) => {
    if (closed) return;
    const text = data.toString('utf8');
    if (text.length > kMaxLineBytes) {
      socket.send('bridge error line too long: the bridge forwards at most 64 KiB per message');
      return;
    }
    // One message may carry several lines; each is forwarded as its own command.
    for (const line of text.split(/\r?\n/)) {
      log('>', line);
      engine.stdin.write(`${line}\n`);
    }
  });
  socket.on('close', () => {
    if (closed) return;
    engine.stdin.write('quit\n');
    engine.stdin.end();
    setTimeout(() => closed || engine.kill('SIGKILL'), kQuitGraceMs).unref();
  });
  return engine;
}

function main() {
  const opts = parse_args(process.argv.slice(2));
  if (!opts.engine) opts.engine = find_engine();
  if (!opts.engine || !existsSync(opts.engine))
    usage(`no triad binary found (${opts.engine || 'build/*/triad'}): build it or pass --engine`);
  opts.engine = resolve(opts.engine);

  const engines = new Set();
  const server = createServer(serve_static);
  const sockets = new WebSocketServer({ server, path: '/ws', maxPayload: 2 * kMaxLineBytes });
  let next_id = 1;
  sockets.on('connection', (socket) => {
    const engine = connect_engine(socket, opts, next_id++);
    engines.add(engine);
    engine.on('exit', () => engines.delete(engine));
  });

  const shutdown = () => {
    for (const engine of engines) engine.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  server.listen(opts.port, opts.host, () => {
    const { port } = server.address();
    // The test harness reads this line to learn the port when started with --port 0.
    console.log(`Triad web GUI on http://${opts.host}:${port}/ (engine ${opts.engine})`);
  });
}

main();
