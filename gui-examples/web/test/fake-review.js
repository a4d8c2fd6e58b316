#!/usr/bin/env node
// A stand-in for `triad-analyse -review` in the browser and security tests only: it writes
// the review's JSON lines (the contract in docs/analysis.md) for the main line of the record
// given as its last argument, with fixed verdicts: the second move a blunder, the third a
// mistake, the fourth an inaccuracy, every other move the best (`ply` counts the moves
// before the move, as the review writes it). FAKE_REVIEW_SLEEP=S makes it wait S seconds
// first (to test the bridge's timeout). It checks the arguments the bridge passes.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args[0] !== '-review' || args[1] !== '-engine' || !/^cmd=\S/.test(args[2]) || args[3] !== '-movetime') {
  console.error(`fake-review: unexpected arguments ${args.join(' ')}`);
  process.exit(2);
}
const text = readFileSync(args[args.length - 1], 'utf8');
// The main line's moves: drop tags, comments and variations, then numbers, NAGs and results.
let body = text.replace(/^\[.*$/gm, '').replace(/\{[^}]*\}/g, ' ');
while (/\([^()]*\)/.test(body)) body = body.replace(/\([^()]*\)/g, ' ');
const moves = body.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) && !/^\$\d+$/.test(w) &&
                                               !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
const classes = { 2: 'blunder', 3: 'mistake', 4: 'inaccuracy' };
const losses = { 2: 0.4, 3: 0.2, 4: 0.1 };
setTimeout(() => {
  moves.forEach((move, i) => {
    const number = i + 1;  // the move's number in the game
    const player = number % 2 === 1 ? 1 : 2;
    const loss = losses[number] || 0;
    const sign = player === 1 ? -1 : 1;
    console.log(JSON.stringify({ game: 1, ply: i, player, move, best: move, pv: [move], before: { cp: 10 * number },
                                 played: { cp: 10 * number + sign * Math.round(loss * 1000) }, loss,
                                 class: classes[number] || 'best', only_move: false }));
  });
  console.log(JSON.stringify({ game: 1, summary: true, accuracy: { p1: 91.5, p2: 62.25 } }));
}, Number(process.env.FAKE_REVIEW_SLEEP || 0) * 1000);
