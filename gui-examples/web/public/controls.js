// The page's controls: the engine handshake that fills the variant and level menus, the
// buttons, menus, keys and record file picker, and settings preset in the address
// (?variant=yinyang&mode=engine-engine&movetime=500&level=3&clock=5&inc=2&analyse=1).
// `ctx` is the page's context (app.js); every change goes through ctx.action.
import { $ } from './dom.js';
import { go_to, load_position, new_game, take_back } from './position.js';
import { kMaxRecordChars, load_record, save_record } from './records.js';
import { review } from './review-run.js';
import { variant_name } from './variants.js';

const kDefaultLevel = '10';  // the first game's level: a middle one (0 weakest, 20 full strength)
// What the start panel says about a game whose result with perfect play is known.
const kPerfectPlay = {
  yinyang: 'In Yin Yang Player 2 wins with perfect play: as Player 1 you cannot beat full ' +
           'strength, choose a lower level to have a chance.',
};

function add_option(menu, value, text) {
  const option = document.createElement('option');
  option.value = value;
  option.textContent = text;
  menu.appendChild(option);
}

const has_option = (menu, value) => [...menu.options].some((o) => o.value === value);

export async function handshake(ctx) {
  const lines = await ctx.engine.request(['uci', 'isready'], (l) => l === 'readyok', { timeout_ms: 20000 });
  const id = lines.find((l) => l.startsWith('id name '));
  if (id) ctx.engine_name = id.slice('id name '.length);
  $('engine-name').textContent = ctx.engine_name;
  const params = new URLSearchParams(location.search);
  const variants = lines.find((l) => /^option name UCI_Variant type combo/i.test(l));
  const names = variants ? [...variants.matchAll(/ var (\S+)/g)].map((m) => m[1]) : [];
  const fallback = variants && variants.match(/ default (\S+)/);
  for (const name of names.length ? names : [fallback ? fallback[1] : 'razzledazzle']) {
    add_option($('variant'), name, variant_name(name));
  }
  // The address's choice, else the variant the engine announced (it may have been started
  // with --variant), else the option's default.
  const requested = params.get('variant');
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const current = announced ? announced.split(/\s+/)[3] : fallback && fallback[1];
  if (requested && names.includes(requested)) $('variant').value = requested;
  else if (current && names.includes(current)) $('variant').value = current;
  // The bar and the graph draw Player 1's expected score: ask for `wdl` when it is offered.
  if (lines.some((l) => /^option name UCI_ShowWDL type check/i.test(l))) {
    await ctx.engine.command('setoption name UCI_ShowWDL value true');
  }
  const multipv = lines.find((l) => /^option name MultiPV /i.test(l));
  const max = multipv && multipv.match(/ max (\d+)/);
  if (max) $('multipv').max = max[1];
  // Skill Level 0 .. max - 1 below full strength, weakest last.
  const skill = lines.find((l) => /^option name Skill Level type spin/i.test(l));
  const top = skill && skill.match(/ max (\d+)/);
  for (let level = top ? Number(top[1]) - 1 : -1; level >= 0; --level) add_option($('level'), String(level), `Level ${level}`);
  // The address's level, else a middle one (kDefaultLevel) when the engine has levels.
  const requested_level = params.get('level');
  if (has_option($('level'), requested_level)) $('level').value = requested_level;
  else if (has_option($('level'), kDefaultLevel)) $('level').value = kDefaultLevel;
  // The start panel: the level is chosen before the first game, unless the address set it.
  $('start-level').replaceChildren(...[...$('level').options].map((o) => new Option(o.text, o.value)));
  $('start-level').value = $('level').value;
  $('start').hidden = params.has('level');
  show_start_note();
}

function show_start_note() {
  $('start-note').textContent = kPerfectPlay[$('variant').value] || '';
}

// Arrow keys move through the game (not while typing in a field).
function on_key(ctx, event) {
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
  const where = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', ArrowUp: 'first', End: 'last',
                  ArrowDown: 'last' }[event.key];
  if (!where) return;
  event.preventDefault();
  ctx.action(() => go_to(ctx, ctx.game.target(where)));
}

async function pick_record_file(ctx) {
  const file = $('record-file').files[0];
  if (!file) return;
  if (file.size > kMaxRecordChars) {
    ctx.show_error(`the file ${file.name} has ${file.size} bytes: a record may have at most ${kMaxRecordChars}`);
    return;
  }
  $('record').value = await file.text();
  ctx.action(() => load_record(ctx));
}

async function copy_fen() {
  $('fen').select();
  try {
    await navigator.clipboard.writeText($('fen').value);
  } catch {
    document.execCommand('copy');  // older browsers / no clipboard permission
  }
}

export function wire_controls(ctx) {
  const act = (fn) => () => ctx.action(() => fn(ctx));
  $('new-game').onclick = act(new_game);
  $('variant').onchange = () => {
    show_start_note();
    ctx.action(() => new_game(ctx));
  };
  $('start-level').onchange = () => {
    $('level').value = $('start-level').value;
  };
  $('start-play').onclick = () => {
    $('start').hidden = true;
    ctx.action(() => new_game(ctx));
  };
  $('take-back').onclick = act(take_back);
  for (const where of ['first', 'back', 'forward', 'last']) {
    $(`nav-${where}`).onclick = () => ctx.action(() => go_to(ctx, ctx.game.target(where)));
  }
  document.addEventListener('keydown', (event) => on_key(ctx, event));
  $('load-fen').onclick = act(load_position);
  $('engine-move').onclick = act(async () => {
    ctx.force_engine_move = true;
  });
  $('move-now').onclick = () => ctx.search.move_now();
  for (const id of ['mode', 'multipv', 'analyse', 'level']) $(id).onchange = act(async () => ctx.render());
  $('flip').onchange = () => ctx.render();
  $('save').onclick = () => save_record(ctx);
  $('load-record').onclick = act(load_record);
  $('record-game').onchange = act(load_record);
  $('record-file').onchange = () => pick_record_file(ctx);
  $('review').onclick = () => review(ctx).catch(ctx.show_error);
  $('copy-fen').onclick = copy_fen;
  const params = new URLSearchParams(location.search);
  const mode = params.get('mode');
  if (has_option($('mode'), mode)) $('mode').value = mode;
  for (const [id, name] of [['movetime', 'movetime'], ['multipv', 'multipv'], ['clock-base', 'clock'],
                            ['clock-inc', 'inc']]) {
    if (params.has(name)) $(id).value = params.get(name);
  }
  if (params.get('analyse') === '1') $('analyse').checked = true;
}
