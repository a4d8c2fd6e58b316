// Building a move by clicks: each click adds a square to the move being built if some legal
// move continues that way, starts a new move from it otherwise; the move is played once it
// is complete and cannot be extended (or, if it can, when its last square is clicked again).
// Pure: legal moves are arrays of squares.

function same_prefix(squares, prefix) {
  return prefix.every((sq, i) => squares[i] === sq);
}

export function moves_starting(legal, prefix) {
  return legal.filter((squares) => squares.length >= prefix.length && same_prefix(squares, prefix));
}

export function is_complete(legal, path) {
  return legal.some((squares) => squares.length === path.length && same_prefix(squares, path));
}

// The click on `name` with `path` built so far -> { path, token }: the new path, and the
// move to play (else null).
export function click(legal, path, name) {
  if (path.length && name === path[path.length - 1]) {
    const token = path.length > 1 && is_complete(legal, path) ? path.join('') : null;
    return { path: [], token };
  }
  const extended = [...path, name];
  let next = [];
  if (path.length && moves_starting(legal, extended).length) next = extended;
  else if (moves_starting(legal, [name]).some((squares) => squares.length > 1)) next = [name];
  const extendable = moves_starting(legal, next).some((squares) => squares.length > next.length);
  if (next.length > 1 && is_complete(legal, next) && !extendable) return { path: [], token: next.join('') };
  return { path: next, token: null };
}
