// The page's side of the protocol: sends lines to triad through the bridge's WebSocket and
// matches the replies to requests. The engine answers commands in order, so replies are
// matched first-in first-out; a request ends at a line its caller names (e.g. `readyok`,
// `response …`, `bestmove …`). Commands without a reply are followed by `isready`, so every
// request ends and `info string error …` lines are caught by the request that caused them.

const kDefaultTimeoutMs = 10000;

export class EngineError extends Error {}

export class EngineClient {
  constructor(url) {
    this.url_ = url;
    this.socket_ = null;
    this.pending_ = [];        // requests waiting for their end line, oldest first
    this.on_closed = () => {};  // called once with a reason when the engine goes away
    this.on_line = () => {};    // every line received (for the page's protocol log)
    this.on_sent = () => {};    // every line sent
  }

  connect() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url_);
      socket.onopen = () => {
        this.socket_ = socket;
        resolve();
      };
      socket.onerror = () => reject(new EngineError(`cannot connect to the bridge at ${this.url_}`));
      socket.onmessage = (event) => this.receive_(String(event.data));
      socket.onclose = () => this.fail_all_('the connection to the engine closed');
    });
  }

  // Sends one line without waiting for anything (used for `stop`).
  send(line) {
    if (!this.socket_ || this.socket_.readyState !== WebSocket.OPEN)
      throw new EngineError('not connected to the engine');
    this.on_sent(line);
    this.socket_.send(line);
  }

  // Sends `lines` and resolves with every line received until `is_end(line)` is true.
  // on_line sees each line as it arrives (live search output). timeout_ms = 0: no timeout.
  request(lines, is_end, { timeout_ms = kDefaultTimeoutMs, on_line = null } = {}) {
    return new Promise((resolve, reject) => {
      const entry = { is_end, lines: [], resolve, reject, on_line, timer: null };
      if (timeout_ms > 0) {
        entry.timer = setTimeout(() => {
          this.fail_all_(`the engine did not answer '${lines[0]}' within ${timeout_ms} ms`);
        }, timeout_ms);
      }
      this.pending_.push(entry);
      try {
        for (const line of lines) this.send(line);
      } catch (error) {
        this.fail_all_(error.message);
      }
    });
  }

  // A command with no reply of its own (position, setoption, ucinewgame): resolves with the
  // lines it caused; rejects if the engine refused it with `info string error`.
  async command(line) {
    const lines = await this.request([line, 'isready'], (l) => l === 'readyok');
    const error = lines.find((l) => l.startsWith('info string error'));
    if (error) throw new EngineError(error.slice('info string error'.length).trim());
    return lines;
  }

  // `query <what>` -> the answer after `response `.
  async query(what) {
    const lines = await this.request([`query ${what}`], (l) => l.startsWith('response '));
    return lines[lines.length - 1].slice('response '.length);
  }

  // Starts a search; resolves with the best move token ("(none)" on a finished game).
  async go(params, on_info, timeout_ms) {
    const lines = await this.request([`go ${params}`], (l) => l.startsWith('bestmove'), {
      timeout_ms,
      on_line: (l) => l.startsWith('info ') && on_info(l),
    });
    const error = lines.find((l) => l.startsWith('info string error'));
    if (error) throw new EngineError(error.slice('info string error'.length).trim());
    return lines[lines.length - 1].split(/\s+/)[1] || '(none)';
  }

  receive_(line) {
    this.on_line(line);
    // The bridge's own reports end the connection: engine gone, not started or refused (too
    // many engines). A refused line comes as `info string error bridge: …` like an engine error.
    if (line.startsWith('bridge ')) {
      this.fail_all_(line.slice('bridge '.length));
      return;
    }
    const head = this.pending_[0];
    if (!head) return;  // nothing asked for this line (the engine never speaks unprompted)
    head.lines.push(line);
    if (head.on_line) head.on_line(line);
    if (head.is_end(line)) {
      this.pending_.shift();
      clearTimeout(head.timer);
      head.resolve(head.lines);
    }
  }

  fail_all_(reason) {
    const pending = this.pending_;
    this.pending_ = [];
    for (const entry of pending) {
      clearTimeout(entry.timer);
      entry.reject(new EngineError(reason));
    }
    if (this.socket_) {
      const socket = this.socket_;
      this.socket_ = null;
      socket.close();  // the bridge then ends the triad process
      this.on_closed(reason);
    }
  }
}

// Parses a UCI `info` line into { depth, seldepth, multipv, score: {cp|mate, bound}, nodes,
// nps, time, pv: [...] }; fields the line lacks are absent. `info string` lines -> null.
export function parse_info(line) {
  const tokens = line.trim().split(/\s+/).slice(1);
  if (tokens[0] === 'string') return null;
  const info = {};
  const numeric = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits',
                           'currmovenumber']);
  for (let i = 0; i < tokens.length; ++i) {
    const key = tokens[i];
    if (numeric.has(key)) {
      info[key] = Number(tokens[++i]);
    } else if (key === 'score') {
      const kind = tokens[++i];
      info.score = { [kind]: Number(tokens[++i]) };
      if (tokens[i + 1] === 'lowerbound' || tokens[i + 1] === 'upperbound') info.score.bound = tokens[++i];
    } else if (key === 'wdl') {
      info.wdl = tokens.slice(i + 1, i + 4).map(Number);
      i += 3;
    } else if (key === 'currmove') {
      info.currmove = tokens[++i];
    } else if (key === 'pv') {
      info.pv = tokens.slice(i + 1);
      break;
    }
  }
  return info;
}
