// The bridge's review endpoint (POST /review), tried with node's HTTP client and raw TCP as a
// hostile or careless client would: the same Host and Origin rules as the page, a bounded
// record, movetime and running time, a cap on reviews counted from the request's headers
// (slow or aborted bodies included), the engine's arguments and tables folder handed to
// triad-analyse, and no record left in the temporary folder however the bridge stops.
// Run: TRIAD_ENGINE=build/release/triad node --test test/review-endpoint.test.js
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as http_request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { children_of, engine_path, start_bridge, wait_children } from './harness.js';

const kWaitMs = 20000;  // generous: the machine running the tests may be busy
const kRecord = '[Variant "yinyang"]\n\n1. c4b4 *\n';
// Íves dáma inside the 4-stone tables: with them every judged move has an `exact` verdict.
const kTableRecord = '[Variant "ivesdama"]\n[FEN "1/1p1/5/3/1/3/5/P1P/1 1 0"]\n\n1. b2b8 c8c9 2. d2c3 *\n';

let scratch;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'triad-review-endpoint-'));
});
after(() => rmSync(scratch, { recursive: true, force: true }));

const own_headers = (bridge) => ({ Host: `127.0.0.1:${bridge.port}`, Origin: `http://127.0.0.1:${bridge.port}` });

// POSTs `body` to the bridge's `path`; resolves with { status, text }.
function post(bridge, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const target = { host: '127.0.0.1', port: bridge.port, path, method: 'POST',
                     headers: { ...own_headers(bridge), ...headers } };
    const request = http_request(target, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

// The JSON lines of a review's answer.
const review_lines = (text) => text.trim().split('\n').map((line) => JSON.parse(line));

// A review request whose body never finishes: the headers promise 1000 bytes, 10 arrive.
// Returns { tcp, answer } (answer: a promise of the status line, or '' when cut without one).
function slow_review(bridge) {
  const tcp = connect(bridge.port, '127.0.0.1');
  const headers = Object.entries(own_headers(bridge)).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  tcp.write(`POST /review?movetime=10 HTTP/1.1\r\n${headers}Content-Length: 1000\r\n\r\n[Variant "`);
  const answer = new Promise((resolve) => {
    let text = '';
    tcp.setEncoding('utf8');
    tcp.on('data', (chunk) => {
      text += chunk;
    });
    tcp.on('close', () => resolve(text.split('\r\n')[0]));
    tcp.on('error', () => {});
  });
  return { tcp, answer };
}

// Whether the process `pid` runs (a zombie no longer does).
function running_pid(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// POSTs a review until it is not refused as one too many (a slot comes back when the previous
// request's connection or program has ended); resolves with the answer.
async function post_when_free(bridge, body) {
  const deadline = Date.now() + kWaitMs;
  for (;;) {
    const result = await post(bridge, '/review?movetime=10', body);
    if (result.status !== 503 || Date.now() > deadline) return result;
    await sleep(200);
  }
}

describe('web bridge review endpoint', () => {
  test('own page only, bounded record and movetime, stopped after --review-timeout', async () => {
    const bridge = await start_bridge(engine_path());
    try {
      const evil = await post(bridge, '/review', kRecord, { Origin: 'http://evil.example' });
      assert.equal(evil.status, 403);
      assert.match(evil.text, /cross-site connections are refused/);
      assert.equal((await post(bridge, '/review', kRecord, { Origin: '' })).status, 403);
      assert.equal((await post(bridge, '/review', kRecord, { Host: `rebind.test:${bridge.port}` })).status, 403);
      const huge = await post(bridge, '/review', 'x'.repeat(1024 * 1024 + 1));
      assert.equal(huge.status, 413);
      assert.match(huge.text, /^record of 1048577 bytes refused: a review takes at most 1048576 bytes$/m);
      const movetime = await post(bridge, '/review?movetime=1e9', kRecord);
      assert.equal(movetime.status, 400);
      assert.match(movetime.text, /review movetime '1e9' refused: an integer from 10 to 60000/);
      assert.equal(children_of(bridge.pid).length, 0, 'a refused review started a process');
    } finally {
      bridge.stop();
    }

    // A review that takes longer than --review-timeout is stopped with a clear last line (the
    // real triad-analyse beside the engine, a minute per move).
    const slow = await start_bridge(engine_path(), [], ['--review-timeout', '1']);
    try {
      const stopped = await post(slow, '/review?movetime=60000', kRecord);
      assert.equal(stopped.status, 200);
      assert.deepEqual(review_lines(stopped.text),
                       [{ error: 'the review took longer than 1 s (--review-timeout) and was stopped' }]);
      await wait_children(slow.pid, 0, kWaitMs);
    } finally {
      slow.stop();
    }
  });

  test('--max-engines counts a review from its headers and gives the slot back on every end', async () => {
    const bridge = await start_bridge(engine_path(), [], ['--max-engines', '1', '--review-timeout', '3600']);
    try {
      // A body that never finishes holds the only slot: the next request is refused at once.
      const first = slow_review(bridge);
      await sleep(1000);  // the bridge reads the headers
      const second = await post(bridge, '/review?movetime=10', kRecord);
      assert.equal(second.status, 503, 'a second review ran beside a slow one');
      assert.match(second.text, /^too many reviews: this bridge runs at most 1 at once \(--max-engines\)/);
      // The client gives up: the slot comes back.
      first.tcp.destroy();
      assert.equal((await post_when_free(bridge, kRecord)).status, 200, 'an aborted body kept its slot');
      // A body that is too large is refused and frees its slot.
      assert.equal((await post(bridge, '/review', 'x'.repeat(1024 * 1024 + 1))).status, 413);
      assert.equal((await post_when_free(bridge, kRecord)).status, 200, 'a refused body kept its slot');
      // A failing review (a malformed record) frees its slot.
      const failed = await post(bridge, '/review?movetime=10', '[Variant "yinyang"]\n\n1. zz9 *\n');
      assert.match(review_lines(failed.text).pop().error, /^triad-analyse failed \(2\)/);
      assert.equal((await post_when_free(bridge, kRecord)).status, 200, 'a failed review kept its slot');
      // A page that goes away mid-review: the program is stopped and the slot comes back.
      await new Promise((resolve, reject) => {
        const request = http_request({ host: '127.0.0.1', port: bridge.port, path: '/review?movetime=60000',
                                       method: 'POST', headers: own_headers(bridge) }, (response) => {
          assert.equal(response.statusCode, 200);
          request.destroy();
          resolve();
        });
        request.on('error', (error) => (request.destroyed ? null : reject(error)));
        request.end(kRecord);
      });
      await wait_children(bridge.pid, 0, kWaitMs);
      assert.equal((await post_when_free(bridge, kRecord)).status, 200, 'an abandoned review kept its slot');
      // A body that does not arrive in time is refused (408) and its slot comes back.
      const late = slow_review(bridge);
      assert.match(await late.answer, /^HTTP\/1.1 408/);
      assert.equal((await post_when_free(bridge, kRecord)).status, 200, 'a late body kept its slot');
    } finally {
      bridge.stop();
    }
  });

  test('the engine\'s arguments reach the review\'s engine, relative paths included', async () => {
    const variants = join(scratch, 'variants.yaml');
    writeFileSync(variants, 'variants:\n  - name: my-yinyang\n    game: yinyang\n');
    // The last one names a file relative to the bridge's folder.
    for (const engine_args of [['--option', 'Hash=8'], ['--variant', 'yinyang'], ['--variants', 'variants.yaml']]) {
      const bridge = await start_bridge(engine_path(), engine_args, [], { cwd: scratch });
      try {
        const result = await post(bridge, '/review?movetime=10', kRecord);
        assert.equal(result.status, 200);
        const lines = review_lines(result.text);
        assert.ok(lines.every((line) => !line.error), `-- ${engine_args.join(' ')}: ${result.text}`);
        assert.equal(lines.at(-1).summary, true, `-- ${engine_args.join(' ')}: no summary line`);
      } finally {
        bridge.stop();
      }
    }
  });

  test('the engine\'s tables folder (TablePath, or --tables) is the review\'s -tb', async () => {
    const tables = join(scratch, 'tables');
    const built = spawnSync(join(dirname(engine_path()), 'triad-tables'),
                            ['-variant', 'ivesdama', '-stones', '4', '-dir', tables, '-quiet'], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const exact_moves = async (engine_args, bridge_args) => {
      const bridge = await start_bridge(engine_path(), engine_args, bridge_args);
      try {
        const result = await post(bridge, '/review?movetime=10', kTableRecord);
        assert.equal(result.status, 200);
        const moves = review_lines(result.text).filter((line) => line.move);
        assert.equal(moves.length, 3, result.text);
        return moves.filter((line) => line.exact).length;
      } finally {
        bridge.stop();
      }
    };
    assert.equal(await exact_moves([], []), 0, 'without tables no move is exact');
    assert.equal(await exact_moves(['--option', `TablePath=${tables}`], []), 3, 'the engine\'s TablePath');
    assert.equal(await exact_moves(['--option=tablepath=' + tables], []), 3, 'the engine\'s tablepath, one word');
    assert.equal(await exact_moves([], ['--tables', tables]), 3, 'the bridge\'s --tables');
    // A tables folder that is not one stops the bridge at once with one line.
    const server = join(dirname(fileURLToPath(import.meta.url)), '..', 'server.js');
    const missing = join(scratch, 'no-tables');
    const refused = spawnSync(process.execPath, [server, '--engine', engine_path(), '--port', '0', '--tables', missing],
                              { encoding: 'utf8', timeout: kWaitMs });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /^server.js: the tables folder '.*no-tables' \(--tables or TablePath\) is not a folder$/m);
  });

  test('no record is left in the temporary folder, and its path is never told', async () => {
    for (const signal of ['SIGTERM', 'SIGINT']) {
      const temp = join(scratch, `tmp-${signal}`);
      mkdirSync(temp);
      const bridge = await start_bridge(engine_path(), [], [], { env: { TMPDIR: temp } });
      const failed = await post(bridge, '/review?movetime=10', '[Variant "yinyang"]\n\n1. zz9 *\n');
      const error = review_lines(failed.text).pop().error;
      assert.match(error, /input file 'game.txt': game 1 \(line 1\): ply 1: move 'zz9': malformed/);
      assert.ok(!error.includes(temp), error);
      // Stopped mid-review: the review's program ends and its record is removed.
      const running = await new Promise((resolve, reject) => {
        const request = http_request({ host: '127.0.0.1', port: bridge.port, path: '/review?movetime=60000',
                                       method: 'POST', headers: own_headers(bridge) }, (response) => resolve(response));
        request.on('error', reject);
        request.end(kRecord);
      });
      assert.equal(running.statusCode, 200);
      running.resume();
      running.on('error', () => {});
      assert.equal(readdirSync(temp).length, 1, 'the record is written to the temporary folder');
      const reviews = children_of(bridge.pid);
      assert.equal(reviews.length, 1);
      bridge.stop(signal);
      await bridge.exited;
      assert.deepEqual(readdirSync(temp), [], `${signal} left the record behind`);
      const deadline = Date.now() + kWaitMs;
      while (running_pid(reviews[0]) && Date.now() < deadline) await sleep(100);
      assert.ok(!running_pid(reviews[0]), `${signal} left triad-analyse running`);
    }
  });
});
