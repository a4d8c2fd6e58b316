// What a game review says per player, from the review's verdicts on the moves of a line
// (each node's `review`: the JSON line of `triad-analyse -review`, with `player` and `class`).
// Pure, unit-tested by node.

const kCounted = ['inaccuracy', 'mistake', 'blunder'];
const kPlural = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };

// Nodes of a line -> { 1: {inaccuracy, mistake, blunder}, 2: {…} }.
export function class_counts(nodes) {
  const counts = { 1: {}, 2: {} };
  for (const side of [1, 2]) for (const name of kCounted) counts[side][name] = 0;
  for (const node of nodes) {
    const review = node.review;
    const mine = review && counts[review.player];
    if (mine && kCounted.includes(review.class)) mine[review.class]++;
  }
  return counts;
}

// One player's accuracy and counts: `87.5 % (1 inaccuracy, 0 mistakes, 2 blunders)`; `–`
// for an accuracy the review could not judge (no move of that player judged).
export function player_summary(accuracy, counts) {
  const percent = typeof accuracy === 'number' ? `${accuracy.toFixed(1)} %` : '–';
  const word = (name) => (counts[name] === 1 ? name : kPlural[name]);
  const parts = kCounted.map((name) => `${counts[name]} ${word(name)}`);
  return `${percent} (${parts.join(', ')})`;
}
