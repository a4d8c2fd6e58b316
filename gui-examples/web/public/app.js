// The web GUI's wiring: builds the page's context (the engine connection, the game tree, the
// search controller, the position shown, the clock) and runs every change as one action at a
// time, after which the engine plays or analyses if the situation asks for it. The modules do
// the work: position.js (the engine's view of the game), search.js, game-tree.js, views.js,
// controls.js, records.js, review-run.js. The page knows no rules: every fact about the game
// comes from `query …` answers.
import { clock_on, new_clock, run_side, time_left } from './clock.js';
import { click } from './clicks.js';
import { handshake, wire_controls } from './controls.js';
import { $ } from './dom.js';
import { EngineClient } from './engine.js';
import { GameTree } from './game-tree.js';
import { go_to, new_game, play_move, refresh } from './position.js';
import { SearchController } from './search.js';
import { render, render_analysis, render_clock, render_evaluation } from './views.js';

const kSearchGraceMs = 15000;  // extra time a `go` may take before we give up

const engine = new EngineClient(`ws://${location.host}/ws`);
const ctx = {
  engine,
  engine_name: 'Triad',
  variant: '',
  game: new GameTree(),
  // The position shown, from the engine's `query` answers (position.js refresh); `path` is
  // the squares clicked so far for the move being built.
  pos: { board: null, legal: [], fen: '', turn: 1, over: false, result: 'none', reason: 'none', score: 'none',
         path: [] },
  clock: new_clock(),  // base 0 = off: time per move
  accuracy: null,      // the review's { p1, p2 }
  reviewing: false,
  force_engine_move: false,  // "Engine move" pressed: the engine plays the side to move
};
ctx.search = new SearchController(engine, {
  on_update: () => {
    render_analysis(ctx);
    render_evaluation(ctx);
  },
  on_best: (search, best) => {
    if (search.generation !== ctx.game.generation) return;
    if (best === '(none)') action(refresh);
    else action(() => search.generation === ctx.game.generation && play_move(ctx, best));
  },
  on_error: (error) => show_error(error),
});
const log = [];  // the protocol exchange, for debugging (window.triad.log)
// What the browser test reads.
const state = {
  get start_fen() { return ctx.game.start_fen; },
  get moves() { return ctx.game.moves(); },
  get root() { return ctx.game.root; },
};
window.triad = { state, log, ctx };

let queue = Promise.resolve();
let queued_actions = 0;  // shown as body[data-busy] so tests can wait for a quiet page

// Runs fn(ctx) after every earlier action, with any search stopped first; then lets the
// engine play or analyse if the new situation asks for it.
function action(fn) {
  queued_actions++;
  document.body.dataset.busy = 'true';
  queue = queue.then(async () => {
    await ctx.search.cancel();
    await fn(ctx);
    $('error').hidden = true;
    continue_play();
  }).catch(show_error).finally(() => {
    document.body.dataset.busy = String(--queued_actions > 0);
    sync_clock();
  });
  return queue;
}

function show_error(error) {
  $('error').textContent = error.message || String(error);
  $('error').hidden = false;
  render(ctx);
}

function engine_plays(side) {
  const mode = $('mode').value;
  return mode === 'engine-engine' || (mode === 'human-p1' && side === 2) || (mode === 'human-p2' && side === 1);
}

function human_turn() {
  const { pos, game } = ctx;
  return pos.board !== null && !pos.over && !ctx.clock.flagged &&
      !(engine_plays(pos.turn) && game.at_line_end()) && ctx.search.kind() !== 'move';
}

// The `go` parameters of an engine move: the clocks, else the time per move; with the
// longest the page waits for the answer.
function move_limits() {
  if (clock_on(ctx.clock)) {
    const now = performance.now();
    const [p1, p2] = [1, 2].map((side) => Math.max(0, Math.round(time_left(ctx.clock, side, now))));
    const inc = ctx.clock.inc;
    return { params: `wtime ${p1} btime ${p2} winc ${inc} binc ${inc}`,
             timeout: Math.max(p1, p2) + inc + kSearchGraceMs };
  }
  const movetime = Math.max(10, Number($('movetime').value) || 1000);
  return { params: `movetime ${movetime}`, timeout: movetime + kSearchGraceMs };
}

function start_search(kind) {
  const search = ctx.search.start(kind, {
    node: ctx.game.node, turn: ctx.pos.turn, multipv: Math.max(1, Number($('multipv').value) || 1),
    level: Number($('level').value), limits: kind === 'move' ? move_limits() : undefined,
  });
  search.generation = ctx.game.generation;
  render(ctx);
}

function continue_play() {
  const forced = ctx.force_engine_move;
  ctx.force_engine_move = false;
  const { pos, game } = ctx;
  if (ctx.search.current || pos.over || !pos.board) return;
  if (forced || (engine_plays(pos.turn) && game.at_line_end() && !ctx.clock.flagged)) start_search('move');
  else if ($('analyse').checked) start_search('analyse');
}

// Runs the side to move's clock while the game goes on at the end of its line; else stops it.
function sync_clock() {
  const { clock, pos } = ctx;
  const running = clock_on(clock) && pos.board && !pos.over && !clock.flagged &&
      ctx.game.at_line_end();
  run_side(clock, running ? pos.turn : 0, performance.now());
}

function on_square(name) {
  if (!human_turn()) return;
  const { path, token } = click(ctx.pos.legal, ctx.pos.path, name);
  ctx.pos.path = path;
  if (token) action(() => play_move(ctx, token));
  else render(ctx);
}

Object.assign(ctx, {
  action, show_error, engine_plays, human_turn, on_square,
  render: () => render(ctx),
  show: (node) => action(() => go_to(ctx, node)),
  on_flag: () => action(async () => render(ctx)),  // stops the engine's search
});

async function main() {
  wire_controls(ctx);
  const remember = (entry) => {
    log.push(entry);
    if (log.length > 4000) log.splice(0, 1000);  // keep the recent exchange only
  };
  engine.on_line = (line) => remember(`< ${line}`);
  engine.on_sent = (line) => remember(`> ${line}`);
  engine.on_closed = (reason) => show_error(`Engine connection lost: ${reason}. Reload the page to restart it.`);
  setInterval(() => clock_on(ctx.clock) && render_clock(ctx), 100);
  try {
    await engine.connect();
    await handshake(ctx);
  } catch (error) {
    show_error(error);
    return;
  }
  action(new_game);
}

main();
