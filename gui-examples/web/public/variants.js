// What the page calls each built-in variant: the game's name and its rule set, as
// docs/games/*.md (the rules authority) describe them. A variant the page does not know (an
// engine's variant file) is shown by its id.

const kNames = {
  razzledazzle: ['Razzle Dazzle', 'extended rules'],
  'razzledazzle-basic': ['Razzle Dazzle', 'basic rules'],
  'razzledazzle-norepeat': ['Razzle Dazzle', 'no repeated position'],
  yinyang: ['Yin Yang', ''],
  ivesdama: ['Íves dáma', 'base rules'],
  'ivesdama-arc': ['Íves dáma', 'jumps through the arcs'],
  'ivesdama-forward': ['Íves dáma', 'steps forward only'],
};

// A variant id -> its readable name, e.g. `Razzle Dazzle — basic rules`.
export function variant_name(id) {
  const known = kNames[id];
  if (!known) return id;
  return known[1] ? `${known[0]} — ${known[1]}` : known[0];
}
