// Unit tests of public/review.js: the review's verdicts counted per player.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { class_counts, player_summary } from '../../public/review.js';

const node = (player, cls) => ({ review: { player, class: cls } });

test('inaccuracies, mistakes and blunders are counted per player', () => {
  const counts = class_counts([node(1, 'blunder'), node(2, 'best'), node(1, 'inaccuracy'),
                               node(2, 'mistake'), node(1, 'blunder'), {}]);
  assert.deepEqual(counts, { 1: { inaccuracy: 1, mistake: 0, blunder: 2 },
                             2: { inaccuracy: 0, mistake: 1, blunder: 0 } });
});

test('a player summary: accuracy, then the counts in words', () => {
  assert.equal(player_summary(87.54, { inaccuracy: 1, mistake: 0, blunder: 2 }),
               '87.5 % (1 inaccuracy, 0 mistakes, 2 blunders)');
  assert.equal(player_summary(null, { inaccuracy: 3, mistake: 1, blunder: 1 }),
               '– (3 inaccuracies, 1 mistake, 1 blunder)');
});
