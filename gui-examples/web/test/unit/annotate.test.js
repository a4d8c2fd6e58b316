// Unit tests of public/annotate.js: a reviewed game written as triad-analyse -annotate
// writes it (docs/analysis.md "The annotated record"), and read back by the record parser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { annotate, review_score_text } from '../../public/annotate.js';
import { add_child, make_node, parse_records, write_record } from '../../public/record.js';

test('scores are written as the annotated record writes them', () => {
  assert.equal(review_score_text({ cp: 125 }), '+1.25');
  assert.equal(review_score_text({ cp: -7 }), '-0.07');
  assert.equal(review_score_text({ cp: -35 }, 0.4249), '-0.35 (42 %)');
  assert.equal(review_score_text({ mate: 6 }, 1), '#+6');
  assert.equal(review_score_text({ mate: 6 }), '#+6');
  assert.equal(review_score_text({ mate: -4 }), '#-4');
  assert.equal(review_score_text({ proven: '1-0', by: 'table' }), 'table win');
  assert.equal(review_score_text({ proven: '1/2-1/2', by: 'solver' }), 'solved draw');
});

test('a blunder gets its NAG, comment and best line; a good move its evaluation', () => {
  const root = make_node(null, null);
  const first = add_child(root, 'b5b4');
  first.review = {
    class: 'blunder',
    played: { mate: -6 },
    before: { mate: 6 },
    loss: 1,
    best: 'b5a5',
    only_move: false,
    pv: ['b5a5', 'a3a4'],
  };
  first.eval = { mate: -3 };
  const second = add_child(first, 'a3a4');
  second.review = { class: 'best', played: { cp: 30 }, p1_expected: 0.61, only_move: true };
  const text = write_record([['Variant', 'yinyang']], annotate(root), 1, '*');
  assert.match(
    text,
    /1\. b5b4 \$4 \{#-6, blunder \(loss 1\.00\); best b5a5 #\+6\} \( 1\. b5a5 a3a4 \)/,
  );
  assert.match(text, /1\.\.\. a3a4\s\{\+0\.30 \(61 %\) only move\}/);
  assert.equal(root.children.length, 1); // the game shown is not changed
  const [read] = parse_records(text);
  const move = read.root.children[0];
  assert.deepEqual(move.nags, [4]);
  // Read back, the good move's evaluation keeps its expected score (the graph's curve).
  assert.deepEqual(move.children[0].eval, { cp: 30, expected: 0.61 });
  assert.deepEqual(
    read.root.children[1].children.map((n) => n.move),
    ['a3a4'],
  );
  assert.equal(read.root.children[1].move, 'b5a5');
});
