// The position shown, as the engine sees it: sends the game tree's line to the engine and
// reads back everything the page shows (`query …`), plays and checks moves, starts games
// (new, from a position line) and sets the variant. `ctx` is the page's context (app.js).
import { split_squares } from './board.js';
import { clock_moved, new_clock } from './clock.js';
import { $ } from './dom.js';
import { add_child, all_nodes, make_node, parse_position_line, path_to } from './record.js';

// Sends the position shown to the engine and reads back everything the page shows.
export async function refresh(ctx) {
  const { engine, game } = ctx;
  const moves = game.moves();
  await engine.command(`position fen ${game.start_fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  const answers = await Promise.all(
      ['board', 'moves', 'fen', 'turn', 'gameover', 'result', 'reason', 'score'].map((q) => engine.query(q)));
  const [board, legal, fen, turn, over, result, reason, score] = answers;
  let parsed;
  try {
    parsed = JSON.parse(board);
  } catch (error) {
    throw new Error(`the engine's 'query board' answer is not JSON (${error.message}): ${board.slice(0, 80)}`);
  }
  Object.assign(ctx.pos, { board: parsed, legal: legal === 'none' ? [] : legal.split(/\s+/).map(split_squares),
                           fen, turn: Number(turn), over: over === 'true', result, reason, score, path: [] });
  game.node.result = ctx.pos.over ? { result, reason, score } : null;
  $('fen').value = fen;
  ctx.render();
}

// Shows `node` (any position of the tree).
export async function go_to(ctx, node) {
  if (ctx.game.go_to(node)) await refresh(ctx);
}

// Plays `token` from the position shown (GameTree.play); the engine checks it.
export async function play_move(ctx, token) {
  const mover = ctx.pos.turn;
  const extends_line = ctx.game.at_line_end();
  const undo = ctx.game.play(token);
  try {
    await refresh(ctx);
  } catch (error) {
    undo();  // the engine refused the move: show the game as it was
    await refresh(ctx);
    throw error;
  }
  if (extends_line) clock_moved(ctx.clock, mover, performance.now());
}

// A new game tree from `start_fen`, showing `node`; the clock starts from the settings
// (base in minutes, increment in seconds).
export function start_game(ctx, start_fen, root, node = root) {
  ctx.game.reset(start_fen, root, node);
  ctx.accuracy = null;
  const base = Math.max(0, Number($('clock-base').value) || 0) * 60000;
  const inc = Math.max(0, Number($('clock-inc').value) || 0) * 1000;
  ctx.clock = new_clock(base, inc);
}

// Sets the variant; resolves with its start position line.
export async function set_variant(ctx, variant) {
  const lines = await ctx.engine.command(`setoption name UCI_Variant value ${variant}`);
  await ctx.engine.command('ucinewgame');
  ctx.variant = variant;
  const announced = lines.find((l) => l.startsWith('info string variant '));
  const match = announced && announced.match(/ startpos (.+)$/);
  if (match) return match[1].trim();
  await ctx.engine.command('position startpos');  // an engine that does not announce it
  return ctx.engine.query('fen');
}

export async function new_game(ctx) {
  start_game(ctx, await set_variant(ctx, $('variant').value), make_node(null, null));
  await refresh(ctx);
}

// Back one move; against the engine, back to the human's own turn. Nothing is deleted.
export async function take_back(ctx) {
  const node = ctx.game.node.parent;
  if (!node) return;
  await go_to(ctx, node);
  while (ctx.game.node.parent && ctx.engine_plays(ctx.pos.turn) && $('mode').value !== 'engine-engine') {
    await go_to(ctx, ctx.game.node.parent);
  }
}

// Checks every line of `root` from `fen` with the engine (`position … moves …` refuses an
// illegal move with the reason); throws naming the line.
export async function check_lines(ctx, fen, root) {
  const leaves = [...all_nodes(root)].filter((node) => !node.children.length);
  for (const leaf of leaves) {
    const path = path_to(leaf);
    const main = path.every((node) => node.parent.children[0] === node);
    try {
      await ctx.engine.command(`position fen ${fen} moves ${path.map((n) => n.move).join(' ')}`);
    } catch (error) {
      throw new Error(`${main ? 'the main line' : `the variation ending ${leaf.move}`}: ${error.message}`);
    }
  }
}

// Loads the Position line box: a position line or `startpos`, maybe with `moves …`.
export async function load_position(ctx) {
  const parsed = parse_position_line($('fen').value);
  let fen = parsed.fen;
  if (parsed.startpos) {
    await ctx.engine.command('position startpos');
    fen = await ctx.engine.query('fen');
  } else {
    await ctx.engine.command(`position fen ${fen}`);  // throws with the engine's reason if malformed
  }
  const root = make_node(null, null);
  let node = root;
  for (const move of parsed.moves) node = add_child(node, move);
  if (parsed.moves.length) await check_lines(ctx, fen, root);
  start_game(ctx, fen, root, node);
  await refresh(ctx);
}
