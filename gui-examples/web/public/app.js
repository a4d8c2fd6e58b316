// The web GUI's controller: keeps the game (start position line + move tokens), asks the
// engine for everything the page shows (board, legal moves, turn, result, score), turns
// clicks into move tokens, and runs the engine's searches. The page knows no rules: every
// fact about the game comes from `query …` answers.
import { render_board, split_squares } from './board.js';
import { EngineClient, parse_info } from './engine.js';

const $ = (id) => document.getElementById(id);
const kSearchGraceMs = 15000;  // extra time a `go movetime` may take before we give up
const kResultTokens = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2', none: '*' };
const kResultText = { p1win: 'Player 1 wins', p2win: 'Player 2 wins', draw: 'Draw' };

const engine = new EngineClient(`ws://${location.host}/ws`);
const state = {
  engine_name: 'Triad',
  variant: '',
  start_fen: '',
  moves: [],           // move tokens played since start_fen
  board: null,         // parsed `query board`
  legal: [],           // `query moves`, each split into squares
  fen: '', turn: 1, over: false, result: 'none', reason: 'none', score: 'none',
  path: [],            // squares clicked so far for the move being built
  generation: 0,       // bumps on every change of the game; stale engine moves are dropped
  search: null,        // { kind, promise, cancelled } while the engine searches
  analysis: new Map(), // multipv index -> latest info with a pv
  summary: null,       // latest info of the running search
  multipv: 1,          // the MultiPV value the engine has
  level: 20,           // the Skill Level the engine has (20 = full strength)
  force_engine_move: false,  // "Engine move" pressed: the engine plays the side to move
};
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

function human_turn() {
  return state.board !== null && !state.over && !engine_plays(state.turn) &&
      !(state.search && state.search.kind === 'move');
}

function continue_play() {
  const forced = state.force_engine_move;
  state.force_engine_move = false;
  if (state.search || state.over || !state.board) return;
  if (forced || engine_plays(state.turn)) start_search('move');
  else if ($('analyse').checked) start_search('analyse');
}

// ---------------------------------------------------------------- engine searches

function start_search(kind) {
  const generation = state.generation;
  const movetime = Math.max(10, Number($('movetime').value) || 1000);
  const search = { kind, cancelled: false, started: false };
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
    const params = kind === 'move' ? `movetime ${movetime}` : 'infinite';
    search.started = true;
    return engine.go(params, on_info, kind === 'move' ? movetime + kSearchGraceMs : 0);
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

function on_info(line) {
  const info = parse_info(line);
  if (!info) return;
  if (info.depth !== undefined || info.nodes !== undefined) state.summary = info;
  if (info.pv && info.pv.length) {
    const index = info.multipv || 1;
    // A line that now starts with another row's move makes that row stale (e.g. the final
    // report of an interrupted iteration): drop it rather than show one move twice.
    for (const [other, row] of state.analysis) {
      if (other !== index && row.pv[0] === info.pv[0]) state.analysis.delete(other);
    }
    state.analysis.set(index, info);
  }
  render_analysis();
}

// ---------------------------------------------------------------- the game

// Sends the game to the engine and reads back everything the page shows.
async function refresh() {
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
  $('fen').value = fen;
  render();
}

async function play_move(token) {
  state.moves.push(token);
  state.generation++;
  try {
    await refresh();
  } catch (error) {
    state.moves.pop();  // the engine refused the move: show the game as it was
    await refresh();
    throw error;
  }
}

async function new_game() {
  const variant = $('variant').value;
  const lines = await engine.command(`setoption name UCI_Variant value ${variant}`);
  await engine.command('ucinewgame');
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const match = announced && announced.match(/ startpos (.+)$/);
  if (match) {
    state.start_fen = match[1].trim();
  } else {  // an engine that does not announce its start position
    await engine.command('position startpos');
    state.start_fen = await engine.query('fen');
  }
  state.variant = variant;
  state.moves = [];
  state.generation++;
  await refresh();
}

async function take_back() {
  if (!state.moves.length) return;
  state.generation++;
  state.moves.pop();
  await refresh();
  // Against the engine, go back to the human's own turn.
  while (state.moves.length && engine_plays(state.turn) && $('mode').value !== 'engine-engine') {
    state.moves.pop();
    await refresh();
  }
}

async function load_position() {
  const fen = $('fen').value.trim();
  await engine.command(`position fen ${fen}`);  // throws with the engine's reason if malformed
  state.start_fen = fen;
  state.moves = [];
  state.generation++;
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

function format_score(score) {
  if (!score) return '';
  const bound = score.bound === 'lowerbound' ? '≥' : score.bound === 'upperbound' ? '≤' : '';
  if (score.mate !== undefined) return `${bound}#${score.mate}`;
  const cp = score.cp / 100;
  return `${bound}${cp > 0 ? '+' : ''}${cp.toFixed(2)}`;
}

function render_analysis() {
  const body = $('analysis').querySelector('tbody');
  body.replaceChildren();
  for (const index of [...state.analysis.keys()].sort((a, b) => a - b)) {
    const info = state.analysis.get(index);
    const row = document.createElement('tr');
    for (const text of [index, info.depth ?? '', format_score(info.score), info.nodes ?? '', info.pv.join(' ')]) {
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

function render_moves() {
  const list = $('moves');
  list.replaceChildren();
  const first_side = Number(state.start_fen.split(/\s+/)[1]) === 2 ? 2 : 1;
  let item = null;
  state.moves.forEach((token, i) => {
    const side = (first_side + i) % 2 === 1 ? 1 : 2;
    if (!item || side === 1) {
      item = document.createElement('li');
      list.appendChild(item);
      if (side === 2) item.appendChild(document.createTextNode('… '));
    }
    const span = document.createElement('span');
    span.className = 'move';
    span.textContent = token;
    item.appendChild(span);
    item.appendChild(document.createTextNode(' '));
  });
  list.scrollTop = list.scrollHeight;
}

function status_text() {
  if (!state.board) return 'Connecting to the engine…';
  if (state.over) return `Game over: ${kResultText[state.result] || state.result} (${state.reason})`;
  const who = engine_plays(state.turn) ? 'engine' : 'you';
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
    $('score').textContent = `Score — Player 1 (same colour): ${p1}   Player 2: ${p2}`;
  }
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
  $('hint').textContent = path.length
      ? (is_complete(path) ? `Click ${path[path.length - 1]} again to play ${path.join('')}, or continue.`
                           : `Building ${path.join('')}: click a marked square.`)
      : (human ? 'Click a piece, then its destination (each square of a pass chain or capture).' : '');
  render_moves();
  render_analysis();
}

// ---------------------------------------------------------------- the game record

function export_record() {
  const mode = $('mode').value;
  const name = (side) => (engine_plays(side) ? state.engine_name : mode === 'engine-engine' ? state.engine_name : 'Human');
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const tags = [
    ['Event', 'Triad web GUI game'], ['Date', date], ['Variant', state.variant], ['FEN', state.start_fen],
    ['Player1', name(1)], ['Player2', name(2)], ['Result', kResultTokens[state.over ? state.result : 'none']],
    ['Termination', !state.over ? 'unterminated' : state.reason === 'illegal-move' ? 'illegal move' : 'normal'],
  ];
  if (state.score !== 'none') tags.push(['Score', state.score]);
  const first_side = Number(state.start_fen.split(/\s+/)[1]) === 2 ? 2 : 1;
  const words = [];
  state.moves.forEach((token, i) => {
    const number = Math.floor((i + first_side - 1) / 2) + 1;
    if ((first_side + i) % 2 === 1) words.push(`${number}.`);
    else if (i === 0) words.push(`${number}. ...`);
    words.push(token);
  });
  words.push(kResultTokens[state.over ? state.result : 'none']);
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 79) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  const text = `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
  $('record').value = text;
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.hidden = false;
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
    option.value = option.textContent = name;
    $('variant').appendChild(option);
  }
  // The address's choice, else the variant the engine announced (it may have been started
  // with --variant), else the option's default.
  const requested = new URLSearchParams(location.search).get('variant');
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const current = announced ? announced.split(/\s+/)[3] : fallback && fallback[1];
  if (requested && names.includes(requested)) $('variant').value = requested;
  else if (current && names.includes(current)) $('variant').value = current;
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
  const requested_level = new URLSearchParams(location.search).get('level');
  if ([...$('level').options].some((o) => o.value === requested_level)) $('level').value = requested_level;
}

function wire_controls() {
  $('new-game').onclick = () => action(new_game);
  $('variant').onchange = () => action(new_game);
  $('take-back').onclick = () => action(take_back);
  $('load-fen').onclick = () => action(load_position);
  $('engine-move').onclick = () => action(async () => {
    state.force_engine_move = true;
  });
  $('move-now').onclick = () => {
    if (state.search && state.search.kind === 'move' && state.search.started) engine.send('stop');
  };
  for (const id of ['mode', 'multipv', 'analyse', 'level']) $(id).onchange = () => action(async () => render());
  $('flip').onchange = render;
  $('export').onclick = export_record;
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
  // Settings can be preset in the address: ?variant=yinyang&mode=engine-engine&movetime=500&level=3
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode');
  if (mode && [...$('mode').options].some((o) => o.value === mode)) $('mode').value = mode;
  for (const id of ['movetime', 'multipv']) {
    if (params.has(id)) $(id).value = params.get(id);
  }
  if (params.get('analyse') === '1') $('analyse').checked = true;
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
