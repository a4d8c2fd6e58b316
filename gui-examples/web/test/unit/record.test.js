// Unit tests of public/record.js's reading of texts with several records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { format_eval, line_from, parse_eval, parse_records, record_title } from '../../public/record.js';

const kTwo = `[Variant "yinyang"]
[Player1 "Ann"]
[Player2 "Bo"]
[Result "1-0"]

1. b5b4 a3a4 1-0

[Variant "yinyang"]
[Result "0-1"]

1. f4f5 {[%eval -0.50]} 0-1
`;

test('every record of a text is read, each with its own tags and moves', () => {
  const records = parse_records(kTwo);
  assert.equal(records.length, 2);
  assert.deepEqual(line_from(records[0].root).map((n) => n.move), ['b5b4', 'a3a4']);
  assert.deepEqual(line_from(records[1].root).map((n) => n.move), ['f4f5']);
  assert.deepEqual(line_from(records[1].root)[0].eval, { cp: -50 });
  assert.equal(records[1].tags.get('Player1'), undefined);
});

test('a chooser names each game by its number, players and result', () => {
  const records = parse_records(kTwo);
  assert.equal(record_title(records[0], 0), 'Game 1: Ann – Bo, 1-0');
  assert.equal(record_title(records[1], 1), 'Game 2, 0-1');
});

test('a text with one record, or only moves, is one record', () => {
  assert.equal(parse_records('1. b5b4 *').length, 1);
  assert.equal(parse_records('').length, 1);
});

test("a review's annotated comments read as the review wrote them: mates in moves, proofs by name", () => {
  assert.deepEqual(parse_eval('#-6 mistake, best c3d3'), { mate: -6 });
  assert.deepEqual(parse_eval('+1.25 best c3d3'), { cp: 125 });
  // The annotated record's expected score: the graph draws it after a reload.
  assert.deepEqual(parse_eval('-0.35 (42 %), mistake (loss 0.15)'), { cp: -35, expected: 0.42 });
  assert.deepEqual(parse_eval('+0.07 (100 %)'), { cp: 7, expected: 1 });
  assert.deepEqual(parse_eval('table win, blunder'), { proven: '1-0', by: 'table' });
  assert.deepEqual(parse_eval('solved draw'), { proven: '1/2-1/2', by: 'solver' });
  assert.deepEqual(parse_eval('decided loss'), { proven: '0-1', by: 'engine' });
  assert.equal(format_eval({ proven: '1-0', by: 'table' }), '');
  assert.equal(format_eval({ mate: -6 }), '#-6');
});
