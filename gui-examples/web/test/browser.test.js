// Plays each game through the web page in headless chromium against the real engine: clicks
// moves square by square (pass chains and capture sequences included), waits for the
// engine's replies, and checks the drawn board, the highlights, the analysis and the move
// list against an independent triad process; then the analysis board: navigation, branches,
// save and load of records and position lines, the evaluation bar and graph, the clock, the
// colour key and the review. Saves a screenshot of each game's page.
// Run: TRIAD_ENGINE=build/release/triad node --test test/   (SCREENSHOT_DIR picks where
// the screenshots go; default: a temporary folder).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { engine_path, launch_browser, Referee, start_bridge } from './harness.js';

const kMoveTimeMs = 200;
const kWaitMs = 15000;
const kScreenshotDir = process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), 'triad-shots-'));
const squares_of = (token) => token.match(/[a-z]+\d+/g);

let bridge;
let browser;
let referee;

before(async () => {
  mkdirSync(kScreenshotDir, { recursive: true });
  bridge = await start_bridge(engine_path(), []);
  browser = await launch_browser();
  referee = new Referee(engine_path());
});

after(async () => {
  if (browser) await browser.close();
  if (bridge) bridge.stop();
  if (referee) referee.close();
});

async function open_page(params) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${bridge.url}?${new URLSearchParams(params)}`);
  await page.waitForSelector('#board rect.hit', { timeout: kWaitMs });
  if (params.mode !== 'engine-engine') await wait_idle(page, 0);
  return { page, errors };
}

// Waits until the page shows at least `ply` moves and no engine move search is running.
async function wait_idle(page, ply) {
  await page.waitForFunction(
      (n) => Number(document.body.dataset.ply) >= n && document.body.dataset.searching !== 'move' &&
          document.body.dataset.busy !== 'true',
      ply, { timeout: kWaitMs });
}

async function at_ply(page, ply) {
  await page.waitForFunction((n) => Number(document.body.dataset.ply) === n && document.body.dataset.busy !== 'true',
                             ply, { timeout: kWaitMs });
}

// The rules panel of `game`: closed at first, its text matches `pattern` when opened; its
// screenshot goes to web-rules-<game>.png.
async function check_rules(page, game, pattern) {
  assert.equal(await page.$eval('#rules', (d) => d.open), false);
  await page.click('#rules summary');
  assert.match(await page.textContent('#rules'), pattern);
  await page.locator('#rules').screenshot({ path: join(kScreenshotDir, `web-rules-${game}.png`) });
  await page.click('#rules summary');
}

async function page_state(page) {
  return page.evaluate(() => ({
    start_fen: window.triad.state.start_fen,
    moves: [...window.triad.state.moves],
    pieces: Object.fromEntries([...document.querySelectorAll('#board rect.hit')].map(
        (r) => [r.dataset.square, r.dataset.piece])),
    selectable: [...document.querySelectorAll('#board .selectable-mark')].length,
    moves_shown: [...document.querySelectorAll('#moves .move')].map((m) => m.textContent),
    analysis_rows: [...document.querySelectorAll('#analysis tbody tr')].map(
        (tr) => [...tr.children].map((td) => td.textContent)),
    score_text: document.getElementById('score').hidden ? '' : document.getElementById('score-text').textContent,
    error: document.getElementById('error').hidden ? '' : document.getElementById('error').textContent,
  }));
}

function assert_board(shown, board) {
  const expected = Object.fromEntries(board.points.map((p) => [p.name, p.piece]));
  assert.deepEqual(shown.pieces, expected, 'the drawn board differs from the engine\'s board');
}

// Clicks the squares of `token` one by one, checking that each next square is highlighted
// as a target; when a longer legal move continues the token, its last square is clicked
// again to play it (as a person does).
async function click_move(page, token, legal) {
  const squares = squares_of(token);
  for (const [i, square] of squares.entries()) {
    if (i > 0) {
      const marked = await page.$$eval('#board .target-mark', (marks) => marks.length);
      assert.ok(marked > 0, `no target squares highlighted while building ${token}`);
    }
    await page.click(`#board rect.hit[data-square="${square}"]`);
  }
  const extendable = legal.some((move) => move !== token && move.startsWith(token) &&
                                          squares_of(move).length > squares.length);
  if (extendable) await page.click(`#board rect.hit[data-square="${squares[squares.length - 1]}"]`);
}

// Human (Player 1) plays `turns` moves against the engine; every engine reply must be legal
// and the page must show exactly the referee's board afterwards.
async function play_against_engine(variant, choose, turns) {
  const start = await referee.set_variant(variant);
  const { page, errors } = await open_page({ variant, mode: 'human-p1', movetime: kMoveTimeMs, multipv: 2, level: '20' });
  let shown = await page_state(page);
  assert.equal(shown.start_fen, start);
  let facts = await referee.position(start, []);
  assert_board(shown, facts.board);
  const origins = new Set(facts.legal.map((m) => squares_of(m)[0]));
  assert.equal(shown.selectable, origins.size, 'every piece with a legal move is highlighted');

  const moves = [];
  for (let turn = 0; turn < turns && !facts.over; ++turn) {
    const mine = choose(facts.legal);
    await click_move(page, mine, facts.legal);
    moves.push(mine);
    facts = await referee.position(start, moves);
    if (facts.over) break;
    const facts_before_reply = facts;
    await wait_idle(page, moves.length + 1);
    shown = await page_state(page);
    assert.equal(shown.moves[moves.length - 1], mine, 'the page played the clicked move');
    const reply = shown.moves[moves.length];
    assert.ok(facts.legal.includes(reply), `engine reply ${reply} is not legal (legal: ${facts.legal.join(' ')})`);
    moves.push(reply);
    facts = await referee.position(start, moves);
    assert_board(shown, facts.board);
    assert.deepEqual(shown.moves_shown, moves);
    assert.ok(shown.analysis_rows.length >= 1, 'the engine\'s analysis is shown');
    for (const row of shown.analysis_rows) {
      const first = row[4].split(' ')[0];
      assert.ok(facts_before_reply.legal.includes(first), `analysis line ${row} starts with an illegal move`);
    }
    const [, depth, score, , pv] = shown.analysis_rows[0];
    assert.ok(Number(depth) >= 1 && /^[≥≤]?([+-]?\d+\.\d\d|#-?\d+)( \(\d+ %\))?$/.test(score) && pv.length > 0,
              `analysis row looks wrong: ${shown.analysis_rows[0]}`);
  }
  assert.equal(shown.error, '');
  assert.deepEqual(errors, []);
  return { page, shown, facts, moves };
}

// Prefers the longest legal move (pass chains, capture sequences), so multi-square input
// is exercised whenever the position offers it.
const longest = (legal) =>
  legal.reduce((a, b) => (squares_of(b).length > squares_of(a).length ? b : a));

describe('web GUI in chromium', () => {
  test('Razzle Dazzle: pass chains by clicks, engine replies, ball and ineligible marks', async () => {
    const { page, shown } = await play_against_engine('razzledazzle', longest, 2);
    // The first move d1e1f1 (or another chain) made its throwers ineligible: drawn as marks.
    const ineligible = Object.values(shown.pieces).filter((p) => p === 'X' || p === 'x').length;
    assert.equal(await page.$$eval('#board .ineligible-mark', (m) => m.length), ineligible);
    assert.equal(await page.$$eval('#board .ball', (m) => m.length), 2);
    await page.screenshot({ fullPage: true, path: join(kScreenshotDir, 'web-razzledazzle.png') });
    await check_rules(page, 'razzledazzle', /Goal.*far rank.*knight move.*Basic rules.*razzle-dazzle\.md/s);
    await page.close();
  });

  test('Yin Yang: stones, square colours and the live score', async () => {
    const { page, shown, moves } = await play_against_engine('yinyang', (legal) => legal[0], 3);
    const start = await referee.set_variant('yinyang');
    const facts = await referee.position(start, moves);
    const [p1, p2] = facts.score.split(' ');
    assert.match(shown.score_text, new RegExp(`: ${p1}\\s.*: ${p2}$`));
    const dark = await page.$$eval('#board rect.cell.dark', (cells) => cells.length);
    assert.equal(dark, facts.board.points.filter((p) => p.dark).length);
    await page.screenshot({ fullPage: true, path: join(kScreenshotDir, 'web-yinyang.png') });
    await check_rules(page, 'yinyang', /Goal.*own colour.*a tie is a win for Player 2.*yin-yang\.md/s);
    await page.close();
  });

  test('the level control: a limited level plays the engine\'s moves, without the book', async () => {
    // Yin Yang at full strength answers from its perfect-play book; Level 0 searches instead.
    const { page, errors } = await open_page({ variant: 'yinyang', mode: 'engine-engine', movetime: kMoveTimeMs, level: '0' });
    await wait_idle(page, 4);
    assert.equal(await page.$$eval('#level option', (o) => o.length), 21);  // full + 0..19
    assert.equal(await page.$eval('#level', (s) => s.value), '0');
    const exchange = await page.evaluate(() => window.triad.log.join('\n'));
    assert.match(exchange, /^> setoption name Skill Level value 0$/m);
    assert.doesNotMatch(exchange, /info string book move/);
    // The level's own search is no evaluation: no analysis rows, no bar, no points on the graph.
    assert.equal(await page.$$eval('#analysis tbody tr', (r) => r.length), 0);
    assert.equal(await page.getAttribute('#eval-bar', 'data-fraction'), '');
    assert.equal(await page.evaluate(() => window.triad.state.root.children[0].eval), null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the start panel: the level is chosen before the first game; Yin Yang says who wins', async () => {
    const { page, errors } = await open_page({ variant: 'yinyang' });
    assert.equal(await page.isVisible('#start'), true);
    assert.equal(await page.inputValue('#start-level'), '10', 'a middle level by default');
    assert.match(await page.textContent('#start-note'), /Player 2 wins with perfect play/);
    await page.screenshot({ path: join(kScreenshotDir, 'web-start.png') });
    await page.selectOption('#start-level', '4');
    await page.click('#start-play');
    await page.waitForFunction(() => document.body.dataset.busy !== 'true');
    assert.equal(await page.isHidden('#start'), true);
    assert.equal(await page.inputValue('#level'), '4');
    await page.selectOption('#variant', 'razzledazzle');
    assert.equal(await page.textContent('#start-note'), '');
    assert.deepEqual(errors, []);
    await page.close();
    const preset = await open_page({ variant: 'yinyang', level: '3' });
    assert.equal(await preset.page.isHidden('#start'), true, 'a level in the address skips the panel');
    await preset.page.close();
  });

  test('Íves dáma: points, lines, arcs and capture sequences', async () => {
    const { page } = await play_against_engine('ivesdama', longest, 3);
    const start = await referee.set_variant('ivesdama');
    const { board } = await referee.position(start, []);
    assert.equal(await page.$$eval('#board line.link', (l) => l.length), board.links.length);
    assert.equal(await page.$$eval('#board path.arc', (a) => a.length), board.arcs.length);
    // The colour key's swatches have the pieces' colours.
    for (const side of [1, 2]) {
      const [swatch, piece] = await page.evaluate((n) => [
        getComputedStyle(document.querySelector(`#key .swatch.ives-p${n}`)).backgroundColor,
        getComputedStyle(document.querySelector(`#board .piece.p${n}`)).fill], side);
      assert.equal(swatch, piece, `the key's Player ${side} colour`);
    }
    assert.match(await page.textContent('#key'), /Player 1 piece \(crimson\).*Player 2 piece \(green\)/);
    // The move hints have a colour of their own, not a player's.
    const [hint, ...pieces] = await page.evaluate(() => [
      getComputedStyle(document.querySelector('#key .swatch.target')).backgroundColor,
      ...[1, 2].map((n) => getComputedStyle(document.querySelector(`#board .piece.p${n}`)).fill)]);
    assert.ok(!pieces.includes(hint), `the next-square hint ${hint} has a player's colour (${pieces})`);
    await page.screenshot({ fullPage: true, path: join(kScreenshotDir, 'web-ivesdama.png') });
    await check_rules(page, 'ivesdama', /Goal.*base point.*Capturing is compulsory.*ives-dama\.md/s);
    await page.close();
  });

  test('engine arguments after -- reach triad: --variant preselects the game', async () => {
    const second = await start_bridge(engine_path(), ['--variant', 'ivesdama']);
    try {
      const page = await browser.context.newPage();
      await page.goto(second.url);
      await page.waitForSelector('#board rect.hit');
      assert.equal(await page.inputValue('#variant'), 'ivesdama');
      // Readable names with their rule set, never raw ids.
      assert.equal(await page.$eval('#variant', (s) => s.selectedOptions[0].textContent), 'Íves dáma — base rules');
      assert.ok(!(await page.$$eval('#variant option', (o) => o.map((x) => x.textContent))).some((t) => /^[a-z-]+$/.test(t)));
      assert.equal(await page.getAttribute('#board', 'data-game'), 'ivesdama');
      await page.close();
    } finally {
      second.stop();
    }
  });

  test('engine vs engine to the end, record export, take back, position line, MultiPV', async () => {
    const start = await referee.set_variant('yinyang');
    const { page, errors } = await open_page({ variant: 'yinyang', mode: 'engine-engine', movetime: 30, level: '20' });
    await page.waitForFunction(() => document.body.dataset.over === 'true', null, { timeout: 60000 });
    let shown = await page_state(page);
    const played = shown.moves;
    for (let i = 0; i < played.length; ++i) {
      const { legal } = await referee.position(start, played.slice(0, i));
      assert.ok(legal.includes(played[i]), `engine move ${played[i]} at ply ${i} is illegal`);
    }
    const end = await referee.position(start, played);
    assert.ok(end.over, 'the page stopped at a finished game');
    const result = await referee.query('result');
    const status = await page.textContent('#status');
    assert.match(status, new RegExp(`^Game over: Player ${result === 'p1win' ? 1 : 2} wins`));
    // The scoring is explained, and a tied score is announced as Player 2's win.
    const [s1, s2] = (await referee.query('score')).trim().split(/\s+/);
    if (s1 === s2) assert.match(status, new RegExp(`${s1}–${s2}: a tie goes to Player 2\\)$`));
    else assert.doesNotMatch(status, /tie/);
    assert.match(await page.textContent('#score-legend'), /own\s+colour.*a tie goes to Player 2/s);

    await page.click('#save');
    const record = await page.inputValue('#record');
    const token = { p1win: '1-0', p2win: '0-1' }[result];
    for (const tag of [['Variant', 'yinyang'], ['FEN', start], ['Result', token], ['Score', end.score]]) {
      assert.ok(record.includes(`[${tag[0]} "${tag[1]}"]`), `record lacks ${tag}: ${record}`);
    }
    const body = record.split('\n\n')[1].replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w));
    assert.deepEqual(body, [...played, token], 'the record lists the moves and the result');
    // Every searched position's evaluation is in the record, from Player 1's point of view.
    const evals = [...record.matchAll(/\{\[%eval (#?-?\d+(?:\.\d+)?)\]\}/g)].map((m) => m[1]);
    assert.ok(evals.length >= played.length - 1, `evaluations missing: ${record}`);

    await page.selectOption('#mode', 'human-human');
    await page.click('#take-back');
    await page.waitForFunction((n) => Number(document.body.dataset.ply) === n, played.length - 1);
    shown = await page_state(page);
    assert_board(shown, (await referee.position(start, played.slice(0, -1))).board);
    assert.equal(await page.getAttribute('body', 'data-over'), 'false');
    assert.deepEqual(shown.moves_shown, played, 'take back keeps the moves');

    // Load a position line reached by the referee, then analyse it with MultiPV 2.
    const reply = (await referee.position(start, ['c4b4'])).legal[0];
    await referee.position(start, ['c4b4', reply]);
    const fen = await referee.query('fen');
    await page.fill('#fen', fen);
    await page.click('#load-fen');
    await page.waitForFunction(() => Number(document.body.dataset.ply) === 0);
    assert_board(await page_state(page), (await referee.position(fen, [])).board);
    await page.fill('#multipv', '2');
    await page.check('#analyse');
    // Both lines of the same (completed) depth: during a search the rows may differ in depth.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('#analysis tbody tr')];
      const depth = (row) => row.children[1].textContent;
      return rows.length === 2 && depth(rows[0]) === depth(rows[1]);
    }, null, { timeout: kWaitMs });
    const rows = (await page_state(page)).analysis_rows;
    const { legal } = await referee.position(fen, []);
    assert.notEqual(rows[0][4].split(' ')[0], rows[1][4].split(' ')[0], 'MultiPV lines start differently');
    for (const row of rows) assert.ok(legal.includes(row[4].split(' ')[0]), `PV ${row[4]} starts illegally`);

    // A malformed position line is refused with the engine's reason; the game stays.
    await page.fill('#fen', 'not a position');
    await page.click('#load-fen');
    await page.waitForSelector('#error:not([hidden])');
    assert.equal(await page.evaluate(() => window.triad.state.start_fen), fen);

    // "Engine move" with a long think, cut short by "Move now": a legal move is played.
    await page.uncheck('#analyse');
    await page.fill('#movetime', '60000');
    await page.click('#engine-move');
    await page.waitForFunction(() => document.body.dataset.searching === 'move');
    await page.click('#move-now');
    await wait_idle(page, 1);
    const [answer] = (await page_state(page)).moves;
    assert.ok((await referee.position(fen, [])).legal.includes(answer), `engine move ${answer} is illegal`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('navigation and branches: buttons, keys, clicks on moves; a move from an earlier position keeps the old line', async () => {
    const start = await referee.set_variant('yinyang');
    const { page, errors } = await open_page({ variant: 'yinyang', mode: 'human-human' });
    assert.equal(await page.$eval('#level', (s) => s.value), '10', 'a middle level by default');
    const moves = [];
    for (let i = 0; i < 4; ++i) {
      const { legal } = await referee.position(start, moves);
      await click_move(page, legal[0], legal);
      moves.push(legal[0]);
      await wait_idle(page, moves.length);
    }
    const at = async (ply) => {
      await page.waitForFunction((n) => Number(document.body.dataset.ply) === n && document.body.dataset.busy !== 'true', ply);
      const shown = await page_state(page);
      assert.deepEqual(shown.moves, moves.slice(0, ply));
      assert_board(shown, (await referee.position(start, moves.slice(0, ply))).board);
      assert.equal(await page.$$eval('#moves .move.current', (m) => m.map((x) => x.textContent).join()),
                   ply ? moves[ply - 1] : '');
    };
    await page.click('#nav-back');
    await page.click('#nav-back');
    await at(2);
    await page.keyboard.press('ArrowRight');
    await at(3);
    await page.click('#nav-first');
    await at(0);
    await page.keyboard.press('End');
    await at(4);
    await page.keyboard.press('Home');
    await at(0);
    await page.click('#nav-last');
    await at(4);
    await page.click('#take-back');
    await at(3);
    assert.deepEqual((await page_state(page)).moves_shown, moves, 'take back keeps every move');
    await page.locator('#moves .move').nth(1).click();
    await at(2);
    // Another move from ply 2 starts a variation; the old line stays the main line.
    const { legal } = await referee.position(start, moves.slice(0, 2));
    const other = legal.find((m) => m !== moves[2]);
    await click_move(page, other, legal);
    await page.waitForFunction((m) => window.triad.state.moves.join(' ') === m && document.body.dataset.busy !== 'true',
                               [...moves.slice(0, 2), other].join(' '));
    assert.deepEqual(await page.$$eval('#moves .variation .move', (m) => m.map((x) => x.textContent)), [other]);
    assert.deepEqual(await page.$$eval('#moves > .move', (m) => m.map((x) => x.textContent)), moves);
    const branched = await referee.position(start, [...moves.slice(0, 2), other]);
    assert_board(await page_state(page), branched.board);
    // The same move again from ply 2 goes to the known line rather than adding one.
    await page.locator('#moves > .move').nth(1).click();
    await page.waitForFunction(() => Number(document.body.dataset.ply) === 2 && document.body.dataset.busy !== 'true');
    await click_move(page, other, legal);
    await page.waitForFunction(() => Number(document.body.dataset.ply) === 3 && document.body.dataset.busy !== 'true');
    assert.equal(await page.$$eval('#moves .move', (m) => m.length), moves.length + 1);
    // Saved and loaded back, the variation is there again.
    await page.click('#save');
    const record = await page.inputValue('#record');
    assert.match(record, new RegExp(`\\( 2\\. ${other} \\)|\\( 2\\.\\.\\. ${other} \\)`));
    await page.click('#new-game');
    await at_ply(page, 0);
    await page.fill('#record', record);
    await page.click('#load-record');
    await at_ply(page, 4);
    assert.deepEqual(await page.$$eval('#moves .variation .move', (m) => m.map((x) => x.textContent)), [other]);
    assert.deepEqual(await page.$$eval('#moves > .move', (m) => m.map((x) => x.textContent)), moves);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('save -> load round trip with evaluations, graph and bar; position lines with moves; bad input', async () => {
    const start = await referee.set_variant('razzledazzle');
    const { page, errors } = await open_page({ variant: 'razzledazzle', mode: 'engine-engine', movetime: 30, level: '20' });
    await wait_idle(page, 6);
    await page.selectOption('#mode', 'human-human');
    await page.waitForFunction(() => document.body.dataset.busy !== 'true' && document.body.dataset.searching === 'none');
    const before = await page.evaluate(() => {
      const line = [];
      for (let n = window.triad.state.root.children[0]; n; n = n.children[0]) {
        line.push([n.move, n.eval]);
      }
      return line;
    });
    assert.ok(before.filter(([, e]) => e).length >= before.length - 1, 'every searched position has an evaluation');
    // The graph has a point per evaluation; the bar shows the position's evaluation.
    assert.equal(await page.$$eval('#graph .graph-hit', (h) => h.length), before.length);
    assert.notEqual(await page.getAttribute('#eval-bar', 'data-fraction'), null);
    await page.click('#save');
    const record = await page.inputValue('#record');
    await page.click('#new-game');
    await at_ply(page, 0);
    await page.fill('#record', record);
    await page.click('#load-record');
    await at_ply(page, before.length);
    const after = await page.evaluate(() => {
      const line = [];
      for (let n = window.triad.state.root.children[0]; n; n = n.children[0]) {
        line.push([n.move, n.eval]);
      }
      return line;
    });
    // A record carries `[%eval]` (pawns or a mate), not the expected score the search had.
    const score = (e) => e && (e.mate !== undefined ? { mate: e.mate } : { cp: e.cp });
    const recorded = (line) => line.map(([move, e]) => [move, score(e)]);
    assert.ok(before.some(([, e]) => e && e.expected !== undefined),
              'the searches gave expected scores (wdl)');
    assert.deepEqual(recorded(after), recorded(before), 'the moves and evaluations load back');
    // A text with two games: the first is loaded, a chooser offers both; the second loads on
    // choice.
    assert.equal(await page.isHidden('#record-game'), true);
    await page.fill('#record', `${record}\n\n[Variant "razzledazzle"]\n[Result "*"]\n\n1. ${before[0][0]} *\n`);
    await page.click('#load-record');
    await at_ply(page, before.length);
    assert.equal(await page.isHidden('#record-game'), false);
    const titles = await page.$$eval('#record-game option', (o) => o.map((x) => x.textContent));
    assert.equal(titles.length, 2);
    assert.match(titles[0], /^Game 1: \S+ – \S+, /);
    assert.equal(titles[1], 'Game 2, *');
    await page.selectOption('#record-game', '1');
    await at_ply(page, 1);
    assert.equal(await page.evaluate(() => window.triad.state.root.children[0].children.length), 0);
    // The same record from a file.
    await page.click('#new-game');
    await at_ply(page, 0);
    await page.setInputFiles('#record-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
    await at_ply(page, before.length);
    assert.deepEqual((await page_state(page)).moves, before.map(([m]) => m));
    const loaded = await referee.position(start, before.map(([m]) => m));
    assert_board(await page_state(page), loaded.board);
    // A click on the graph goes to that ply.
    await page.locator('#graph .graph-hit').nth(2).click();
    await at_ply(page, 3);
    assert.equal(await page.$eval('#moves .move.current', (m) => m.textContent), before[2][0]);

    // A position line with moves, and startpos.
    const two = before.slice(0, 2).map(([m]) => m);
    await page.fill('#fen', `startpos moves ${two.join(' ')}`);
    await page.click('#load-fen');
    await at_ply(page, 2);
    assert.deepEqual((await page_state(page)).moves, two);
    await page.fill('#fen', `${start} moves ${two[0]}`);
    await page.click('#load-fen');
    await at_ply(page, 1);
    assert_board(await page_state(page), (await referee.position(start, [two[0]])).board);

    // A review's annotated record: its evaluations (`+1.25`, `#-6` in moves) and NAGs load.
    await page.fill('#record', `[Variant "razzledazzle"]\n\n1. ${two[0]} {+1.25} 1... ${two[1]} $4 ` +
                               `{#-6, blunder (loss 1.00); best x} ( 1... ${two[1]} ) *\n`);
    await page.click('#load-record');
    await at_ply(page, 2);
    assert.deepEqual(await page.evaluate(() => {
      const first = window.triad.state.root.children[0];
      return [first.eval, first.children[0].eval, first.children[0].nags, first.children.length];
    }), [{ cp: 125 }, { mate: -6 }, [4], 2]);
    assert.deepEqual(await page.$$eval('#moves .glyph', (g) => g.map((x) => x.textContent)), ['??']);
    await page.fill('#fen', `${start} moves ${two[0]}`);
    await page.click('#load-fen');
    await at_ply(page, 1);

    // Bad input: one clear message each, the game stays.
    const refused = async (box, button, text, pattern) => {
      const shown_before = await page.evaluate(() => (document.getElementById('error').hidden ? '' : document.getElementById('error').textContent));
      await page.fill(box, text);
      await page.click(button);
      await page.waitForFunction((old) => !document.getElementById('error').hidden &&
                                     document.getElementById('error').textContent !== old, shown_before);
      assert.match(await page.textContent('#error'), pattern);
      assert.equal(await page.evaluate(() => window.triad.state.moves.length), 1);
    };
    await refused('#fen', '#load-fen', `startpos moves ${two[0]} zz9`, /illegal move zz9/);
    await refused('#record', '#load-record', '[Variant "razzledazzle"]\n\n1. zz9 *\n', /^record: the main line: .*zz9/);
    await refused('#record', '#load-record', `[Variant "razzledazzle"]\n\n1. ${two[0]} ( 1. ${two[0]}\n`,
                  /^record: line 3: unterminated variation/);
    await refused('#record', '#load-record', '[Variant "chess"]\n\n*\n', /no variant 'chess'/);
    // A bad record of another variant leaves the engine on this game's variant.
    await refused('#record', '#load-record', '[Variant "yinyang"]\n\n1. c4b4 2. zz9 *\n', /^record: the main line: .*zz9/);
    await page.click('#nav-first');
    await at_ply(page, 0);
    assert_board(await page_state(page), (await referee.position(start, [])).board);
    assert.equal(await page.inputValue('#variant'), 'razzledazzle');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the clock: base + increment reach the engine as wtime/btime/winc/binc and run per player', async () => {
    // 0.1 minutes (6 s) + 1 s: the engine moves quickly.
    const { page, errors } = await open_page({ variant: 'razzledazzle', mode: 'engine-engine', clock: '0.1', inc: '1', level: '20' });
    await page.waitForFunction(() => Number(document.body.dataset.ply) >= 3, null,
                               { timeout: 40000 });
    const exchange = await page.evaluate(() => window.triad.log.join('\n'));
    assert.match(exchange, /^> go wtime 6000 btime 6000 winc 1000 binc 1000$/m);
    const gos = [...exchange.matchAll(/^> go wtime (\d+) btime (\d+) winc 1000 binc 1000$/gm)];
    assert.ok(gos.length >= 3, 'every engine move gets the clocks');
    // After Player 1's first move its clock got the increment, the other did not move.
    assert.ok(Number(gos[1][1]) <= 7000 && Number(gos[1][1]) > 0 && Number(gos[1][2]) === 6000,
              `clocks after one move: ${gos[1][0]}`);
    assert.equal(await page.isVisible('#clocks'), true);
    assert.match(await page.textContent('#clock-p1'), /^Player 1: \d+:\d\d/);
    assert.deepEqual(errors, []);
    await page.close();

    // 0.02 minutes (1.2 s) and a human who does not move: Player 1 loses on time.
    const human = await open_page({ variant: 'razzledazzle', mode: 'human-p1', clock: '0.02' });
    await human.page.waitForFunction(() => document.getElementById('status').textContent === 'Player 1 lost on time',
                                     null, { timeout: kWaitMs });
    assert.equal(await human.page.textContent('#clock-p1'), 'Player 1: 0:00.0');
    assert.equal(await human.page.$$eval('#board .selectable-mark', (m) => m.length), 0, 'no move after the flag');
    await human.page.click('#save');
    const record = await human.page.inputValue('#record');
    assert.match(record, /\[Result "0-1"\]\n\[Termination "time forfeit"\]\n\[TimeControl "1\.2\+0"\]/);
    assert.deepEqual(human.errors, []);
    await human.page.close();
  });

  test('review: the marks in the move list and on the graph, accuracy per player', async () => {
    // A game at level 3, so that the review has mistakes to mark.
    const { page, errors } = await open_page({ variant: 'yinyang', mode: 'engine-engine', movetime: 100, level: '3' });
    // Twelve plies (or the game's end), else the page's state says why not.
    await page.waitForFunction(() => Number(document.body.dataset.ply) >= 12 || document.body.dataset.over === 'true',
                               null, { timeout: 120000 })
      .catch(async (e) => {
        throw new Error(`${e.message}: ${JSON.stringify(await page.evaluate(() => ({ ...document.body.dataset })))} ` +
                        `${await page.textContent('#error')}`);
      });
    await page.selectOption('#mode', 'human-human');
    await page.waitForFunction(() => document.body.dataset.busy !== 'true' && document.body.dataset.searching === 'none');
    await page.click('#review');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
    assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
    const reviews = await page.evaluate(() => {
      const line = [];
      for (let n = window.triad.state.root.children[0]; n; n = n.children[0]) {
        line.push(n.review && n.review.class);
      }
      return line;
    });
    assert.ok(reviews.every(Boolean), `every move is reviewed: ${reviews}`);
    const marked = reviews.map((c, i) => [c, i]).filter(([c]) => ['inaccuracy', 'mistake', 'blunder'].includes(c));
    const shown = await page.$$eval('#moves > .move', (m) => m.map((x) => x.className));
    for (const [cls, i] of marked) assert.match(shown[i], new RegExp(cls));
    assert.equal(await page.$$eval('#moves .glyph', (g) => g.length), marked.length);
    assert.equal(await page.$$eval('#graph .graph-mark', (g) => g.length), marked.length);
    const players = await page.evaluate(() => {
      const line = [];
      for (let n = window.triad.state.root.children[0]; n; n = n.children[0]) {
        line.push(n.review.player);
      }
      return line;
    });
    const counts = (side) => {
      const mine = reviews.filter((c, i) => players[i] === side);
      const n = (cls) => mine.filter((c) => c === cls).length;
      return [n('inaccuracy'), n('mistake'), n('blunder')];
    };
    const summary = (await page.textContent('#accuracy')).match(
        /^Accuracy: Player 1 (?:[\d.]+ %|–) \((\d+) inaccurac(?:y|ies), (\d+) mistakes?, (\d+) blunders?\), Player 2 (?:[\d.]+ %|–) \((\d+) inaccurac(?:y|ies), (\d+) mistakes?, (\d+) blunders?\)$/);
    assert.ok(summary, await page.textContent('#accuracy'));
    assert.deepEqual(summary.slice(1).map(Number), [...counts(1), ...counts(2)]);
    await page.screenshot({ fullPage: true, path: join(kScreenshotDir, 'web-review.png') });
    assert.ok(marked.length, `the level-3 game has a move to mark: ${reviews}`);
    await check_annotated(page, marked);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// A reviewed game: the review's best move as an arrow before a marked move; saved as
// triad-analyse -annotate writes it (NAGs, best lines as variations) and loaded back with them.
async function check_annotated(page, marked) {
  const [, first] = marked[0];
  const reviewed = await page.evaluate((i) => {
    let node = window.triad.state.root.children[0];
    for (let k = 0; k < i; ++k) node = node.children[0];
    return { best: node.review.best, pv: node.review.pv };
  }, first);
  if (first === 0) await page.click('#nav-first');
  else await page.locator('#moves > .move').nth(first - 1).click();
  await at_ply(page, first);
  const arrow = '#board polyline.arrow.review';
  assert.equal(await page.getAttribute(arrow, 'data-move'), reviewed.best);
  await page.screenshot({ fullPage: true, path: join(kScreenshotDir, 'web-review-arrow.png') });
  const curve = async () => (await page.getAttribute('#graph path.graph-line', 'd'))
    .split(/[ML]/).filter((p) => p.trim()).map((p) => p.trim().split(/\s+/).map(Number));
  const reviewed_curve = await curve();
  await page.click('#save');
  const record = await page.inputValue('#record');
  assert.match(record, /\[Annotator "Triad web GUI review"\]/);
  const nags = record.match(/\s\$[246]\s+\{[^}]*;\s(?:best|the\sonly\smove\swas)\s[^}]*\}/g) || [];
  assert.equal(nags.length, marked.length, record);
  await page.click('#new-game');
  await at_ply(page, 0);
  await page.fill('#record', record);
  await page.click('#load-record');
  await page.waitForFunction(() => document.body.dataset.busy !== 'true');
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
  // The NAGs are the glyphs of the main line; the best lines its variations.
  assert.equal(await page.$$eval('#moves > .glyph', (g) => g.length), marked.length);
  const variations = await page.$$eval('#moves > .variation',
                                       (v) => v.map((x) => x.querySelector('.move').textContent));
  assert.ok(variations.includes(reviewed.pv[0]), `${variations} has the best line ${reviewed.pv}`);
  // The graph shows the comments' evaluations: a point per move of the main line.
  const plies = await page.evaluate(() => Number(document.body.dataset.ply));
  assert.equal(await page.$$eval('#graph .graph-hit', (h) => h.length), plies);
  // ... on the review's own curve, the expected score (`+0.35 (58 %)`: whole per cent, so
  // within a pixel), not centipawns clipped at ±8.00.
  const loaded_curve = await curve();
  assert.equal(loaded_curve.length, reviewed_curve.length);
  loaded_curve.forEach(([x, y], i) => {
    assert.ok(Math.abs(x - reviewed_curve[i][0]) < 0.1 && Math.abs(y - reviewed_curve[i][1]) <= 1,
              `point ${i}: ${[x, y]} loaded, ${reviewed_curve[i]} reviewed`);
  });
}
