// The rules panel: each game's rules in short, written from docs/games/*.md (the rules
// authority, named in the panel for the details and the variants).

const kRules = {
  razzledazzle: {
    doc: 'docs/games/razzle-dazzle.md',
    items: [
      ['Goal', 'End your turn with your ball on one of your pieces on the far rank (rank 8 for ' +
               'Player 1, rank 1 for Player 2).'],
      ['A turn', 'Either a knight move of any of your pieces except the ball carrier, to an ' +
                 'empty square, or one or ' +
                 'more passes of your ball: along a line in any of the 8 directions to the ' +
                 'first piece on it, which ' +
                 'must be yours. There is no passing the turn.'],
      ['Extended rules', 'The ball may not touch a piece twice in a turn; a piece that threw ' +
                         'the ball cannot ' +
                         'receive it until it makes a knight move; a knight move that ends next ' +
                         'to the ball ' +
                         'carrier forces its owner to pass if it can. Basic rules drop all three.'],
      ['End', 'The goal wins; a player with no legal turn loses; the third repetition of a ' +
              'position, or the ' +
              'optional ply limit, is a draw.'],
    ],
  },
  yinyang: {
    doc: 'docs/games/yin-yang.md',
    items: [
      ['Goal', 'Both players move the same stones; they differ in how they score. Player 1 ' +
               'scores a point for each ' +
               'stone on a square of its own colour, Player 2 for every other stone.'],
      ['A move', 'Pick a stone with N stones of its own colour among its 8 neighbours, slide it ' +
                 'exactly N squares ' +
                 'along its rank or file over empty squares, and put a stone of the other ' +
                 'colour where it stood.'],
      ['End', 'The game ends when the side to move has no legal move (at most 32 moves). The ' +
              'higher score ' +
              'wins; a tie is a win for Player 2. There are no draws.'],
    ],
  },
  ivesdama: {
    doc: 'docs/games/ives-dama.md',
    items: [
      ['Goal', 'End your move with a stone on the ' +
               'opponent\'s base point (c9 for Player 1, c1 for Player 2).'],
      ['A move', 'A step along one line (or arc) to a neighbouring empty point, in any ' +
                 'direction; or a capture: ' +
                 'jump over an adjacent enemy stone along a straight line to the empty point ' +
                 'behind it, and jump ' +
                 'again with the same stone while it can.'],
      ['Captures', 'Capturing is compulsory and every sequence runs to its end; among several ' +
                   'the player ' +
                   'chooses freely. Arcs are not used in captures under the base rules.'],
      ['End', 'The goal wins; a player with no legal move, or no stones, loses; the third ' +
              'repetition of a ' +
              'position, or the optional ply limit, is a draw.'],
    ],
  },
};

// Fills `panel` (a <details>) with the rules of `game` (a `query board` game id); hides it for
// a game the page has no rules for.
export function render_rules(panel, game) {
  const rules = kRules[game];
  panel.hidden = !rules;
  if (!rules || panel.dataset.game === game) return;
  panel.dataset.game = game;
  const summary = document.createElement('summary');
  summary.textContent = 'Rules';
  const list = document.createElement('dl');
  for (const [term, text] of rules.items) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = text;
    list.append(dt, dd);
  }
  const source = document.createElement('p');
  source.className = 'muted';
  source.textContent = `All the rules, with the variants: ${rules.doc} in the Triad repository.`;
  panel.replaceChildren(summary, list, source);
}
