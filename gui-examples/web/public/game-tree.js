// The game as a tree of moves (record.js nodes) and the position shown in it: navigation,
// playing a move (the known continuation, else a new line) and undoing a refused one. Pure:
// no engine, no page; the engine checks every move when the page shows its position.
import { add_child, line_from, make_node, path_to } from './record.js';

export class GameTree {
  constructor(start_fen = '', root = make_node(null, null)) {
    this.reset(start_fen, root);
  }

  // A new game (or a loaded one): shows `node` of `root` (default the root).
  reset(start_fen, root, node = root) {
    this.start_fen = start_fen;
    this.root = root;
    this.node = node;
    // Bumps on every change of the position (a new game too): stale engine moves are dropped.
    this.generation = (this.generation ?? 0) + 1;
  }

  // Move tokens from the start to the position shown.
  moves() {
    return path_to(this.node).map((n) => n.move);
  }

  // The game goes on at the end of a line (no later move known).
  at_line_end() {
    return this.node.children.length === 0;
  }

  // Shows `node`; false if there is none or it is already shown.
  go_to(node) {
    if (!node || node === this.node) return false;
    this.node = node;
    this.generation++;
    return true;
  }

  // Navigation targets: 'first', 'back', 'forward', 'last' (the end of the line shown).
  target(where) {
    const node = this.node;
    return { first: this.root, back: node.parent, forward: node.children[0],
             last: line_from(node).pop() || node }[where];
  }

  // Plays `token` from the position shown: the known continuation if it is one, else a new
  // line (the main line at a line's end, a variation otherwise). Returns an undo function
  // that shows the position before and forgets a line it added.
  play(token) {
    const from = this.node;
    const known = from.children.find((child) => child.move === token);
    this.node = known || add_child(from, token);
    this.generation++;
    return () => {
      if (!known) from.children.pop();
      this.node = from;
      this.generation++;
    };
  }

  // The main line's nodes and its last position.
  main_line() {
    return line_from(this.root);
  }

  main_end() {
    const line = this.main_line();
    return line.length ? line[line.length - 1] : this.root;
  }
}
