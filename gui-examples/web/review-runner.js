// The bridge's POST /review (used by server.js): the request's body is a record, reviewed by
// `triad-analyse -review` with the bridge's engine (and its tables folder); the JSON lines
// stream back. A review holds one of the --max-engines review slots from the moment its
// headers arrive until its program has exited, and gives it back on every way it can end:
// done, refused, aborted by the page, failed, timed out, or the bridge stopped.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check_origin, kMaxRecordBytes, review_movetime } from './policy.js';

const kReviewKillGraceMs = 2000;  // time a review gets to exit after SIGTERM
const kMaxDrainBytes = 4 * kMaxRecordBytes;  // a longer refused body is cut off
export const kRecordArrivalMs = 10000;  // the whole record must arrive within this time
const kRecordName = 'game.txt';  // the record's file in the review's private folder
const kErrorChars = 2000;  // how much of triad-analyse's standard error is kept

// The tables folder of triad's arguments (`--option TablePath=DIR`, `--option=TablePath=DIR`;
// the last one counts, the option name in any letter case), or '' without one. TablePath
// may list folders separated by ':'; a review takes one folder, the first.
export function table_folder(engine_args) {
  const joined = '--option=';
  let folder = '';
  engine_args.forEach((arg, i) => {
    const setting = arg === '--option' ? engine_args[i + 1] || '' : arg.startsWith(joined) ? arg.slice(joined.length) : '';
    const match = /^\s*tablepath\s*=\s*(.*)$/i.exec(setting);
    if (match) folder = match[1].split(':')[0].trim();
  });
  return folder;
}

// triad-analyse's arguments for a review of the record `input`: the engine as separate
// key=value words (cmd=, one arg= per engine argument, and dir= the bridge's own folder, so
// that relative paths in the arguments mean what they mean to the bridge's engines) and -tb
// with the tables folder.
export function review_args(opts, movetime, input) {
  const engine = [`cmd=${opts.engine}`, ...opts.engine_args.map((arg) => `arg=${arg}`), `dir=${process.cwd()}`];
  const tables = opts.tables ? ['-tb', resolve(opts.tables)] : [];
  return ['-review', '-engine', ...engine, ...tables, '-movetime', String(movetime), input];
}

function answer(response, status, text) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  response.end(`${text}\n`);
}

// Removes the folders of the reviews still running (the bridge is stopping) and stops their
// programs.
export function abandon_reviews(reviews) {
  for (const review of reviews) {
    if (review.child) review.child.kill('SIGTERM');
    if (review.folder) rmSync(review.folder, { recursive: true, force: true });
  }
  reviews.clear();
}

// Runs triad-analyse on the record `body` for `review` (its slot) and calls release() once
// the program is gone.
function run_review(review, body, response, opts, movetime, release) {
  review.folder = mkdtempSync(join(tmpdir(), 'triad-review-'));
  writeFileSync(join(review.folder, kRecordName), body);
  // Run in the record's folder and given its name alone, triad-analyse never tells the page
  // the private folder's path.
  const child = spawn(opts.analyse, review_args(opts, movetime, kRecordName),
                      { cwd: review.folder, stdio: ['ignore', 'pipe', 'pipe'] });
  review.child = child;
  let errors = '';
  let timed_out = false;
  const running = () => child.exitCode === null && child.signalCode === null;
  review.stop = () => {
    child.kill('SIGTERM');
    setTimeout(() => running() && child.kill('SIGKILL'), kReviewKillGraceMs).unref();
  };
  const timer = setTimeout(() => {
    timed_out = true;
    review.stop();
  }, opts.review_timeout * 1000);
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-cache' });
  response.flushHeaders();  // the page learns at once that the review runs
  // Piped, so a page that does not read makes triad-analyse wait rather than the bridge buffer.
  child.stdout.pipe(response, { end: false });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-kErrorChars);
  });
  let finished = false;
  const finish = (reason) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    release();
    if (reason) response.write(`${JSON.stringify({ error: reason })}\n`);
    response.end();
  };
  child.on('error', (error) => finish(`cannot start '${opts.analyse}': ${error.message}`));
  child.on('close', (code, signal) => {
    const last = errors.trim().split('\n').pop();
    if (timed_out) finish(`the review took longer than ${opts.review_timeout} s (--review-timeout) and was stopped`);
    else if (code !== 0) finish(`triad-analyse failed (${signal || code}): ${last}`);
    else finish('');
  });
}

// POST /review. reviews: the slots taken (at most --max-engines).
export function serve_review(request, response, opts, reviews) {
  const refusal = check_origin(request.headers.origin, request.headers.host);
  if (refusal) return answer(response, 403, refusal);
  if (request.method !== 'POST') return answer(response, 405, 'a review is asked for with POST /review');
  const movetime = review_movetime(new URL(request.url, 'http://x').searchParams.get('movetime'));
  if (typeof movetime === 'string') return answer(response, 400, movetime);
  if (reviews.size >= opts.max_engines) {
    return answer(response, 503, `too many reviews: this bridge runs at most ${opts.max_engines} at once ` +
                                 '(--max-engines); wait for one to finish');
  }
  const review = { child: null, folder: '', stop: null };
  reviews.add(review);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(arrival);
    reviews.delete(review);
    if (review.folder) rmSync(review.folder, { recursive: true, force: true });
  };
  const arrival = setTimeout(() => {
    answer(response, 408, `the record did not arrive within ${kRecordArrivalMs / 1000} s`);
    request.destroy();
  }, kRecordArrivalMs);
  // The connection closed: before the program started the slot is free at once, else once the
  // program, stopped if still running, has exited.
  response.on('close', () => {
    if (!review.child) release();
    else if (review.child.exitCode === null && review.child.signalCode === null) review.stop();
  });
  // A body beyond the limit is read to its end (up to kMaxDrainBytes, then the connection
  // is cut) so that the client gets the refusal rather than a reset connection.
  const chunks = [];
  let bytes = 0;
  request.on('data', (chunk) => {
    bytes += chunk.length;
    if (bytes <= kMaxRecordBytes) chunks.push(chunk);
    else if (bytes > kMaxDrainBytes) request.destroy();
  });
  request.on('end', () => {
    clearTimeout(arrival);
    if (released) return;
    if (bytes > kMaxRecordBytes) {
      return answer(response, 413, `record of ${bytes} bytes refused: a review takes at most ${kMaxRecordBytes} bytes`);
    }
    try {
      return run_review(review, Buffer.concat(chunks), response, opts, movetime, release);
    } catch (error) {  // the temporary folder could not be written (its path is not told)
      release();
      return answer(response, 500, `cannot store the record for the review: ${error.code || error.message}`);
    }
  });
  return undefined;
}
