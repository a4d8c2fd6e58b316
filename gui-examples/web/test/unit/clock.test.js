// Unit tests of the pure clock model (public/clock.js): `node --test test/unit/`, no browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check_flag, clock_moved, clock_on, format_clock, new_clock, run_side, time_left }
    from '../../public/clock.js';

test('a clock with no base is off and never runs down', () => {
  const clock = new_clock();
  assert.equal(clock_on(clock), false);
  clock_moved(clock, 1, 5000);
  assert.deepEqual(clock.left, [0, 0, 0]);
});

test('only the running side loses time; switching banks it', () => {
  const clock = new_clock(60000, 0);
  run_side(clock, 1, 1000);
  assert.equal(time_left(clock, 1, 4000), 57000);
  assert.equal(time_left(clock, 2, 4000), 60000);
  run_side(clock, 2, 4000);
  assert.equal(clock.left[1], 57000);
  assert.equal(time_left(clock, 2, 6000), 58000);
  assert.equal(time_left(clock, 1, 9000), 57000);
});

test('a move adds the increment to the mover and stops the clock', () => {
  const clock = new_clock(60000, 2000);
  run_side(clock, 1, 0);
  clock_moved(clock, 1, 10000);
  assert.equal(clock.left[1], 52000);
  assert.equal(clock.side, 0);
  clock_moved(clock, 2, 11000);  // not running: no increment
  assert.equal(clock.left[2], 60000);
});

test('the running side is flagged once, at zero', () => {
  const clock = new_clock(1000, 0);
  run_side(clock, 2, 0);
  assert.equal(check_flag(clock, 999), false);
  assert.equal(check_flag(clock, 1000), true);
  assert.equal(clock.flagged, 2);
  assert.equal(clock.left[2], 0);
  assert.equal(clock.side, 0);
  assert.equal(check_flag(clock, 2000), false);
});

test('clock text: minutes and seconds, tenths under a minute, never negative', () => {
  assert.equal(format_clock(125000), '2:05');
  assert.equal(format_clock(9500), '0:09.5');
  assert.equal(format_clock(-300), '0:00.0');
});
