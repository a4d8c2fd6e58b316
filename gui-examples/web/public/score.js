// Scores as the page shows them, always from Player 1's point of view: an evaluation is
// { cp }, { mate } (mate in moves, as UCI) or a review's proven result { proven: '1-0' |
// '0-1' | '1/2-1/2', by: 'table' | 'solver' | 'engine' }, with `expected` (Player 1's
// expected score 0..1,
// from the engine's `wdl` or the review's `p1_expected`) when known, and `bound` for a
// search's lower/upper bound. Pure functions, unit-tested by node.

// `wdl` per mille from the side to move -> that side's expected score 0..1.
export function expected_from_wdl(wdl) {
  const valid = Array.isArray(wdl) && wdl.length === 3 && wdl.every((v) => Number.isFinite(v));
  if (!valid) return undefined;
  return (wdl[0] + wdl[1] / 2) / 1000;
}

// A search's `info` (score and wdl from the side to move, `turn`) -> Player 1's evaluation.
export function p1_eval(info, turn) {
  const flip = turn === 2;
  const value = (v) => (flip ? -v : v) + 0;  // + 0: no -0 for a level score
  const score = info.score;
  const result = score.mate !== undefined ? { mate: value(score.mate) } : { cp: value(score.cp) };
  if (score.bound) {
    const swapped = { lowerbound: 'upperbound', upperbound: 'lowerbound' };
    result.bound = flip ? swapped[score.bound] : score.bound;
  }
  const expected = expected_from_wdl(info.wdl);
  if (expected !== undefined) result.expected = flip ? 1 - expected : expected;
  return result;
}

const kProvenWords = { '1-0': 'win', '0-1': 'loss', '1/2-1/2': 'draw' };
const kProvenBy = { table: 'table', solver: 'solved', engine: 'decided' };

// A proven result as people read it, Player 1's view: `table win`, `solved draw`, ….
function proven_text(score) {
  return `${kProvenBy[score.by] || 'proven'} ${kProvenWords[score.proven] || score.proven}`;
}

// Player 1's evaluation -> text: `#3` / `#-2` (mate in moves), `+0.35`, with `≥`/`≤` for a
// bound and the expected score as a percentage when known: `+0.35 (62 %)`.
export function score_text(score) {
  if (!score) return '';
  const bound = score.bound === 'lowerbound' ? '≥' : score.bound === 'upperbound' ? '≤' : '';
  const pawns = () => `${score.cp > 0 ? '+' : ''}${(score.cp / 100).toFixed(2)}`;
  const main = score.proven !== undefined ? proven_text(score)
               : score.mate !== undefined ? `#${score.mate}` : pawns();
  const expected = score.expected !== undefined ? ` (${Math.round(score.expected * 100)} %)` : '';
  return `${bound}${main}${expected}`;
}

// Player 1's evaluation -> -1 .. 1 for the bar and the graph (Player 1 up), or null when
// unknown: the expected score when known (2e - 1), a mate at the end, else centipawns clipped
// at ±8.00 (a record that carries only `[%eval]`).
export function eval_fraction(score) {
  if (!score) return null;
  if (score.expected !== undefined) return 2 * score.expected - 1;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : score.mate < 0 ? -1 : 0;
  if (score.proven !== undefined) return score.proven === '1-0' ? 1 : score.proven === '0-1' ? -1 : 0;
  return Math.max(-800, Math.min(800, score.cp)) / 800;
}
