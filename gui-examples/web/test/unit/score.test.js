// Unit tests of public/score.js: scores shown from Player 1's point of view, the expected
// score from `wdl`, and the fraction the bar and the graph draw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eval_fraction, expected_from_wdl, p1_eval, score_text } from '../../public/score.js';

test('expected score from wdl per mille: win plus half the draws', () => {
  assert.equal(expected_from_wdl([500, 300, 200]), 0.65);
  assert.equal(expected_from_wdl([0, 1000, 0]), 0.5);
  assert.equal(expected_from_wdl(undefined), undefined);
  assert.equal(expected_from_wdl([1, 2]), undefined);
});

test('a search by Player 2 is turned to Player 1: score, mate, bound and expected', () => {
  const p2 = (info) => p1_eval(info, 2);
  assert.deepEqual(p2({ score: { cp: 35 }, wdl: [750, 0, 250] }), { cp: -35, expected: 0.25 });
  assert.deepEqual(p2({ score: { mate: 3 } }), { mate: -3 });
  assert.deepEqual(p2({ score: { cp: 0, bound: 'lowerbound' } }), { cp: 0, bound: 'upperbound' });
  assert.deepEqual(p1_eval({ score: { mate: 15 }, wdl: [1000, 0, 0] }, 1),
                   { mate: 15, expected: 1 });
});

test('text: mate in moves, signed pawns, bound, expected percentage', () => {
  assert.equal(score_text({ mate: -2 }), '#-2');
  assert.equal(score_text({ cp: 35, expected: 0.62 }), '+0.35 (62 %)');
  assert.equal(score_text({ cp: -120, bound: 'upperbound' }), '≤-1.20');
  assert.equal(score_text(null), '');
});

test('the bar and the graph draw the expected score, not clipped centipawns', () => {
  assert.equal(eval_fraction({ cp: 5000, expected: 0.75 }), 0.5);
  assert.equal(eval_fraction({ mate: -4, expected: 0 }), -1);
  assert.equal(eval_fraction({ cp: 400 }), 0.5);  // a record with only [%eval]
  assert.equal(eval_fraction(null), null);
});

test("a review's proven result is shown by name, never as centipawns, and drawn at the end", () => {
  assert.equal(score_text({ proven: '1-0', by: 'table' }), 'table win');
  assert.equal(score_text({ proven: '0-1', by: 'solver', expected: 0 }), 'solved loss (0 %)');
  assert.equal(score_text({ proven: '1/2-1/2', by: 'engine' }), 'decided draw');
  assert.equal(eval_fraction({ proven: '1-0', by: 'table' }), 1);
  assert.equal(eval_fraction({ proven: '0-1', by: 'table' }), -1);
  assert.equal(eval_fraction({ proven: '1/2-1/2', by: 'table' }), 0);
});
