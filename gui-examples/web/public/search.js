// The engine's searches: one at a time, an engine move ('move', at the chosen level, with a
// time limit) or an analysis ('analyse', full strength, until stopped). Keeps the options
// the engine has (MultiPV, Skill Level), the analysis rows of the running search and its
// summary. The transport is an EngineClient (engine.js) or, in tests, a fake with the same
// command/send/go.
import { parse_info } from './engine.js';
import { p1_eval } from './score.js';

export const kFullStrength = 20;

export class SearchController {
  // on_update(): the analysis changed; on_best(search, best): an engine move's search ended
  // (not cancelled); on_error(error): a search failed.
  constructor(transport, { on_update = () => {}, on_best = () => {}, on_error = () => {} } = {}) {
    this.transport = transport;
    this.hooks = { on_update, on_best, on_error };
    this.current = null;          // { kind, node, turn, promise, cancelled, started, shown }
    this.analysis = new Map();    // multipv index -> latest info with a pv (p1: Player 1's view)
    this.summary = null;          // latest info of the running search with depth or nodes
    this.multipv = 1;             // the MultiPV value the engine has
    this.level = kFullStrength;   // the Skill Level the engine has
  }

  kind() {
    return this.current ? this.current.kind : 'none';
  }

  // Starts a search of `node` (`turn` to move). `limits` ({ params, timeout }) for a move;
  // an analysis is `go infinite`. A move below full strength is not shown as an evaluation.
  start(kind, { node, turn, multipv = 1, level = kFullStrength, limits }) {
    const shown = kind !== 'move' || level >= kFullStrength;
    const search = { kind, node, turn, cancelled: false, started: false, shown };
    this.current = search;
    this.analysis.clear();
    this.summary = null;
    search.promise = this.run_(search, multipv, kind === 'move' ? level : kFullStrength,
                               kind === 'move' ? limits : { params: 'infinite', timeout: 0 });
    search.promise.then((best) => {
      if (this.current === search) this.current = null;
      if (!search.cancelled && kind === 'move') this.hooks.on_best(search, best);
    }, (error) => {
      if (this.current === search) this.current = null;
      this.hooks.on_error(error);
    });
    return search;
  }

  async run_(search, multipv, level, limits) {
    if (multipv !== this.multipv) {
      await this.transport.command(`setoption name MultiPV value ${multipv}`);
      this.multipv = multipv;
    }
    if (level !== this.level) {
      await this.transport.command(`setoption name Skill Level value ${level}`);
      this.level = level;
    }
    if (search.cancelled) return '(none)';  // cancelled before `go` was sent
    search.started = true;
    return this.transport.go(limits.params, (line) => this.on_info_(search, line), limits.timeout);
  }

  // Stops the running search and waits for its `bestmove`, whose move is then ignored.
  async cancel() {
    const search = this.current;
    if (!search) return;
    search.cancelled = true;
    try {
      if (search.started) this.transport.send('stop');  // else the search ends before its `go`
      await search.promise;
    } catch {
      // a failed search was reported by on_error
    }
    this.current = null;
  }

  // "Move now": the engine's move search ends at once with the best move so far.
  move_now() {
    if (this.current && this.current.kind === 'move' && this.current.started) this.transport.send('stop');
  }

  on_info_(search, line) {
    const info = parse_info(line);
    if (!info || !search.shown) return;
    if (info.depth !== undefined || info.nodes !== undefined) this.summary = info;
    if (info.pv && info.pv.length) {
      const index = info.multipv || 1;
      // A line that now starts with another row's move makes that row stale (e.g. the final
      // report of an interrupted iteration): drop it rather than show one move twice.
      for (const [other, row] of this.analysis) {
        if (other !== index && row.pv[0] === info.pv[0]) this.analysis.delete(other);
      }
      const p1 = info.score ? p1_eval(info, search.turn) : null;
      this.analysis.set(index, { ...info, p1 });
      if (index === 1 && p1 && !p1.bound) search.node.eval = p1;
    }
    this.hooks.on_update();
  }
}
