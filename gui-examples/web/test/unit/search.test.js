// Unit tests of public/search.js: the search controller's states with a fake engine transport
// (records the lines sent; `go` resolves when the test says the engine answered).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SearchController } from '../../public/search.js';

class FakeTransport {
  constructor() {
    this.sent = [];
    this.searches = [];  // { params, on_line, finish(best) }
  }

  async command(line) {
    this.sent.push(line);
  }

  send(line) {
    this.sent.push(line);
    if (line === 'stop') this.searches.at(-1).finish('a1a2');
  }

  go(params, on_line) {
    this.sent.push(`go ${params}`);
    return new Promise((resolve) => this.searches.push({ params, on_line, finish: resolve }));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('an engine move sets the level, searches with its limits and reports the best move', async () => {
  const fake = new FakeTransport();
  const bests = [];
  const search = new SearchController(fake, { on_best: (s, best) => bests.push(best) });
  const node = {};
  search.start('move', { node, turn: 1, level: 3, limits: { params: 'movetime 100', timeout: 0 } });
  assert.equal(search.kind(), 'move');
  await settle();
  assert.deepEqual(fake.sent, ['setoption name Skill Level value 3', 'go movetime 100']);
  fake.searches[0].on_line('info depth 2 score cp 50 pv a1a2');
  assert.equal(search.analysis.size, 0);  // a limited level's search is not shown
  assert.equal(node.eval, undefined);
  fake.searches[0].finish('b1b2');
  await settle();
  assert.deepEqual(bests, ['b1b2']);
  assert.equal(search.kind(), 'none');
});

test('an analysis is at full strength, shows rows in Player 1 view and ends only when cancelled', async () => {
  const fake = new FakeTransport();
  const bests = [];
  const search = new SearchController(fake, { on_best: (s, best) => bests.push(best) });
  search.level = 5;  // left by an engine move
  const node = {};
  search.start('analyse', { node, turn: 2, multipv: 2 });
  await settle();
  assert.deepEqual(fake.sent, ['setoption name MultiPV value 2', 'setoption name Skill Level value 20',
                               'go infinite']);
  fake.searches[0].on_line('info depth 4 multipv 1 score cp 30 pv c1c2 d1d2');
  fake.searches[0].on_line('info depth 4 multipv 2 score cp 10 pv e1e2');
  assert.deepEqual(node.eval, { cp: -30 });
  fake.searches[0].on_line('info depth 5 multipv 1 score cp 20 pv e1e2');  // row 2 is stale now
  assert.deepEqual([...search.analysis.keys()], [1]);
  await search.cancel();
  assert.equal(fake.sent.at(-1), 'stop');
  assert.equal(search.kind(), 'none');
  assert.deepEqual(bests, []);  // a cancelled search's move is not played
});

test('a search cancelled before its go sends no go and no stop', async () => {
  const fake = new FakeTransport();
  const search = new SearchController(fake);
  search.start('analyse', { node: {}, turn: 1, multipv: 3 });
  await search.cancel();
  assert.deepEqual(fake.sent, ['setoption name MultiPV value 3']);
  assert.equal(search.kind(), 'none');
});

test('move now stops only a started engine move', async () => {
  const fake = new FakeTransport();
  const bests = [];
  const search = new SearchController(fake, { on_best: (s, best) => bests.push(best) });
  search.start('analyse', { node: {}, turn: 1 });
  await settle();
  search.move_now();
  assert.ok(!fake.sent.includes('stop'));
  await search.cancel();
  search.start('move', { node: {}, turn: 1, limits: { params: 'movetime 50', timeout: 0 } });
  await settle();
  search.move_now();
  await settle();
  assert.deepEqual(bests, ['a1a2']);
});

test('a failed search is reported and leaves no search running', async () => {
  const fake = new FakeTransport();
  fake.go = async () => {
    throw new Error('engine gone');
  };
  const errors = [];
  const search = new SearchController(fake, { on_error: (e) => errors.push(e.message) });
  search.start('move', { node: {}, turn: 1, limits: { params: 'movetime 50', timeout: 0 } });
  await settle();
  assert.deepEqual(errors, ['engine gone']);
  assert.equal(search.kind(), 'none');
});
