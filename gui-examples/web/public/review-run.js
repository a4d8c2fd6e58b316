// Reviewing the game: sends the main line to the bridge's /review and applies its JSON lines
// (docs/analysis.md) to the game tree as they stream in. `ctx` is the page's context.
import { $ } from './dom.js';
import { mate_in_moves } from './record.js';
import { record_text } from './records.js';

// A review's score (Player 1's view: { cp }, { mate } or { proven, by }) with its expected
// score when the JSON has one. A review that gives `p1_expected` counts mates in moves; an
// older one counts them in plies.
function review_eval(entry, score, expected) {
  const has_expected = typeof entry.p1_expected === 'number';
  const result = has_expected ? { ...score } : mate_in_moves(score);
  if (typeof expected === 'number') result.expected = expected;
  return result;
}

// One line of the review's output: a move's verdict on the main line's node it names, or a
// game's summary.
function apply_review_line(ctx, entry, line) {
  if (entry.error && entry.ply === undefined) throw new Error(`review: ${entry.error}`);
  if (entry.summary) {
    ctx.accuracy = entry.accuracy;
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
  if (entry.before && parent !== ctx.game.root && !parent.eval) {
    parent.eval = review_eval(entry, entry.before, entry.p1_expected_before);
  }
  $('review-status').textContent = `Reviewed ${line.indexOf(node) + 1} of ${line.length} moves`;
}

export async function review(ctx) {
  if (ctx.reviewing) return;
  const line = ctx.game.main_line();
  if (!line.length) throw new Error('review: the game has no moves yet');
  ctx.reviewing = true;
  $('review').disabled = true;
  document.body.dataset.review = 'running';
  $('review-status').textContent = 'Reviewing…';
  try {
    const movetime = Math.max(10, Number($('movetime').value) || 1000);
    const response = await fetch(`/review?movetime=${movetime}`, { method: 'POST', body: record_text(ctx),
                                                                    headers: { 'Content-Type': 'text/plain' } });
    if (!response.ok) throw new Error(`review: ${(await response.text()).trim()}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      pending += value || '';
      const lines = pending.split('\n');
      pending = done ? '' : lines.pop();
      for (const text of lines.filter((l) => l.trim())) {
        apply_review_line(ctx, JSON.parse(text), line);
      }
      ctx.render();
      if (done) break;
    }
    $('review-status').textContent = 'Review done';
  } finally {
    ctx.reviewing = false;
    $('review').disabled = false;
    document.body.dataset.review = 'done';
  }
}
