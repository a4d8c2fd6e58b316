// The evaluation bar and the game's evaluation graph (SVG), from Player 1's point of view:
// Player 1's expected score (score.js eval_fraction). Knows nothing of the games.
import { eval_fraction } from './score.js';

const kSvgNs = 'http://www.w3.org/2000/svg';
const kWidth = 600;
const kHeight = 120;

function el(name, attrs, parent) {
  const node = document.createElementNS(kSvgNs, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  parent.appendChild(node);
  return node;
}

// The bar beside the board: Player 1's share from the bottom (or the top when flipped).
export function render_eval_bar(bar, score, flipped) {
  const fraction = eval_fraction(score);
  const share = fraction === null ? 0.5 : (1 + fraction) / 2;
  const fill = bar.querySelector('.p1-share');
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  fill.style.top = flipped ? '0' : '';
  fill.style.bottom = flipped ? '' : '0';
  bar.dataset.fraction = fraction === null ? '' : fraction.toFixed(3);
}

// The graph of `line` (nodes of the main line, ply 1 first): a point per known evaluation
// (0.5 on the axis),
// the current ply marked, review classes as coloured dots; on_click(index) on a click.
export function render_graph(svg, line, current_index, on_click) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${kWidth} ${kHeight}`);
  el('rect', { x: 0, y: 0, width: kWidth, height: kHeight, class: 'graph-bg' }, svg);
  el('line', { x1: 0, y1: kHeight / 2, x2: kWidth, y2: kHeight / 2, class: 'graph-axis' }, svg);
  const step = kWidth / Math.max(1, line.length);
  const x_of = (i) => (i + 0.5) * step;
  const y_of = (fraction) => kHeight / 2 - fraction * (kHeight / 2 - 4);
  const points = [];
  line.forEach((node, i) => {
    const fraction = eval_fraction(node.eval);
    if (fraction !== null) points.push([x_of(i), y_of(fraction), i]);
  });
  if (points.length) {
    const d = points.map(([x, y], k) => `${k ? 'L' : 'M'} ${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
    const area = `M ${points[0][0].toFixed(1)} ${kHeight / 2} ${d.replace(/^M/, 'L')} ` +
                 `L ${points[points.length - 1][0].toFixed(1)} ${kHeight / 2} Z`;
    el('path', { d: area, class: 'graph-area' }, svg);
    el('path', { d, class: 'graph-line' }, svg);
  }
  for (const [x, y, i] of points) {
    const review = line[i].review;
    if (review && ['inaccuracy', 'mistake', 'blunder'].includes(review.class))
      el('circle', { cx: x, cy: y, r: 4, class: `graph-mark ${review.class}`, 'data-ply': i + 1 }, svg);
  }
  if (current_index >= 0 && current_index < line.length) {
    el('line', { x1: x_of(current_index), y1: 0, x2: x_of(current_index), y2: kHeight, class: 'graph-cursor' }, svg);
  }
  // One transparent column per ply takes the clicks.
  line.forEach((node, i) => {
    const hit = el('rect', { x: i * step, y: 0, width: step, height: kHeight, class: 'graph-hit', 'data-ply': i + 1 }, svg);
    hit.addEventListener('click', () => on_click(i));
  });
}
