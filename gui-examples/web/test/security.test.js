// The bridge's security rules, tried from headless chromium as an attacker's page would:
// a page from another site and a DNS-rebinding name cannot connect, the options that touch
// the file system are refused unless the server allows them, the number of triad processes
// is capped, and one message can carry only one bounded line. A few checks that a browser
// cannot make (no Origin at all, a 200 KB frame, idle or oversized requests) use the `ws`
// client or raw TCP directly. The review endpoint (POST /review) is tried in
// review-endpoint.test.js.
// Chromium's own Local Network Access checks (a prompt in Chrome, absent in other browsers)
// are switched off, so that what is tested is the bridge; a control server that accepts every
// connection shows that the browser really lets the attacker's page connect.
// Run: TRIAD_ENGINE=build/release/triad node --test test/security.test.js
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { children_of, engine_path, launch_browser, start_bridge, wait_children } from './harness.js';

const kWaitMs = 20000;  // generous: the machine running the tests may be busy
const kEvilSite = 'http://evil.example/';
const kRebindName = 'rebind.test';  // resolved to 127.0.0.1, as a DNS-rebinding attacker's name

let browser;
let bridge;  // started with the default settings
let control;  // a WebSocket server that accepts any page
let scratch;

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'triad-security-'));
  bridge = await start_bridge(engine_path());
  control = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  control.on('connection', (socket) => socket.send('control'));
  browser = await launch_browser([`--host-resolver-rules=MAP ${kRebindName} 127.0.0.1`,
                                  '--disable-features=LocalNetworkAccessChecks,LocalNetworkAccessChecksWebSockets']);
});

after(async () => {
  if (browser) await browser.close();
  if (bridge) bridge.stop();
  if (control) control.close();
  rmSync(scratch, { recursive: true, force: true });
});

// Fails unless the attacker's page `page` can reach a local WebSocket server that accepts it.
async function assert_browser_connects(page) {
  const result = await session(page, `ws://127.0.0.1:${control.address().port}/`, [], { until: 'control' });
  assert.ok(result.opened, 'the browser itself blocks the page\'s local connections: the test needs them allowed');
}

// A new tab showing `url`; for `fake_html` the page is made up by the test at that address
// (an attacker's site), without asking the network.
async function open_tab(url, fake_html = null) {
  const page = await browser.context.newPage();
  if (fake_html !== null) {
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: fake_html }));
  }
  const response = await page.goto(url);
  return { page, status: response.status() };
}

// In the page: opens the WebSocket `url`, sends `lines` once open, and resolves when `until`
// arrives, the socket closes or kWaitMs passed: { opened, messages, close_code }. With keep,
// the socket stays open in window.kept (for close_kept).
function session(page, url, lines, { until = 'readyok', keep = false } = {}) {
  return page.evaluate(([url, lines, until, keep, wait_ms]) => new Promise((resolve) => {
    const result = { opened: false, messages: [], close_code: null };
    const socket = new WebSocket(url);
    const done = () => {
      clearTimeout(timer);
      if (keep) (window.kept = window.kept || []).push(socket);
      else socket.close();
      resolve(result);
    };
    const timer = setTimeout(done, wait_ms);
    socket.onopen = () => {
      result.opened = true;
      for (const line of lines) socket.send(line);
    };
    socket.onmessage = (event) => {
      result.messages.push(String(event.data));
      if (event.data === until) done();
    };
    socket.onclose = (event) => {
      result.close_code = event.code;
      done();
    };
  }), [url, lines, until, keep, kWaitMs]);
}

const ws_url = (bridge_, name = '127.0.0.1') => `ws://${name}:${bridge_.port}/ws`;
const bridge_errors = (result) => result.messages.filter((m) => m.startsWith('info string error bridge:'));

// The HTTP status with which the bridge refuses (or 101 accepts) a handshake sent by the
// `ws` client with these headers.
function handshake_status(bridge_, headers) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(ws_url(bridge_), { headers });
    socket.on('upgrade', () => {
      socket.terminate();
      resolve(101);
    });
    socket.on('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode);
    });
    socket.on('error', (error) => reject(error));
  });
}

// Sends `request` (raw HTTP) to the bridge; resolves with the status line of its answer.
// A connection the bridge resets while the request is still being written (it answers and
// closes as soon as it has read too much) ends as 'reset' when nothing was read, if `reset_ok`.
function raw_status(bridge_, request, reset_ok = false) {
  return new Promise((resolve, reject) => {
    let answer = '';
    const tcp = connect(bridge_.port, '127.0.0.1', () => tcp.write(request));
    tcp.setEncoding('utf8');
    tcp.on('data', (chunk) => {
      answer += chunk;
    });
    tcp.on('close', () => resolve(answer.split('\r\n')[0]));
    tcp.on('error', (error) => {
      if (reset_ok && error.code === 'ECONNRESET') resolve(answer.split('\r\n')[0] || 'reset');
      else reject(error);
    });
    setTimeout(() => tcp.destroy(), kWaitMs).unref();
  });
}

// Polls until the bridge runs `count` triad processes (they end shortly after their tab).
const wait_engines = (bridge_, count) => wait_children(bridge_.pid, count, kWaitMs);

describe('web bridge security', () => {
  test('a page from another site cannot connect or write files through the engine', async () => {
    const log = join(scratch, 'foreign-origin.log');
    const { page } = await open_tab(kEvilSite, '<title>another site</title>');
    await assert_browser_connects(page);
    const result = await session(page, ws_url(bridge),
                                 [`setoption name Debug Log File value ${log}`, 'position startpos moves $(echo pwned)',
                                  'isready']);
    assert.equal(result.opened, false, `the foreign page connected: ${result.messages.join(' | ')}`);
    assert.ok(!existsSync(log), 'the foreign page made the engine write a file');
    await page.close();
    assert.equal(await handshake_status(bridge, { Origin: 'http://evil.example' }), 403);
    assert.equal(await handshake_status(bridge, {}), 403, 'a handshake without Origin is refused');
    assert.equal(await handshake_status(bridge, { Origin: bridge.url.replace(/\/$/, '') }), 101);
  });

  test('a name that is not the bridge\'s (DNS rebinding) is refused; localhost works', async () => {
    const rebound = `http://${kRebindName}:${bridge.port}/`;
    const direct = await open_tab(rebound);
    assert.equal(direct.status, 403, 'the page is not served under a foreign name');
    assert.match(await direct.page.textContent('body'), /is not a name of this bridge/);
    await direct.page.close();
    // The attacker's page at the rebound name is same-origin with ws://rebind.test:PORT/ws.
    const { page } = await open_tab(rebound, '<title>rebound</title>');
    await assert_browser_connects(page);
    const result = await session(page, ws_url(bridge, kRebindName), ['isready']);
    assert.equal(result.opened, false, `the rebound page connected: ${result.messages.join(' | ')}`);
    await page.close();

    const local = await open_tab(`http://localhost:${bridge.port}/`);
    assert.equal(local.status, 200);
    await local.page.waitForSelector('#board rect.hit', { timeout: kWaitMs });
    await local.page.close();

    const named = await start_bridge(engine_path(), [], ['--allow-host', kRebindName]);
    try {
      const allowed = await open_tab(`http://${kRebindName}:${named.port}/`);
      assert.equal(allowed.status, 200, '--allow-host adds a name');
      await allowed.page.waitForSelector('#board rect.hit', { timeout: kWaitMs });
      await allowed.page.close();
    } finally {
      named.stop();
    }
  });

  // Sends the file options from the bridge's own page; returns what came back.
  async function set_file_options(bridge_, log, variants) {
    const { page } = await open_tab(bridge_.url);
    const result = await session(page, ws_url(bridge_),
                                 [`setoption name Debug Log File value ${log}`, `setoption name VariantPath value ${variants}`,
                                  `setoption   name  debug log FILE  value ${log}`, 'uci', 'isready']);
    await page.close();
    const variant_line = result.messages.find((m) => m.startsWith('option name UCI_Variant')) || '';
    return { result, loaded: variant_line.includes(' var my-yinyang') };
  }

  test('options that touch files are refused from the page unless --allow-file-options', async () => {
    const variants = join(scratch, 'variants.yaml');
    writeFileSync(variants, 'variants:\n  - name: my-yinyang\n    game: yinyang\n');
    const log = join(scratch, 'refused.log');
    const refused = await set_file_options(bridge, log, variants);
    assert.equal(refused.result.opened, true);
    const errors = bridge_errors(refused.result);
    assert.equal(errors.length, 3, `one refusal per file option: ${refused.result.messages.join(' | ')}`);
    for (const error of errors) assert.match(error, /refused: options that read or write files .*--allow-file-options/);
    assert.ok(!existsSync(log), 'Debug Log File reached the engine');
    assert.equal(refused.loaded, false, 'VariantPath reached the engine');
    assert.ok(refused.result.messages.includes('readyok'), 'the connection goes on after a refusal');

    const allowing = await start_bridge(engine_path(), [], ['--allow-file-options']);
    try {
      const allowed_log = join(scratch, 'allowed.log');
      const allowed = await set_file_options(allowing, allowed_log, variants);
      assert.deepEqual(bridge_errors(allowed.result), []);
      assert.ok(allowed.loaded, 'VariantPath loaded the variant file');
      assert.match(readFileSync(allowed_log, 'utf8'), /^>> uci$/m, 'Debug Log File logs the exchange');
    } finally {
      allowing.stop();
    }
  });

  test('the number of engine processes is capped (--max-engines), with a clear refusal', async () => {
    const capped = await start_bridge(engine_path(), [], ['--max-engines', '2']);
    try {
      const { page } = await open_tab(capped.url);
      await page.waitForSelector('#board rect.hit', { timeout: kWaitMs });  // the page's own engine
      const second = await session(page, ws_url(capped), ['isready'], { keep: true });
      assert.ok(second.messages.includes('readyok'), 'the second engine runs');
      const third = await session(page, ws_url(capped), ['isready']);
      assert.ok(!third.messages.includes('readyok'), 'a third engine was started');
      assert.match(third.messages.join('\n'), /^bridge error too many engines: .*at most 2 triad processes/m);
      assert.equal(third.close_code, 1013);
      assert.equal(children_of(capped.pid).length, 2);

      // A further tab of the GUI says why it has no engine.
      const extra = await open_tab(capped.url);
      await extra.page.waitForSelector('#error:not([hidden])', { timeout: kWaitMs });
      assert.match(await extra.page.textContent('#error'), /too many engines/);
      await extra.page.close();

      // Closing a connection frees its place.
      await page.evaluate(() => window.kept.pop().close());
      await wait_engines(capped, 1);
      const again = await session(page, ws_url(capped), ['isready']);
      assert.ok(again.messages.includes('readyok'), 'a freed place is used again');
      await page.close();
    } finally {
      capped.stop();
    }
  });

  test('one message is one bounded line: no smuggled command, no huge, binary or malformed requests', async () => {
    const { page } = await open_tab(bridge.url);
    const result = await session(page, ws_url(bridge),
                                 ['isready\nisready', 'isready\r\nquery fen', 'query\u0000 fen', `go ${'x'.repeat(70000)}`,
                                  'uci'], { until: 'uciok' });
    assert.ok(result.messages.includes('uciok'), `the plain line reaches the engine: ${result.messages.join(' | ')}`);
    assert.ok(!result.messages.some((m) => m === 'readyok' || m.startsWith('response ')),
              `a smuggled command was answered: ${result.messages.join(' | ')}`);
    const errors = bridge_errors(result);
    assert.equal(errors.length, 4, errors.join(' | '));
    assert.match(errors[0], /control character U\+000A at offset 7; each message must be exactly one protocol line/);
    assert.match(errors[1], /control character U\+000D/);
    assert.match(errors[2], /control character U\+0000/);
    assert.match(errors[3], /message of 70003 bytes refused: at most 65536 bytes per line/);
    assert.ok(errors.every((e) => e.length < 300), 'refusals do not echo the message');

    const binary = await page.evaluate((url) => new Promise((resolve) => {
      const socket = new WebSocket(url);
      const messages = [];
      socket.onopen = () => {
        socket.send(new TextEncoder().encode('isready'));
        socket.send('isready');
      };
      socket.onmessage = (event) => {
        messages.push(String(event.data));
        if (event.data === 'readyok') socket.close();
      };
      socket.onclose = () => resolve(messages);
    }), ws_url(bridge));
    assert.deepEqual(binary, ['info string error bridge: binary message refused: send protocol lines as text', 'readyok']);
    await page.close();

    // A frame far beyond the limit ends the connection (1009: message too big).
    const huge = await new Promise((resolve) => {
      const socket = new WebSocket(ws_url(bridge), { headers: { Origin: bridge.url.replace(/\/$/, '') } });
      socket.on('open', () => socket.send('x'.repeat(200 * 1024)));
      socket.on('close', (code) => resolve(code));
    });
    assert.equal(huge, 1009);
    const own = `Host: 127.0.0.1:${bridge.port}\r\nOrigin: http://127.0.0.1:${bridge.port}\r\n`;
    const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
                    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    for (const path of ['//', '/%zz']) {
      assert.match(await raw_status(bridge, `GET ${path} HTTP/1.1\r\n${own}${upgrade}\r\n`), /^HTTP\/1.1 403/,
                   `a WebSocket at ${path}`);
      assert.match(await raw_status(bridge, `GET ${path} HTTP/1.1\r\n${own}Connection: close\r\n\r\n`),
                   /^HTTP\/1.1 404/, `a page at ${path}`);
    }
    assert.match(await raw_status(bridge, `GET / HTTP/1.1\r\nHost: [:]:${bridge.port}\r\nConnection: close\r\n\r\n`),
                 /^HTTP\/1.1 403/);
    assert.equal(await handshake_status(bridge, { Origin: bridge.url.replace(/\/$/, '') }), 101,
                 'the bridge goes on after malformed requests and a frame that is too big');
  });

  test('a connection that sends no request, or too long headers, is answered and closed', async () => {
    // Idle and unfinished headers: 408 after the bridge's 10 s (Node's default would be 60 s).
    const started = Date.now();
    const [idle, partial] = await Promise.all([raw_status(bridge, ''),
                                               raw_status(bridge, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\n`)]);
    assert.match(idle, /^HTTP\/1.1 408/);
    assert.match(partial, /^HTTP\/1.1 408/);
    assert.ok(Date.now() - started < 15000, `closed after ${Date.now() - started} ms`);
    const huge = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nX-Big: ${'x'.repeat(64 * 1024)}\r\n\r\n`;
    // 431, or a close or reset that cut the answer off while the rest of the headers was on
    // its way: never served.
    const refused = await raw_status(bridge, huge, true);
    assert.match(refused, /^(HTTP\/1.1 431 .*|reset|)$/, refused);
    assert.equal(await handshake_status(bridge, { Origin: bridge.url.replace(/\/$/, '') }), 101);
  });
});
