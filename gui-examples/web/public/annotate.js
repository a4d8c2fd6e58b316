// A reviewed game written as `triad-analyse -annotate` writes it (docs/analysis.md, "The
// annotated record"): per reviewed move a comment with the played move's evaluation (Player
// 1's view), `only move`, and for an inaccuracy, a mistake or a blunder its NAG, the class,
// the loss, the best move with its evaluation and the best line as a variation. Pure.
import { add_child, make_node } from './record.js';

const kClassNag = { inaccuracy: 6, mistake: 2, blunder: 4 };
const kProvenBy = { table: 'table', solver: 'solved', engine: 'decided' };
const kProvenWord = { '1-0': 'win', '0-1': 'loss', '1/2-1/2': 'draw' };

// A review's score: `+1.25 (62 %)` (with Player 1's expected score `expected` when the JSON
// gives one), `#+6` / `#-4` (the JSON's `mate`), `table win`, `solved draw`, …
export function review_score_text(score, expected) {
  if (score.proven !== undefined)
    return `${kProvenBy[score.by] || 'decided'} ${kProvenWord[score.proven]}`;
  const sign = (v) => (v < 0 ? '-' : '+');
  if (score.mate !== undefined) return `#${sign(score.mate)}${Math.abs(score.mate)}`;
  const percent = typeof expected === 'number' ? ` (${Math.round(expected * 100)} %)` : '';
  return `${sign(score.cp)}${(Math.abs(score.cp) / 100).toFixed(2)}${percent}`;
}

// One reviewed move -> { comment, nags, best_line } as the annotated record has them.
export function annotation(review) {
  if (review.error) return { comment: `not reviewed: ${review.error}`, nags: [], best_line: [] };
  const nag = kClassNag[review.class];
  let comment = review_score_text(review.played, review.p1_expected);
  if (review.only_move && !nag) comment += ' only move';
  if (!nag) return { comment, nags: [], best_line: [] };
  const best = `${review.only_move ? 'the only move was' : 'best'} ${review.best} ${review_score_text(review.before, review.p1_expected_before)}`;
  comment += `, ${review.class} (loss ${Number(review.loss).toFixed(2)}); ${best}`;
  return { comment, nags: [nag], best_line: review.pv || [] };
}

// A copy of the tree `root` with every reviewed move annotated (its review replaces its own
// NAGs, comment and `[%eval]`; the best line is added as its first variation).
export function annotate(root) {
  const copy = (node, parent) => {
    const out = parent ? add_child(parent, node.move) : make_node(null, null);
    Object.assign(out, {
      eval: node.eval,
      nags: node.nags,
      comment: node.comment,
      result: node.result,
    });
    for (const child of node.children) copy(child, out);
    return out;
  };
  const result = copy(root, null);
  const annotate_line = (original, annotated) => {
    const pairs = original.children.map((child, i) => [child, annotated.children[i]]);
    for (const [from, to] of pairs) {
      if (from.review) {
        const { comment, nags, best_line } = annotation(from.review);
        Object.assign(to, { comment, nags, eval: null });
        if (best_line.length) {
          let node = make_node(best_line[0], annotated);
          annotated.children.splice(annotated.children.indexOf(to) + 1, 0, node);
          for (const move of best_line.slice(1)) node = add_child(node, move);
        }
      }
      annotate_line(from, to);
    }
  };
  annotate_line(root, result);
  return result;
}
