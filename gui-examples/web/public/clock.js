// The game clock as a pure model: a clock is a plain object, every function takes the time
// `now` (ms, e.g. performance.now()) instead of reading it, so the rules are unit-tested
// without a browser. Sides are 1 and 2; side 0 means no clock runs.

// A new clock: base ms per player (0 = off: time per move), inc ms added per move played.
export function new_clock(base = 0, inc = 0) {
  return { base, inc, left: [0, base, base], side: 0, since: 0, flagged: 0 };
}

export function clock_on(clock) {
  return clock.base > 0;
}

// ms left for `side` at `now`.
export function time_left(clock, side, now) {
  return clock.left[side] - (clock.side === side ? now - clock.since : 0);
}

// Makes `running` (0 = none) the side whose time runs from `now`.
export function run_side(clock, running, now) {
  if (running === clock.side) return;
  if (clock.side) clock.left[clock.side] = time_left(clock, clock.side, now);
  clock.side = running;
  clock.since = now;
}

// A move played by `mover` at `now` at the end of the line: the mover gets the increment and
// no clock runs until the next run_side.
export function clock_moved(clock, mover, now) {
  if (!clock_on(clock) || clock.side !== mover) return;
  clock.left[mover] = time_left(clock, mover, now) + clock.inc;
  clock.side = 0;
}

// Flags the running side when its time is up at `now`: true when this call flagged it.
export function check_flag(clock, now) {
  const side = clock.side;
  if (!side || clock.flagged || time_left(clock, side, now) > 0) return false;
  clock.left[side] = 0;
  clock.side = 0;
  clock.flagged = side;
  return true;
}

// ms -> `m:ss`, with tenths under a minute (`0:09.5`).
export function format_clock(ms) {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor(tenths / 10) % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}${minutes < 1 ? `.${tenths % 10}` : ''}`;
}
