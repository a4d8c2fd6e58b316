// Unit tests of public/variants.js: readable variant names instead of raw ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { variant_name } from '../../public/variants.js';

test('built-in variants are named by game and rule set', () => {
  assert.equal(variant_name('razzledazzle-basic'), 'Razzle Dazzle — basic rules');
  assert.equal(variant_name('ivesdama-arc'), 'Íves dáma — jumps through the arcs');
  assert.equal(variant_name('yinyang'), 'Yin Yang');
});

test('a variant the page does not know keeps its id', () => {
  assert.equal(variant_name('razzle-basic-norepeat'), 'razzle-basic-norepeat');
});
