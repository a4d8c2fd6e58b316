// Draws a board as SVG from the engine's `query board` JSON (points with drawing coordinates,
// links, arcs): squares for the grid games, points and lines for Íves dáma. Knows no rules;
// it only shows what the engine reports plus the highlights the page asks for.

const kSvgNs = 'http://www.w3.org/2000/svg';
const kCell = 56;  // pixels per drawing unit

// What each position-line letter looks like, per game ("owner" 1/2 picks the colour).
const kPieces = {
  razzledazzle: {
    P: { owner: 1 }, B: { owner: 1, ball: true }, X: { owner: 1, ineligible: true },
    p: { owner: 2 }, b: { owner: 2, ball: true }, x: { owner: 2, ineligible: true },
  },
  yinyang: { L: { stone: 'light' }, D: { stone: 'dark' } },
  ivesdama: { P: { owner: 1 }, p: { owner: 2 } },
};

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(kSvgNs, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Square names are letters then digits ("c4"); a move token is its squares concatenated.
export function split_squares(token) {
  return token.match(/[a-z]+\d+/g) || [];
}

// Maps drawing coordinates (y up) to pixels, with a margin around the points and an
// optional 180° turn so Player 2 can sit at the bottom.
function make_projection(points, margin, flipped) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const box = { min_x: Math.min(...xs), max_x: Math.max(...xs),
                min_y: Math.min(...ys), max_y: Math.max(...ys) };
  const width = (box.max_x - box.min_x + 2 * margin) * kCell;
  const height = (box.max_y - box.min_y + 2 * margin) * kCell;
  const project = (x, y) => flipped
      ? [(box.max_x - x + margin) * kCell, (y - box.min_y + margin) * kCell]
      : [(x - box.min_x + margin) * kCell, (box.max_y - y + margin) * kCell];
  return { box, width, height, project };
}

// File letters under the board and rank numbers beside it, read from the point names.
function draw_coordinates(group, points, proj, margin) {
  const files = new Map();
  const ranks = new Map();
  for (const p of points) {
    const [, file, rank] = p.name.match(/^([a-z]+)(\d+)$/) || [];
    if (file) files.set(p.x, file);
    if (rank) ranks.set(p.y, rank);
  }
  const edge = margin - 0.25;
  for (const [x, file] of files) {
    const [px, py] = proj.project(x, proj.box.min_y - edge);
    el('text', { x: px, y: py + 5, class: 'coord' }, group).textContent = file;
  }
  for (const [y, rank] of ranks) {
    const [px, py] = proj.project(proj.box.min_x - edge, y);
    el('text', { x: px, y: py + 5, class: 'coord' }, group).textContent = rank;
  }
}

// The curved arc line: leaves both ends outward on its side and bends back (cubic Bézier
// whose control points lie beyond the outermost points on that side).
function arc_path(arc, by_name, proj) {
  const from = by_name.get(arc.from);
  const to = by_name.get(arc.to);
  if (!from || !to) return null;
  const reach = 1.1;
  const { min_x, max_x, min_y, max_y } = proj.box;
  const control = {
    left: (p) => [min_x - reach, p.y], right: (p) => [max_x + reach, p.y],
    bottom: (p) => [p.x, min_y - reach], top: (p) => [p.x, max_y + reach],
  }[arc.side] || ((p) => [min_x - reach, p.y]);
  const [x1, y1] = proj.project(from.x, from.y);
  const [c1x, c1y] = proj.project(...control(from));
  const [c2x, c2y] = proj.project(...control(to));
  const [x2, y2] = proj.project(to.x, to.y);
  return `M ${x1} ${y1} C ${c1x} ${c1y} ${c2x} ${c2y} ${x2} ${y2}`;
}

function draw_piece(group, kind, cx, cy, game) {
  const look = (kPieces[game] || {})[kind];
  if (!look) {  // a letter this page does not know: show it rather than hide it
    el('text', { x: cx, y: cy + 6, class: 'unknown-piece' }, group).textContent = kind;
    return;
  }
  const r = kCell * 0.34;
  if (look.stone) {
    el('circle', { cx, cy, r, class: `stone ${look.stone}`, 'data-piece': kind }, group);
    return;
  }
  el('circle', { cx, cy, r, class: `piece p${look.owner}${look.ineligible ? ' ineligible' : ''}`,
                 'data-piece': kind }, group);
  if (look.ball) el('circle', { cx, cy, r: r * 0.42, class: 'ball' }, group);
  if (look.ineligible) {
    const d = r * 0.45;
    el('path', { d: `M ${cx - d} ${cy - d} L ${cx + d} ${cy + d} M ${cx + d} ${cy - d} L ${cx - d} ${cy + d}`,
                 class: 'ineligible-mark' }, group);
  }
}

// An arrow through the squares of a move (a pass chain or capture sequence bends at each
// square), from the centre of its first square to an arrowhead at its last.
function draw_arrow(group, squares, kind, by_name, proj) {
  const at = squares.map((name) => by_name.get(name)).filter(Boolean)
      .map((p) => proj.project(p.x, p.y));
  if (at.length < 2) return;
  el('polyline', { points: at.map(([x, y]) => `${x},${y}`).join(' '), class: `arrow ${kind}`,
                   'marker-end': `url(#arrowhead-${kind})`, 'data-move': squares.join('') }, group);
}

function define_arrowheads(svg, kinds) {
  const defs = el('defs', {}, svg);
  for (const kind of kinds) {
    const marker = el('marker', { id: `arrowhead-${kind}`, viewBox: '0 0 10 10', refX: 6, refY: 5,
                                  markerWidth: 3, markerHeight: 3, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${kind}` }, marker);
  }
}

// Renders `board` into `svg`. view: { flipped, selectable:Set, path:[], targets:Set,
// last_move:[], arrows: [{ squares:[], kind: 'review' | 'analysis' }] }; on_click(square
// name) is called for clicks on any point.
export function render_board(svg, board, view, on_click) {
  svg.replaceChildren();
  const points = board.points || [];
  if (!points.length) return;
  const grid = (board.links || []).length === 0 && (board.arcs || []).length === 0;
  const margin = grid ? 0.9 : 1.6;
  const proj = make_projection(points, margin, view.flipped);
  svg.setAttribute('viewBox', `0 0 ${proj.width} ${proj.height}`);
  svg.setAttribute('data-game', board.game);
  const by_name = new Map(points.map((p) => [p.name, p]));
  const layers = ['lines', 'cells', 'marks', 'pieces', 'overlay', 'hits', 'labels'].map(
      (name) => el('g', { class: name }, svg));
  const [lines, cells, marks, pieces, overlay, hits, labels] = layers;
  el('rect', { x: 0, y: 0, width: proj.width, height: proj.height, class: `background ${board.game}` },
     lines);

  for (const [a, b] of board.links || []) {
    const p = by_name.get(a);
    const q = by_name.get(b);
    if (!p || !q) continue;
    const [x1, y1] = proj.project(p.x, p.y);
    const [x2, y2] = proj.project(q.x, q.y);
    el('line', { x1, y1, x2, y2, class: 'link' }, lines);
  }
  for (const arc of board.arcs || []) {
    const d = arc_path(arc, by_name, proj);
    if (d) el('path', { d, class: 'arc' }, lines);
  }

  const last = new Set(view.last_move || []);
  const path = view.path || [];
  for (const p of points) {
    const [cx, cy] = proj.project(p.x, p.y);
    const half = kCell / 2;
    if (grid) {
      const shade = p.dark !== undefined ? (p.dark ? 'dark' : 'light') : ((p.x + p.y) % 2 ? 'light' : 'dark');
      el('rect', { x: cx - half, y: cy - half, width: kCell, height: kCell, class: `cell ${shade}` }, cells);
    } else {
      el('circle', { cx, cy, r: kCell * 0.12, class: 'point' }, cells);
    }
    if (last.has(p.name)) el('rect', { x: cx - half, y: cy - half, width: kCell, height: kCell, class: 'last-move' }, marks);
    if (path.includes(p.name)) {
      el('circle', { cx, cy, r: kCell * 0.45, class: 'path-mark' }, marks);
    } else if (view.targets && view.targets.has(p.name)) {
      el('circle', { cx, cy, r: kCell * 0.14, class: 'target-mark' }, overlay);
    } else if (!path.length && view.selectable && view.selectable.has(p.name)) {
      el('circle', { cx, cy, r: kCell * 0.44, class: 'selectable-mark' }, overlay);
    }
    if (p.piece && p.piece !== '.') draw_piece(pieces, p.piece, cx, cy, board.game);
    const hit = el('rect', { x: cx - half, y: cy - half, width: kCell, height: kCell, class: 'hit',
                             'data-square': p.name, 'data-piece': p.piece || '.' }, hits);
    hit.addEventListener('click', () => on_click(p.name));
  }
  const arrows = view.arrows || [];
  if (arrows.length) define_arrowheads(svg, [...new Set(arrows.map((a) => a.kind))]);
  for (const arrow of arrows) draw_arrow(overlay, arrow.squares, arrow.kind, by_name, proj);
  draw_coordinates(labels, points, proj, margin);
}
