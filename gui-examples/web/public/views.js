// Drawing the page from its context (app.js): status, Yin Yang score, clocks, board, colour
// key, rules, move list, analysis table, evaluation bar and graph. Clicks are handed back
// through ctx (on_square, show).
import { render_board, split_squares } from './board.js';
import { check_flag, clock_on, format_clock, time_left } from './clock.js';
import { is_complete, moves_starting } from './clicks.js';
import { $ } from './dom.js';
import { render_eval_bar, render_graph } from './graph.js';
import { line_from, path_to, side_of } from './record.js';
import { class_counts, player_summary } from './review.js';
import { render_rules } from './rules.js';
import { score_text } from './score.js';

const kResultText = { p1win: 'Player 1 wins', p2win: 'Player 2 wins', draw: 'Draw' };
const kClassGlyph = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const kNagGlyph = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
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

export function render_clock(ctx) {
  const c = ctx.clock;
  $('clocks').hidden = !clock_on(c);
  if (!clock_on(c)) return;
  const now = performance.now();
  if (check_flag(c, now)) ctx.on_flag();
  for (const side of [1, 2]) {
    const ms = time_left(c, side, now);
    const shown = $(`clock-p${side}`);
    shown.textContent = `Player ${side}: ${format_clock(ms)}`;
    shown.classList.toggle('running', c.side === side);
    shown.dataset.ms = String(Math.max(0, Math.round(ms)));
  }
}

export function render_analysis(ctx) {
  const { analysis, summary: s } = ctx.search;
  const body = $('analysis').querySelector('tbody');
  body.replaceChildren();
  for (const index of [...analysis.keys()].sort((a, b) => a - b)) {
    const info = analysis.get(index);
    const row = document.createElement('tr');
    for (const text of [index, info.depth ?? '', score_text(info.p1), info.nodes ?? '', info.pv.join(' ')]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  const speed = s && s.nps ? `${Math.round(s.nps / 1000)} kN/s` : '';
  const time = s && s.time !== undefined ? `${(s.time / 1000).toFixed(1)} s` : '';
  $('analysis-summary').textContent = s ? `depth ${s.depth ?? '-'}  ${speed}  ${time}` : '';
}

// The evaluation bar (the position shown) and the graph (the main line, or the line shown
// when it leaves the main line).
export function render_evaluation(ctx) {
  const node = ctx.game.node;
  render_eval_bar($('eval-bar'), node.eval, $('flip').checked);
  $('eval-text').textContent = node.eval ? `Player 1: ${score_text(node.eval)}` : '';
  const line = [...path_to(node), ...line_from(node)];
  render_graph($('graph'), line, path_to(node).length - 1, (i) => ctx.show(line[i]));
  const a = ctx.accuracy;
  const counts = class_counts(ctx.game.main_line());
  $('accuracy').textContent = a ? `Accuracy: Player 1 ${player_summary(a.p1, counts[1])}, ` +
                                  `Player 2 ${player_summary(a.p2, counts[2])}` : '';
}

// The move list: the main line with its variations in parentheses, as in a record; a click
// on a move shows its position.
function render_moves(ctx) {
  const { game } = ctx;
  const list = $('moves');
  list.replaceChildren();
  const first_side = side_of(game.start_fen);
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
      if (node === game.node) move.classList.add('current');
      if (review) move.classList.add(node.review.class);
      if (glyph) text(parent, glyph, `glyph ${node.review ? node.review.class : ''}`);
      move.title = [node.eval ? `Player 1: ${score_text(node.eval)}` : '', node.comment,
                    node.review ? `${node.review.class}, best ${node.review.best}` : ''].filter(Boolean).join(' · ');
      move.onclick = () => ctx.show(node);
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
  if (game.root.children.length) write_line(list, game.root.children[0], 0, true);
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

function status_text(ctx) {
  const { pos } = ctx;
  if (!pos.board) return 'Connecting to the engine…';
  if (pos.over) {
    // Yin Yang: a tie is a win for Player 2 (docs/games/yin-yang.md); say so.
    const [p1, p2] = pos.score.split(/\s+/);
    const tie = pos.reason === 'score' && p1 !== undefined && p1 === p2 ? `, ${p1}–${p2}: a tie goes to Player 2` : '';
    return `Game over: ${kResultText[pos.result] || pos.result} (${pos.reason}${tie})`;
  }
  if (ctx.clock.flagged) return `Player ${ctx.clock.flagged} lost on time`;
  const who = !ctx.game.at_line_end() ? 'analysis' : ctx.engine_plays(pos.turn) ? 'engine' : 'you';
  const thinking = ctx.search.kind() === 'move' ? ' — engine thinking…' : '';
  return `Player ${pos.turn} to move (${who})${thinking}`;
}

function hint_text(legal, path, human) {
  if (!path.length) return human ? 'Click a piece, then its destination (each square of a pass chain or capture).' : '';
  return is_complete(legal, path) ? `Click ${path[path.length - 1]} again to play ${path.join('')}, or continue.`
                                  : `Building ${path.join('')}: click a marked square.`;
}

// The arrows on the board: the review's best move where the move played from the position
// shown was another, and the running analysis' best move.
function board_arrows(ctx) {
  const arrows = [];
  const next = ctx.game.node.children[0];
  const review = next && next.review;
  if (review && review.best && review.best !== next.move) {
    arrows.push({ squares: split_squares(review.best), kind: 'review' });
  }
  const top = ctx.search.analysis.get(1);
  if (top && top.pv.length) arrows.push({ squares: split_squares(top.pv[0]), kind: 'analysis' });
  return arrows;
}

export function render(ctx) {
  const { pos, game } = ctx;
  const moves = game.moves();
  document.body.dataset.ply = String(moves.length);
  document.body.dataset.searching = ctx.search.kind();
  document.body.dataset.over = String(pos.over);
  $('status').textContent = status_text(ctx);
  const yinyang = pos.score !== 'none' && pos.score !== '';
  $('score').hidden = !yinyang;
  if (yinyang) {
    const [p1, p2] = pos.score.split(/\s+/);
    $('score-text').textContent = `Score — Player 1 (same colour): ${p1}   Player 2: ${p2}`;
  }
  render_clock(ctx);
  if (!pos.board) return;
  const human = ctx.human_turn();
  const { path, legal } = pos;
  const next = moves_starting(legal, path).filter((s) => s.length > path.length)
      .map((s) => s[path.length]);
  render_board($('board'), pos.board, {
    flipped: $('flip').checked,
    selectable: human ? new Set(legal.map((s) => s[0])) : new Set(),
    path,
    targets: human && path.length ? new Set(next) : new Set(),
    last_move: moves.length ? split_squares(moves[moves.length - 1]) : [],
    arrows: board_arrows(ctx),
  }, ctx.on_square);
  render_key(pos.board.game);
  render_rules($('rules'), pos.board.game);
  $('hint').textContent = hint_text(legal, path, human);
  render_moves(ctx);
  render_analysis(ctx);
  render_evaluation(ctx);
}
