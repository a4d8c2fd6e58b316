// The web GUI's controller: keeps the game as a tree of moves (the main line and its
// variations, with the position shown), asks the engine for everything the page shows
// (board, legal moves, turn, result, score), turns clicks into move tokens, runs the engine's
// searches and the clock, loads and saves records, and shows a review. The page knows no
// rules: every fact about the game comes from `query …` answers.
import { render_board, split_squares } from './board.js';
import { check_flag, clock_moved, clock_on, format_clock, new_clock, run_side, time_left } from './clock.js';
import { EngineClient, parse_info } from './engine.js';
import { render_eval_bar, render_graph } from './graph.js';
import { class_counts, player_summary } from './review.js';
import { render_rules } from './rules.js';
import { p1_eval, score_text } from './score.js';
import { variant_name } from './variants.js';
import { add_child, all_nodes, kResultTokens, line_from, make_node, mate_in_moves, parse_position_line,
         parse_records, path_to, record_title, side_of, write_record } from './record.js';

const $ = (id) => document.getElementById(id);
const kSearchGraceMs = 15000;  // extra time a `go` may take before we give up
const kResultText = { p1win: 'Player 1 wins', p2win: 'Player 2 wins', draw: 'Draw' };
const kClassGlyph = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const kNagGlyph = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
const kMaxRecordChars = 1 << 20;  // a longer pasted or picked record is refused
const kDefaultLevel = '10';  // the first game's level: a middle one (0 weakest, 20 full strength)
// The colour key under the board: [swatch class, meaning] per game, then the highlights.
const kKeys = {
  razzledazzle: [['rd-p1', 'Player 1 piece'], ['rd-p2', 'Player 2 piece'], ['ball', 'the ball'],
                 ['ineligible', 'ineligible to receive the ball (red cross)']],
  yinyang: [['stone-light', 'light stone'], ['stone-dark', 'dark stone'], ['cell-light', 'light square'],
            ['cell-dark', 'dark square']],
  ivesdama: [['ives-p1', 'Player 1 piece (crimson)'], ['ives-p2', 'Player 2 piece (green)'],
             ['point', 'point; lines and arcs join neighbours']],
};
const kHighlightKey = [['last-move', 'last move'], ['selectable', 'can move'], ['path', 'move being built'],
                       ['target', 'next square of a legal move']];

const engine = new EngineClient(`ws://${location.host}/ws`);
const state = {
  engine_name: 'Triad',
  variant: '',
  start_fen: '',
  root: make_node(null, null),  // the game tree (record.js); root = the start position
  node: null,          // the position shown
  moves: [],           // move tokens from the start to the position shown
  board: null,         // parsed `query board`
  legal: [],           // `query moves`, each split into squares
  fen: '', turn: 1, over: false, result: 'none', reason: 'none', score: 'none',
  path: [],            // squares clicked so far for the move being built
  generation: 0,       // bumps on every change of the position; stale engine moves are dropped
  search: null,        // { kind, node, turn, promise, cancelled } while the engine searches
  analysis: new Map(), // multipv index -> latest info with a pv
  summary: null,       // latest info of the running search
  multipv: 1,          // the MultiPV value the engine has
  level: 20,           // the Skill Level the engine has (20 = full strength)
  force_engine_move: false,  // "Engine move" pressed: the engine plays the side to move
  // The clock (base 0 = off: time per move): ms left per player, the running side since when.
  clock: new_clock(),
  accuracy: null,      // the review's { p1, p2 }
  reviewing: false,
};
state.node = state.root;
const log = [];        // the protocol exchange, for debugging (window.triad.log)
window.triad = { state, log };

// ---------------------------------------------------------------- actions, one at a time

let queue = Promise.resolve();
let queued_actions = 0;  // shown as body[data-busy] so tests can wait for a quiet page

// Runs fn after every earlier action, with any search stopped first; then lets the engine
// play or analyse if the new situation asks for it.
function action(fn) {
  queued_actions++;
  document.body.dataset.busy = 'true';
  queue = queue.then(async () => {
    await cancel_search();
    await fn();
    hide_error();
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
  render();
}

function hide_error() {
  $('error').hidden = true;
}

function engine_plays(side) {
  const mode = $('mode').value;
  return mode === 'engine-engine' || (mode === 'human-p1' && side === 2) || (mode === 'human-p2' && side === 1);
}

// The game goes on at the end of a line (no later move known) until it ends or a flag falls.
function at_line_end() {
  return state.node.children.length === 0;
}

function human_turn() {
  return state.board !== null && !state.over && !state.clock.flagged &&
      !(engine_plays(state.turn) && at_line_end()) && !(state.search && state.search.kind === 'move');
}

function continue_play() {
  const forced = state.force_engine_move;
  state.force_engine_move = false;
  if (state.search || state.over || !state.board) return;
  if (forced || (engine_plays(state.turn) && at_line_end() && !state.clock.flagged)) start_search('move');
  else if ($('analyse').checked) start_search('analyse');
}

// ---------------------------------------------------------------- the clock (clock.js)

// Starts the clock from the settings (base in minutes, increment in seconds).
function reset_clock() {
  const base = Math.max(0, Number($('clock-base').value) || 0) * 60000;
  const inc = Math.max(0, Number($('clock-inc').value) || 0) * 1000;
  state.clock = new_clock(base, inc);
}

// Runs the side to move's clock while the game goes on at the end of its line; else stops it.
function sync_clock() {
  const c = state.clock;
  const running = clock_on(c) && state.board && !state.over && !c.flagged && at_line_end() ? state.turn : 0;
  run_side(c, running, performance.now());
}

function render_clock() {
  const c = state.clock;
  $('clocks').hidden = !clock_on(c);
  if (!clock_on(c)) return;
  const now = performance.now();
  if (check_flag(c, now)) action(async () => render());  // stops the engine's search
  for (const side of [1, 2]) {
    const ms = time_left(c, side, now);
    const shown = $(`clock-p${side}`);
    shown.textContent = `Player ${side}: ${format_clock(ms)}`;
    shown.classList.toggle('running', c.side === side);
    shown.dataset.ms = String(Math.max(0, Math.round(ms)));
  }
}

// ---------------------------------------------------------------- engine searches

// The `go` parameters of an engine move: the clocks, else the time per move; with the
// longest the page waits for the answer.
function move_limits() {
  if (clock_on(state.clock)) {
    const now = performance.now();
    const [p1, p2] = [1, 2].map((side) => Math.max(0, Math.round(time_left(state.clock, side, now))));
    const inc = state.clock.inc;
    return { params: `wtime ${p1} btime ${p2} winc ${inc} binc ${inc}`,
             timeout: Math.max(p1, p2) + inc + kSearchGraceMs };
  }
  const movetime = Math.max(10, Number($('movetime').value) || 1000);
  return { params: `movetime ${movetime}`, timeout: movetime + kSearchGraceMs };
}

function start_search(kind) {
  const generation = state.generation;
  // A move at a limited level is the level's own tiny search: not shown as an evaluation (the
  // full-strength analysis, "Analyse on human turns", is).
  const shown = kind !== 'move' || Number($('level').value) >= 20;
  const search = { kind, node: state.node, turn: state.turn, cancelled: false, started: false, shown };
  state.search = search;
  state.analysis.clear();
  state.summary = null;
  search.promise = (async () => {
    const multipv = Math.max(1, Number($('multipv').value) || 1);
    if (multipv !== state.multipv) {
      await engine.command(`setoption name MultiPV value ${multipv}`);
      state.multipv = multipv;
    }
    // The chosen level plays the engine's moves; analysis is at full strength.
    const level = kind === 'move' ? Number($('level').value) : 20;
    if (level !== state.level) {
      await engine.command(`setoption name Skill Level value ${level}`);
      state.level = level;
    }
    if (search.cancelled) return '(none)';  // cancelled before `go` was sent
    const limits = kind === 'move' ? move_limits() : { params: 'infinite', timeout: 0 };
    search.started = true;
    return engine.go(limits.params, (line) => on_info(search, line), limits.timeout);
  })();
  render();
  search.promise.then((best) => {
    if (state.search === search) state.search = null;
    if (search.cancelled || kind !== 'move' || generation !== state.generation) return;
    if (best === '(none)') action(refresh);
    else action(async () => generation === state.generation && play_move(best));
  }, (error) => {
    if (state.search === search) state.search = null;
    show_error(error);
  });
}

// Stops a running search and waits for its `bestmove`, whose move is then ignored.
async function cancel_search() {
  const search = state.search;
  if (!search) return;
  search.cancelled = true;
  try {
    if (search.started) engine.send('stop');  // else the search ends before its `go`
    await search.promise;
  } catch {
    // a failed search was reported by start_search
  }
  state.search = null;
}

function on_info(search, line) {
  const info = parse_info(line);
  if (!info || !search.shown) return;
  if (info.depth !== undefined || info.nodes !== undefined) state.summary = info;
  if (info.pv && info.pv.length) {
    const index = info.multipv || 1;
    // A line that now starts with another row's move makes that row stale (e.g. the final
    // report of an interrupted iteration): drop it rather than show one move twice.
    for (const [other, row] of state.analysis) {
      if (other !== index && row.pv[0] === info.pv[0]) state.analysis.delete(other);
    }
    const p1 = info.score ? p1_eval(info, search.turn) : null;  // the row in Player 1's view
    state.analysis.set(index, { ...info, p1 });
    if (index === 1 && p1 && !p1.bound) search.node.eval = p1;
  }
  render_analysis();
  render_evaluation();
}

// ---------------------------------------------------------------- the game

// Sends the position shown to the engine and reads back everything the page shows.
async function refresh() {
  state.moves = path_to(state.node).map((n) => n.move);
  const moves = state.moves.length ? ` moves ${state.moves.join(' ')}` : '';
  await engine.command(`position fen ${state.start_fen}${moves}`);
  const answers = await Promise.all(
      ['board', 'moves', 'fen', 'turn', 'gameover', 'result', 'reason', 'score'].map((q) => engine.query(q)));
  const [board, legal, fen, turn, over, result, reason, score] = answers;
  try {
    state.board = JSON.parse(board);
  } catch (error) {
    throw new Error(`the engine's 'query board' answer is not JSON (${error.message}): ${board.slice(0, 80)}`);
  }
  state.legal = legal === 'none' ? [] : legal.split(/\s+/).map(split_squares);
  Object.assign(state, { fen, turn: Number(turn), over: over === 'true', result, reason, score, path: [] });
  state.node.result = state.over ? { result, reason, score } : null;
  $('fen').value = fen;
  render();
}

// Shows `node` (any position of the tree).
async function go_to(node) {
  if (!node || node === state.node) return;
  state.node = node;
  state.generation++;
  await refresh();
}

// Plays `token` from the position shown: the known continuation if it is one, else a new
// line (the main line at a line's end, a variation otherwise). The engine checks it.
async function play_move(token) {
  const known = state.node.children.find((child) => child.move === token);
  const mover = state.turn;
  const from = state.node;
  const extends_line = at_line_end();
  state.node = known || add_child(from, token);
  state.generation++;
  try {
    await refresh();
  } catch (error) {
    if (!known) from.children.pop();  // the engine refused the move: show the game as it was
    state.node = from;
    await refresh();
    throw error;
  }
  if (extends_line) clock_moved(state.clock, mover, performance.now());
}

function start_game(start_fen, root) {
  state.start_fen = start_fen;
  state.root = root;
  state.node = root;
  state.accuracy = null;
  state.generation++;
  reset_clock();
}

// Sets the variant; resolves with its start position line.
async function set_variant(variant) {
  const lines = await engine.command(`setoption name UCI_Variant value ${variant}`);
  await engine.command('ucinewgame');
  state.variant = variant;
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const match = announced && announced.match(/ startpos (.+)$/);
  if (match) return match[1].trim();
  await engine.command('position startpos');  // an engine that does not announce it
  return engine.query('fen');
}

async function new_game() {
  start_game(await set_variant($('variant').value), make_node(null, null));
  await refresh();
}

// Back one move; against the engine, back to the human's own turn. Nothing is deleted.
async function take_back() {
  const node = state.node.parent;
  const mode = $('mode').value;
  if (!node) return;
  await go_to(node);
  while (state.node.parent && engine_plays(state.turn) && mode !== 'engine-engine') await go_to(state.node.parent);
}

// Checks every line of `root` from `fen` with the engine (`position … moves …` refuses an
// illegal move with the reason); throws naming the line.
async function check_lines(fen, root) {
  const leaves = [...all_nodes(root)].filter((node) => !node.children.length);
  for (const leaf of leaves) {
    const path = path_to(leaf);
    const main = path.every((node) => node.parent.children[0] === node);
    try {
      await engine.command(`position fen ${fen} moves ${path.map((n) => n.move).join(' ')}`);
    } catch (error) {
      throw new Error(`${main ? 'the main line' : `the variation ending ${leaf.move}`}: ${error.message}`);
    }
  }
}

// Loads the Position line box: a position line or `startpos`, maybe with `moves …`.
async function load_position() {
  const parsed = parse_position_line($('fen').value);
  let fen = parsed.fen;
  if (parsed.startpos) {
    await engine.command('position startpos');
    fen = await engine.query('fen');
  } else {
    await engine.command(`position fen ${fen}`);  // throws with the engine's reason if malformed
  }
  const root = make_node(null, null);
  let node = root;
  for (const move of parsed.moves) node = add_child(node, move);
  if (parsed.moves.length) await check_lines(fen, root);
  start_game(fen, root);
  state.node = node;
  await refresh();
}

// Loads the record in the Game record box (its Variant and FEN tags, moves, NAGs, comments,
// evaluations and variations) and shows the main line's last position.
// Which record of a text with several to load: the chooser's choice for the same text, else
// the first (the chooser is then filled and shown).
let chooser_text = null;  // the text the chooser lists
function choose_record(text, records) {
  const chooser = $('record-game');
  if (chooser_text !== text) {
    chooser.replaceChildren(...records.map((record, i) => new Option(record_title(record, i), String(i))));
    chooser_text = text;
  }
  chooser.hidden = records.length < 2;
  return Number(chooser.value) || 0;
}

async function load_record() {
  const text = $('record').value;
  if (text.length > kMaxRecordChars) throw new Error(`the record has ${text.length} characters: at most ${kMaxRecordChars}`);
  if (!text.trim()) throw new Error('the record box is empty: paste a record or pick a file');
  let records;
  try {
    records = parse_records(text);
  } catch (error) {
    throw new Error(`record: ${error.message}`);
  }
  const parsed = records[choose_record(text, records)];
  const variant = parsed.tags.get('Variant') || state.variant;
  if (![...$('variant').options].some((o) => o.value === variant))
    throw new Error(`record: this engine has no variant '${variant}' (Variant tag)`);
  const previous = state.variant;
  const start = await set_variant(variant);
  const tag = parsed.tags.get('FEN');
  const fen = tag && tag !== 'startpos' ? tag : start;
  try {
    await engine.command(`position fen ${fen}`);
    if (parsed.root.children.length) await check_lines(fen, parsed.root);
  } catch (error) {
    if (variant !== previous) await set_variant(previous);  // the game shown stays
    throw new Error(`record: ${error.message}`);
  }
  $('variant').value = variant;
  start_game(fen, parsed.root);
  const line = line_from(parsed.root);
  state.node = line.length ? line[line.length - 1] : parsed.root;
  await refresh();
}

// ---------------------------------------------------------------- building moves by clicks

function same_prefix(squares, prefix) {
  return prefix.every((sq, i) => squares[i] === sq);
}

function moves_starting(prefix) {
  return state.legal.filter((squares) => squares.length >= prefix.length && same_prefix(squares, prefix));
}

function is_complete(path) {
  return state.legal.some((squares) => squares.length === path.length && same_prefix(squares, path));
}

// A click adds the square to the move being built if some legal move continues that way,
// starts a new move from it otherwise, and plays the move once it is complete and cannot
// be extended (or, if it can, when its last square is clicked again).
function on_square(name) {
  if (!human_turn()) return;
  const path = state.path;
  if (path.length && name === path[path.length - 1]) {
    const token = path.join('');
    state.path = [];
    if (path.length > 1 && is_complete(path)) action(() => play_move(token));
    else render();
    return;
  }
  const extended = [...path, name];
  if (path.length && moves_starting(extended).length) state.path = extended;
  else if (moves_starting([name]).some((squares) => squares.length > 1)) state.path = [name];
  else state.path = [];
  const extendable = moves_starting(state.path).some((squares) => squares.length > state.path.length);
  if (state.path.length > 1 && is_complete(state.path) && !extendable) {
    const token = state.path.join('');
    state.path = [];
    action(() => play_move(token));
    return;
  }
  render();
}

// ---------------------------------------------------------------- drawing the page

function render_analysis() {
  const body = $('analysis').querySelector('tbody');
  body.replaceChildren();
  for (const index of [...state.analysis.keys()].sort((a, b) => a - b)) {
    const info = state.analysis.get(index);
    const row = document.createElement('tr');
        for (const text of [index, info.depth ?? '', score_text(info.p1), info.nodes ?? '', info.pv.join(' ')]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  const s = state.summary;
  $('analysis-summary').textContent = s
      ? `depth ${s.depth ?? '-'}  ${s.nps ? `${Math.round(s.nps / 1000)} kN/s` : ''}  ${s.time !== undefined ? `${(s.time / 1000).toFixed(1)} s` : ''}`
      : '';
}

// The evaluation bar (the position shown) and the graph (the main line, or the line shown
// when it leaves the main line).
function render_evaluation() {
  const node = state.node;
  render_eval_bar($('eval-bar'), node.eval, $('flip').checked);
  $('eval-text').textContent = node.eval ? `Player 1: ${score_text(node.eval)}` : '';
  const line = [...path_to(node), ...line_from(node)];
  render_graph($('graph'), line, path_to(node).length - 1, (i) => action(() => go_to(line[i])));
  const a = state.accuracy;
  const counts = class_counts(line_from(state.root));
  $('accuracy').textContent = a ? `Accuracy: Player 1 ${player_summary(a.p1, counts[1])}, ` +
                                  `Player 2 ${player_summary(a.p2, counts[2])}` : '';
}

// The move list: the main line with its variations in parentheses, as in a record; a click
// on a move shows its position.
function render_moves() {
  const list = $('moves');
  list.replaceChildren();
  const first_side = side_of(state.start_fen);
  const text = (parent, content, cls, blank = true) => {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = content;
    parent.append(span);
    if (blank) parent.append(' ');  // lets the list wrap here
    return span;
  };
  const write_line = (parent, start, ply, numbered) => {
    let first = numbered;
    for (let node = start; node; node = node.children[0], ply++) {
      const p1 = (first_side + ply) % 2 === 1;
      const number = Math.floor((ply + first_side - 1) / 2) + 1;
      if (p1 || first) text(parent, p1 ? `${number}.` : `${number}…`, 'number');
      const review = node.review && kClassGlyph[node.review.class];
      const glyph = review || node.nags.map((n) => kNagGlyph[n] || '').join('');
      const move = text(parent, node.move, 'move', !glyph);  // a glyph stays on the move's line
      if (node === state.node) move.classList.add('current');
      if (review) move.classList.add(node.review.class);
      if (glyph) text(parent, glyph, `glyph ${node.review ? node.review.class : ''}`);
      move.title = [node.eval ? `Player 1: ${score_text(node.eval)}` : '', node.comment,
                    node.review ? `${node.review.class}, best ${node.review.best}` : ''].filter(Boolean).join(' · ');
      move.onclick = () => action(() => go_to(node));
      first = false;
      const siblings = node.parent.children;
      if (siblings[0] === node && siblings.length > 1) {
        for (const alternative of siblings.slice(1)) {
          const variation = document.createElement('span');
          variation.className = 'variation';
          parent.appendChild(variation);
          write_line(variation, alternative, ply, true);
        }
        first = true;
      }
    }
  };
  if (state.root.children.length) write_line(list, state.root.children[0], 0, true);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function render_key(game) {
  const key = $('key');
  if (key.dataset.game === game) return;
  key.dataset.game = game;
  key.replaceChildren();
  for (const [swatch, meaning] of [...(kKeys[game] || []), ...kHighlightKey]) {
    const item = document.createElement('span');
    item.className = 'key-item';
    const mark = document.createElement('span');
    mark.className = `swatch ${swatch}`;
    item.append(mark, ` ${meaning}`);
    key.appendChild(item);
  }
}

function status_text() {
  if (!state.board) return 'Connecting to the engine…';
  if (state.over) {
    // Yin Yang: a tie is a win for Player 2 (docs/games/yin-yang.md); say so.
    const [p1, p2] = state.score.split(/\s+/);
    const tie = state.reason === 'score' && p1 !== undefined && p1 === p2 ? `, ${p1}–${p2}: a tie goes to Player 2` : '';
    return `Game over: ${kResultText[state.result] || state.result} (${state.reason}${tie})`;
  }
  if (state.clock.flagged) return `Player ${state.clock.flagged} lost on time`;
  const line_end = at_line_end();
  const who = !line_end ? 'analysis' : engine_plays(state.turn) ? 'engine' : 'you';
  const thinking = state.search && state.search.kind === 'move' ? ' — engine thinking…' : '';
  return `Player ${state.turn} to move (${who})${thinking}`;
}

function render() {
  document.body.dataset.ply = String(state.moves.length);
  document.body.dataset.searching = state.search ? state.search.kind : 'none';
  document.body.dataset.over = String(state.over);
  $('status').textContent = status_text();
  const yinyang = state.score !== 'none' && state.score !== '';
  $('score').hidden = !yinyang;
  if (yinyang) {
    const [p1, p2] = state.score.split(/\s+/);
    $('score-text').textContent = `Score — Player 1 (same colour): ${p1}   Player 2: ${p2}`;
  }
  render_clock();
  if (!state.board) return;
  const human = human_turn();
  const path = state.path;
  const next = moves_starting(path).filter((s) => s.length > path.length).map((s) => s[path.length]);
  render_board($('board'), state.board, {
    flipped: $('flip').checked,
    selectable: human ? new Set(state.legal.map((s) => s[0])) : new Set(),
    path,
    targets: human && path.length ? new Set(next) : new Set(),
    last_move: state.moves.length ? split_squares(state.moves[state.moves.length - 1]) : [],
  }, on_square);
  render_key(state.board.game);
  render_rules($('rules'), state.board.game);
  $('hint').textContent = path.length
      ? (is_complete(path) ? `Click ${path[path.length - 1]} again to play ${path.join('')}, or continue.`
                           : `Building ${path.join('')}: click a marked square.`)
      : (human ? 'Click a piece, then its destination (each square of a pass chain or capture).' : '');
  render_moves();
  render_analysis();
  render_evaluation();
}

// ---------------------------------------------------------------- the game record

// The game as a record: the main line with its variations, NAGs, comments and the engine's
// evaluations (`[%eval …]`, Player 1's point of view).
function record_text() {
  const mode = $('mode').value;
  const name = (side) => (engine_plays(side) || mode === 'engine-engine' ? state.engine_name : 'Human');
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const line = line_from(state.root);
  const end = line.length ? line[line.length - 1] : state.root;
  const flagged = state.clock.flagged;
  const result = end.result ? end.result.result : flagged ? (flagged === 1 ? 'p2win' : 'p1win') : 'none';
  const termination = end.result ? (end.result.reason === 'illegal-move' ? 'illegal move' : 'normal')
                                 : flagged ? 'time forfeit' : 'unterminated';
  const tags = [
    ['Event', 'Triad web GUI game'], ['Date', date], ['Variant', state.variant], ['FEN', state.start_fen],
    ['Player1', name(1)], ['Player2', name(2)], ['Result', kResultTokens[result]], ['Termination', termination],
  ];
  if (clock_on(state.clock)) tags.push(['TimeControl', `${state.clock.base / 1000}+${state.clock.inc / 1000}`]);
  if (end.result && end.result.score !== 'none') tags.push(['Score', end.result.score]);
  return write_record(tags, state.root, side_of(state.start_fen), kResultTokens[result]);
}

function save_record() {
  const text = record_text();
  $('record').value = text;
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.hidden = false;
}

// ---------------------------------------------------------------- the review

// One line of the review's output (docs/analysis.md): a move's verdict on the main line's
// node it names, or a game's summary.
// A review's score (Player 1's view: { cp }, { mate } or { proven, by }) with its expected
// score when the JSON has one. A review that gives `p1_expected` counts mates in moves; an
// older one counts them in plies.
function review_eval(entry, score, expected) {
  const has_expected = typeof entry.p1_expected === 'number';
  const result = has_expected ? { ...score } : mate_in_moves(score);
  if (typeof expected === 'number') result.expected = expected;
  return result;
}

function apply_review_line(entry, line) {
  if (entry.error && entry.ply === undefined) throw new Error(`review: ${entry.error}`);
  if (entry.summary) {
    state.accuracy = entry.accuracy;
    return;
  }
  // A move the engine failed on (`error` instead of a verdict), or a line this page does not show.
  if (entry.error || entry.ply === undefined || entry.move === undefined) return;
  // `ply` counts the moves before this one (0 = the first move); a count from 1 is accepted too.
  const node = [line[entry.ply], line[entry.ply - 1]].find((n) => n && n.move === entry.move);
  if (!node) throw new Error(`review: move ${entry.move} at ply ${entry.ply} is not in the game`);
  node.review = entry;
  if (entry.played) node.eval = review_eval(entry, entry.played, entry.p1_expected);
  const parent = node.parent;
  if (entry.before && parent !== state.root && !parent.eval) {
    parent.eval = review_eval(entry, entry.before, entry.p1_expected_before);
  }
  $('review-status').textContent = `Reviewed ${line.indexOf(node) + 1} of ${line.length} moves`;
}

// Sends the main line to the bridge's /review and applies the JSON lines as they come.
async function review() {
  if (state.reviewing) return;
  const line = line_from(state.root);
  if (!line.length) throw new Error('review: the game has no moves yet');
  state.reviewing = true;
  $('review').disabled = true;
  document.body.dataset.review = 'running';
  $('review-status').textContent = 'Reviewing…';
  try {
    const movetime = Math.max(10, Number($('movetime').value) || 1000);
    const response = await fetch(`/review?movetime=${movetime}`, { method: 'POST', body: record_text(),
                                                                    headers: { 'Content-Type': 'text/plain' } });
    if (!response.ok) throw new Error(`review: ${(await response.text()).trim()}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      pending += value || '';
      const lines = pending.split('\n');
      pending = done ? '' : lines.pop();
      for (const text of lines.filter((l) => l.trim())) apply_review_line(JSON.parse(text), line);
      render();
      if (done) break;
    }
    $('review-status').textContent = 'Review done';
  } finally {
    state.reviewing = false;
    $('review').disabled = false;
    document.body.dataset.review = 'done';
  }
}

// ---------------------------------------------------------------- start-up

async function handshake() {
  const lines = await engine.request(['uci', 'isready'], (l) => l === 'readyok', { timeout_ms: 20000 });
  const id = lines.find((l) => l.startsWith('id name '));
  if (id) state.engine_name = id.slice('id name '.length);
  $('engine-name').textContent = state.engine_name;
  const variants = lines.find((l) => /^option name UCI_Variant type combo/i.test(l));
  const names = variants ? [...variants.matchAll(/ var (\S+)/g)].map((m) => m[1]) : [];
  const fallback = variants && variants.match(/ default (\S+)/);
  for (const name of names.length ? names : [fallback ? fallback[1] : 'razzledazzle']) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = variant_name(name);
    $('variant').appendChild(option);
  }
  // The address's choice, else the variant the engine announced (it may have been started
  // with --variant), else the option's default.
  const requested = new URLSearchParams(location.search).get('variant');
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const current = announced ? announced.split(/\s+/)[3] : fallback && fallback[1];
  if (requested && names.includes(requested)) $('variant').value = requested;
  else if (current && names.includes(current)) $('variant').value = current;
  // The bar and the graph draw Player 1's expected score: ask for `wdl` when it is offered.
  if (lines.some((l) => /^option name UCI_ShowWDL type check/i.test(l))) {
    await engine.command('setoption name UCI_ShowWDL value true');
  }
  const multipv = lines.find((l) => /^option name MultiPV /i.test(l));
  const max = multipv && multipv.match(/ max (\d+)/);
  if (max) $('multipv').max = max[1];
  // Skill Level 0 .. max - 1 below full strength, weakest last.
  const skill = lines.find((l) => /^option name Skill Level type spin/i.test(l));
  const top = skill && skill.match(/ max (\d+)/);
  for (let level = top ? Number(top[1]) - 1 : -1; level >= 0; --level) {
    const option = document.createElement('option');
    option.value = String(level);
    option.textContent = `Level ${level}`;
    $('level').appendChild(option);
  }
  // The address's level, else a middle one (kDefaultLevel) when the engine has levels.
  const requested_level = new URLSearchParams(location.search).get('level');
  const has = (value) => [...$('level').options].some((o) => o.value === value);
  if (has(requested_level)) $('level').value = requested_level;
  else if (has(kDefaultLevel)) $('level').value = kDefaultLevel;
}

// Arrow keys move through the game (not while typing in a field).
function on_key(event) {
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
  const target = {
    ArrowLeft: () => state.node.parent, ArrowRight: () => state.node.children[0],
    Home: () => state.root, ArrowUp: () => state.root,
    End: () => line_from(state.node).pop() || state.node, ArrowDown: () => line_from(state.node).pop() || state.node,
  }[event.key];
  if (!target) return;
  event.preventDefault();
  action(() => go_to(target()));
}

function wire_controls() {
  $('new-game').onclick = () => action(new_game);
  $('variant').onchange = () => action(new_game);
  $('take-back').onclick = () => action(take_back);
  $('nav-first').onclick = () => action(() => go_to(state.root));
  $('nav-back').onclick = () => action(() => go_to(state.node.parent));
  $('nav-forward').onclick = () => action(() => go_to(state.node.children[0]));
  $('nav-last').onclick = () => action(() => go_to(line_from(state.node).pop()));
  document.addEventListener('keydown', on_key);
  $('load-fen').onclick = () => action(load_position);
  $('engine-move').onclick = () => action(async () => {
    state.force_engine_move = true;
  });
  $('move-now').onclick = () => {
    if (state.search && state.search.kind === 'move' && state.search.started) engine.send('stop');
  };
  for (const id of ['mode', 'multipv', 'analyse', 'level']) $(id).onchange = () => action(async () => render());
  $('flip').onchange = render;
  $('save').onclick = save_record;
  $('load-record').onclick = () => action(load_record);
  $('record-game').onchange = () => action(load_record);
  $('record-file').onchange = async () => {
    const file = $('record-file').files[0];
    if (!file) return;
    if (file.size > kMaxRecordChars) {
      show_error(`the file ${file.name} has ${file.size} bytes: a record may have at most ${kMaxRecordChars}`);
      return;
    }
    $('record').value = await file.text();
    action(load_record);
  };
  $('review').onclick = () => review().catch(show_error);
  $('copy-fen').onclick = async () => {
    $('fen').select();
    try {
      await navigator.clipboard.writeText($('fen').value);
    } catch {
      document.execCommand('copy');  // older browsers / no clipboard permission
    }
  };
  const remember = (entry) => {
    log.push(entry);
    if (log.length > 4000) log.splice(0, 1000);  // keep the recent exchange only
  };
  engine.on_line = (line) => remember(`< ${line}`);
  engine.on_sent = (line) => remember(`> ${line}`);
  engine.on_closed = (reason) => show_error(`Engine connection lost: ${reason}. Reload the page to restart it.`);
  // Settings can be preset in the address:
  // ?variant=yinyang&mode=engine-engine&movetime=500&level=3&clock=5&inc=2
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode');
  if (mode && [...$('mode').options].some((o) => o.value === mode)) $('mode').value = mode;
  for (const [id, name] of [['movetime', 'movetime'], ['multipv', 'multipv'], ['clock-base', 'clock'],
                            ['clock-inc', 'inc']]) {
    if (params.has(name)) $(id).value = params.get(name);
  }
  if (params.get('analyse') === '1') $('analyse').checked = true;
  setInterval(() => clock_on(state.clock) && render_clock(), 100);
}

async function main() {
  wire_controls();
  try {
    await engine.connect();
    await handshake();
  } catch (error) {
    show_error(error);
    return;
  }
  action(new_game);
}

main();
