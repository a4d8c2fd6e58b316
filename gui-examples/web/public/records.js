// The Game record box: the game written as a record (save) and a record read into the game
// tree (load, with a chooser when the text has several games). `ctx` is the page's context.
import { annotate } from './annotate.js';
import { clock_on } from './clock.js';
import { $ } from './dom.js';
import { check_lines, refresh, set_variant, start_game } from './position.js';
import { kResultTokens, line_from, parse_records, record_title, side_of, write_record } from './record.js';

export const kMaxRecordChars = 1 << 20;  // a longer pasted or picked record is refused

// The game as a record: the main line with its variations, NAGs, comments and the engine's
// evaluations (`[%eval …]`, Player 1's point of view); a reviewed game annotated.
export function record_text(ctx) {
  const { game, clock } = ctx;
  const mode = $('mode').value;
  const name = (side) => (ctx.engine_plays(side) || mode === 'engine-engine' ? ctx.engine_name : 'Human');
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const end = game.main_end();
  const flagged = clock.flagged;
  const result = end.result ? end.result.result : flagged ? (flagged === 1 ? 'p2win' : 'p1win') : 'none';
  const termination = end.result ? (end.result.reason === 'illegal-move' ? 'illegal move' : 'normal')
                                 : flagged ? 'time forfeit' : 'unterminated';
  const tags = [
    ['Event', 'Triad web GUI game'], ['Date', date], ['Variant', ctx.variant], ['FEN', game.start_fen],
    ['Player1', name(1)], ['Player2', name(2)], ['Result', kResultTokens[result]], ['Termination', termination],
  ];
  if (clock_on(clock)) tags.push(['TimeControl', `${clock.base / 1000}+${clock.inc / 1000}`]);
  if (end.result && end.result.score !== 'none') tags.push(['Score', end.result.score]);
  // A reviewed game is written as triad-analyse -annotate writes it.
  const reviewed = game.main_line().some((node) => node.review);
  if (reviewed) tags.push(['Annotator', 'Triad web GUI review']);
  const root = reviewed ? annotate(game.root) : game.root;
  return write_record(tags, root, side_of(game.start_fen), kResultTokens[result]);
}

export function save_record(ctx) {
  const text = record_text(ctx);
  $('record').value = text;
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.hidden = false;
}

// Which record of a text with several to load: the chooser's choice for the same text, else
// the first (the chooser is then filled and shown).
let chooser_text = null;  // the text the chooser lists
function choose_record(text, records) {
  const chooser = $('record-game');
  if (chooser_text !== text) {
    const options = records.map((record, i) => new Option(record_title(record, i), String(i)));
    chooser.replaceChildren(...options);
    chooser_text = text;
  }
  chooser.hidden = records.length < 2;
  return Number(chooser.value) || 0;
}

// Loads the record in the Game record box (its Variant and FEN tags, moves, NAGs, comments,
// evaluations and variations) and shows the main line's last position.
export async function load_record(ctx) {
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
  const variant = parsed.tags.get('Variant') || ctx.variant;
  if (![...$('variant').options].some((o) => o.value === variant))
    throw new Error(`record: this engine has no variant '${variant}' (Variant tag)`);
  const previous = ctx.variant;
  const start = await set_variant(ctx, variant);
  const tag = parsed.tags.get('FEN');
  const fen = tag && tag !== 'startpos' ? tag : start;
  try {
    await ctx.engine.command(`position fen ${fen}`);
    if (parsed.root.children.length) await check_lines(ctx, fen, parsed.root);
  } catch (error) {
    if (variant !== previous) await set_variant(ctx, previous);  // the game shown stays
    throw new Error(`record: ${error.message}`);
  }
  $('variant').value = variant;
  const line = line_from(parsed.root);
  start_game(ctx, fen, parsed.root, line.length ? line[line.length - 1] : parsed.root);
  await refresh(ctx);
}
