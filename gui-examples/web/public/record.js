// The page's game tree and the text of game records (docs/notation.md, "Game records"):
// reads a record's tags, move tokens, `{comments}`, NAGs and `( variations )` into a tree,
// and writes a tree back as a record with the evaluations as `[%eval …]` comments. Knows no
// rules: whether the moves are legal is the engine's to say (app.js checks every line).

export const kResultTokens = { p1win: '1-0', p2win: '0-1', draw: '1/2-1/2', none: '*' };
const kSuffixNags = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const kEvalComment = /\[%eval\s+(#?)([+-]?\d+(?:\.\d+)?)\]/;
// The evaluation a game review's annotated record puts first in a comment: `+1.25 (62 %)`
// (with Player 1's expected score), `+1.25` or `#-6` (mate in moves), Player 1's point of
// view (not triad-match's `+0.35/7`, the mover's).
const kReviewComment = /^(#?)([+-]\d+(?:\.\d+)?)(?: \((\d{1,3}) %\))?(?=[ ,]|$)/;
// A review's proven result, Player 1's point of view: `table win`, `solved draw`, …
const kProvenComment = /^(table|solved|decided) (win|draw|loss)(?=[ ,]|$)/;
const kProvenResult = { win: '1-0', draw: '1/2-1/2', loss: '0-1' };
const kProvenBy = { table: 'table', solved: 'solver', decided: 'engine' };

// One position of the tree: the move that led to it (null at the root), the lines that
// continue it (children[0] is the main continuation), and what is known about it.
export function make_node(move, parent) {
  // eval: { cp } or { mate } from Player 1's point of view (mate in moves, as `score mate`).
  return { move, parent, children: [], eval: null, nags: [], comment: '', review: null, result: null };
}

export function add_child(node, move) {
  const child = make_node(move, node);
  node.children.push(child);
  return child;
}

// The nodes from the root's first move to `node`.
export function path_to(node) {
  const path = [];
  for (let n = node; n && n.parent; n = n.parent) path.unshift(n);
  return path;
}

// The main line: every first child from `node` on (node itself excluded).
export function line_from(node) {
  const line = [];
  for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
  return line;
}

// The side to move in a position line ("… 1 0" or "… 2 7"): its second field.
export function side_of(fen) {
  return Number(String(fen).trim().split(/\s+/)[1]) === 2 ? 2 : 1;
}

export function format_eval(score) {
  if (!score || score.proven !== undefined) return '';  // [%eval] has no word for a proof
  if (score.mate !== undefined) return `#${score.mate}`;
  return (score.cp / 100).toFixed(2);
}

// A mate in plies (the review's unit) as a mate in moves (the engine's `score mate`).
export function mate_in_moves(score) {
  if (score.mate === undefined) return score;
  return { mate: Math.sign(score.mate) * Math.ceil(Math.abs(score.mate) / 2) };
}

// `[%eval 0.35]` / `[%eval #-3]` in a comment -> { cp } / { mate }; a review's `+1.25 (62 %)`
// ({ cp, expected }), `+1.25` / `#-6` (mate in moves) or proven result (`table win`, `solved
// draw`, `decided loss`) at its start likewise (docs/analysis.md "The annotated record");
// else null.
export function parse_eval(comment) {
  const match = kEvalComment.exec(comment);
  // + 0: no -0 from '-0.00'
  if (match) {
    return match[1] ? { mate: Number(match[2]) } : { cp: Math.round(Number(match[2]) * 100) + 0 };
  }
  const proven = kProvenComment.exec(comment);
  if (proven) return { proven: kProvenResult[proven[2]], by: kProvenBy[proven[1]] };
  const review = kReviewComment.exec(comment);
  if (!review) return null;
  if (review[1]) return { mate: Number(review[2]) };
  const score = { cp: Math.round(Number(review[2]) * 100) + 0 };
  if (review[3] !== undefined) score.expected = Math.min(100, Number(review[3])) / 100;
  return score;
}

// A position line as the page's Load box takes it: `startpos`, `<position line>`, either
// with `moves m1 m2 …`, optionally after `position` and `fen`. -> { startpos, fen, moves }.
export function parse_position_line(text) {
  let words = text.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'position') words = words.slice(1);
  if (words[0] === 'fen') words = words.slice(1);
  const at = words.indexOf('moves');
  const head = at < 0 ? words : words.slice(0, at);
  const moves = at < 0 ? [] : words.slice(at + 1);
  if (!head.length) throw new Error('empty position line: paste a position line or startpos, optionally followed by moves …');
  if (at >= 0 && !moves.length) throw new Error('"moves" is followed by no move');
  const startpos = head.length === 1 && head[0] === 'startpos';
  return { startpos, fen: startpos ? '' : head.join(' '), moves };
}

// Splits a record's text into tokens: tag pairs, comments, parentheses, NAGs, words.
function tokenise(text) {
  const tokens = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.startsWith('%')) lines[index] = '';  // an escape line
  });
  const source = lines.join('\n');
  let line_number = 1;
  for (let i = 0; i < source.length;) {
    const c = source[i];
    if (c === '\n') {
      line_number++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '[') {
      const end = source.indexOf('\n', i);
      const text = source.slice(i, end < 0 ? undefined : end).trim();
      const match = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(text);
      if (!match) throw new Error(`line ${line_number}: malformed tag pair ${text.slice(0, 60)}`);
      tokens.push({ kind: 'tag', name: match[1], value: match[2].replace(/\\(.)/g, '$1'), line: line_number });
      i += text.length;
    } else if (c === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) throw new Error(`line ${line_number}: unterminated comment`);
      const body = source.slice(i + 1, end);
      tokens.push({ kind: 'comment', text: body.replace(/\s+/g, ' ').trim(), line: line_number });
      line_number += (body.match(/\n/g) || []).length;
      i = end + 1;
    } else if (c === ';') {
      const end = source.indexOf('\n', i);
      tokens.push({ kind: 'comment', text: source.slice(i + 1, end < 0 ? undefined : end).trim(), line: line_number });
      i = end < 0 ? source.length : end;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c, line: line_number });
      i++;
    } else {
      const match = /^[^\s{}();[]+/.exec(source.slice(i));
      tokens.push({ kind: 'word', text: match[0], line: line_number });
      i += match[0].length;
    }
  }
  return tokens;
}

// A text of one or more records -> [{ tags: Map, root, result }], one per record (tags after
// moves start the next one). Move tokens are taken as written (the caller has the engine
// check them); syntax errors throw with the line.
export function parse_records(text) {
  const records = [];
  const tokens = tokenise(text);
  for (let start = 0; start < tokens.length || !records.length;) {
    const { record, next } = parse_one(tokens, start);
    records.push(record);
    start = next;
  }
  return records;
}

// The record that starts at tokens[start] -> { record, next: the index after it }.
function parse_one(tokens, start) {
  const tags = new Map();
  const root = make_node(null, null);
  let last = null;       // the node of the latest move, whose NAGs and comments follow
  let at = root;         // where the next move goes
  const stack = [];      // { at, last, line } of the enclosing lines
  let result = '*';
  let moves_seen = false;
  let next = start;
  for (; next < tokens.length; next++) {
    const token = tokens[next];
    const where = `line ${token.line}`;
    if (token.kind === 'tag') {
      if (moves_seen) break;  // the next record's tags
      tags.set(token.name, token.value);
    } else if (token.kind === 'comment') {
      if (last) last.comment = last.comment ? `${last.comment} ${token.text}` : token.text;
    } else if (token.kind === '(') {
      if (!last) throw new Error(`${where}: a variation before any move`);
      stack.push({ at, last, line: token.line });
      at = last.parent;
      last = null;
    } else if (token.kind === ')') {
      if (!stack.length) throw new Error(`${where}: ')' closes no variation`);
      ({ at, last } = stack.pop());
    } else {
      let word = token.text.replace(/^\d+\.+/, '');  // a move number, maybe glued to the move
      if (!word) continue;
      if (Object.values(kResultTokens).includes(word)) {
        if (stack.length) throw new Error(`${where}: result ${word} inside a variation`);
        result = word;
        moves_seen = true;
        continue;
      }
      const nag = /^\$(\d+)$/.exec(word) || (kSuffixNags[word] ? [word, kSuffixNags[word]] : null);
      if (nag) {
        const value = Number(nag[1]);
        if (!last) throw new Error(`${where}: NAG ${word} before any move`);
        if (value < 1 || value > 255) throw new Error(`${where}: bad NAG '${word}' (expected $1 to $255)`);
        last.nags.push(value);
        continue;
      }
      const suffix = /[!?]+$/.exec(word);
      if (suffix) {
        if (!kSuffixNags[suffix[0]]) throw new Error(`${where}: bad move suffix '${suffix[0]}' of '${word}'`);
        word = word.slice(0, -suffix[0].length);
      }
      last = add_child(at, word);
      if (suffix) last.nags.push(kSuffixNags[suffix[0]]);
      at = last;
      moves_seen = true;
    }
  }
  if (stack.length) throw new Error(`line ${stack[stack.length - 1].line}: unterminated variation`);
  for (const node of all_nodes(root)) {
    node.eval = parse_eval(node.comment);
    node.comment = node.comment.replace(kEvalComment, '').trim();
  }
  return { record: { tags, root, result }, next };
}

// A record's line in a chooser: `Game 2: Alice – Bob, 1-0`.
export function record_title(record, index) {
  const players = [record.tags.get('Player1'), record.tags.get('Player2')];
  const who = players.some(Boolean) ? `: ${players.map((p) => p || '?').join(' – ')}` : '';
  return `Game ${index + 1}${who}, ${record.tags.get('Result') || record.result}`;
}

export function* all_nodes(node) {
  for (const child of node.children) {
    yield child;
    yield* all_nodes(child);
  }
}

// The record of the tree: `tags` ([name, value] pairs), then the main line with each move's
// NAGs, its comment (the evaluation first, as `[%eval …]`) and its variations.
export function write_record(tags, root, first_side, result) {
  const words = [];
  const number = (ply) => Math.floor((ply + first_side - 1) / 2) + 1;
  const p1_moves = (ply) => (first_side + ply) % 2 === 1;  // ply counted from 0 at the root
  // Writes `node` (at `ply`); `numbered` forces the number before a Player 2 move (the first
  // of a line, or after a variation).
  const write_move = (node, ply, numbered) => {
    if (p1_moves(ply)) words.push(`${number(ply)}.`);
    else if (numbered) words.push(`${number(ply)}...`);
    words.push(node.move);
    for (const nag of node.nags) words.push(`$${nag}`);
    const comment = [format_eval(node.eval) ? `[%eval ${format_eval(node.eval)}]` : '', node.comment].filter(Boolean).join(' ');
    if (comment) words.push(`{${comment}}`);
  };
  const write_line = (start, ply, numbered) => {
    let first = numbered;
    for (let node = start; node; node = node.children[0], ply++) {
      write_move(node, ply, first);
      let renumber = false;
      const siblings = node.parent.children;
      if (siblings[0] === node) {
        for (const alternative of siblings.slice(1)) {
          words.push('(');
          write_line(alternative, ply, true);
          words.push(')');
          renumber = true;
        }
      }
      first = renumber;
    }
  };
  if (root.children.length) write_line(root.children[0], 0, true);
  words.push(result);
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 79) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  const escape = (value) => String(value).replace(/[\\"]/g, '\\$&');
  return `${tags.map(([k, v]) => `[${k} "${escape(v)}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}
