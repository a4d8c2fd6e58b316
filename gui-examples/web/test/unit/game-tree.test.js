// Unit tests of public/game-tree.js: the game tree and the position shown, without an engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameTree } from '../../public/game-tree.js';

test('moves extend the main line; a move from an earlier position is a variation', () => {
  const game = new GameTree('start');
  game.play('a1a2');
  game.play('b1b2');
  assert.deepEqual(game.moves(), ['a1a2', 'b1b2']);
  assert.equal(game.at_line_end(), true);
  game.go_to(game.target('back'));
  assert.equal(game.at_line_end(), false);
  game.play('c1c2');
  assert.deepEqual(game.main_line().map((n) => n.move), ['a1a2', 'b1b2']);
  assert.deepEqual(game.root.children[0].children.map((n) => n.move), ['b1b2', 'c1c2']);
});

test('playing a known continuation follows it instead of adding a line', () => {
  const game = new GameTree('start');
  game.play('a1a2');
  game.go_to(game.target('first'));
  game.play('a1a2');
  assert.equal(game.root.children.length, 1);
  assert.deepEqual(game.moves(), ['a1a2']);
});

test('undoing a refused move forgets the new line and shows the position before', () => {
  const game = new GameTree('start');
  game.play('a1a2');
  const undo = game.play('zz');
  undo();
  assert.deepEqual(game.moves(), ['a1a2']);
  assert.equal(game.node.children.length, 0);
  game.go_to(game.target('first'));
  game.play('a1a2')();  // undoing a known move keeps it
  assert.equal(game.root.children.length, 1);
});

test('navigation: first, back, forward, last; every change bumps the generation', () => {
  const game = new GameTree('start');
  for (const move of ['m1', 'm2', 'm3']) game.play(move);
  const generation = game.generation;
  assert.equal(game.go_to(game.target('first')), true);
  assert.equal(game.go_to(game.target('back')), false);  // the root has no parent
  game.go_to(game.target('forward'));
  assert.deepEqual(game.moves(), ['m1']);
  game.go_to(game.target('last'));
  assert.deepEqual(game.moves(), ['m1', 'm2', 'm3']);
  assert.equal(game.go_to(game.node), false);
  assert.ok(game.generation > generation);
  assert.equal(game.main_end(), game.node);
});
