// The bridge's security rules, apart from the plumbing in server.js. A web page from another
// site, open in the same browser, must not be able to drive a local triad:
// - requests must name the bridge by one of its own host names (the Host check stops DNS
//   rebinding, where an attacker's name is made to point at 127.0.0.1);
// - a WebSocket must come from the bridge's own page (same Origin);
// - every message is one bounded protocol line (no line break smuggles a second command);
// - options whose value is a file path (they read or write files) are refused unless the
//   server was started with --allow-file-options.

export const kMaxLineBytes = 64 * 1024;      // a browser never needs longer lines
export const kMaxRecordBytes = 1024 * 1024;  // the largest record a review takes
const kReviewMovetime = [10, 60000];         // ms per position a review may ask for
const kFileOptions = ['VariantPath', 'Debug Log File'];  // known path-valued options
export const kLoopbackNames = ['localhost', '127.0.0.1', '[::1]'];
const kShownChars = 80;  // how much of a refused value a message quotes

// `text` for a message or log line: control characters escaped, at most kShownChars long.
export function shown(text) {
  const clean = String(text).replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length > kShownChars ? `'${clean.slice(0, kShownChars)}…' (${clean.length} chars)` : `'${clean}'`;
}

// A host name as it appears in a Host header: lower case, IPv6 addresses in brackets.
export function host_name(host) {
  const name = host.toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

// "name[:port]" of a Host header -> { name, port } (port 80 when absent), or null.
function parse_authority(authority) {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(authority || '');
  if (!match) return null;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

// Null when the Host header names this bridge (one of `names` with the listening port), else
// the reason for refusing the request.
export function check_host(host_header, names, port) {
  const authority = parse_authority(host_header);
  if (!authority) return `malformed Host header ${shown(host_header || '')}`;
  if (!names.has(authority.name) || authority.port !== port) {
    return `Host ${shown(host_header)} is not a name of this bridge (allowed: ${[...names].join(', ')} ` +
           `with port ${port}; add names with --allow-host)`;
  }
  return null;
}

// Null when a WebSocket's Origin is the bridge's own page (http://<the accepted Host>), else
// the reason. Browsers always send Origin with a WebSocket; a client without one is refused.
export function check_origin(origin, host_header) {
  if (!origin) return 'no Origin header: only the bridge\'s own page may connect';
  const own = parse_authority(host_header);
  let url = null;
  try {
    url = new URL(origin);
  } catch {
    // a malformed Origin is refused below
  }
  const same = own && url && url.protocol === 'http:' && url.hostname === own.name &&
               Number(url.port || 80) === own.port;
  if (!same)
    return `Origin ${shown(origin)} is not this bridge's page (http://${host_header}): cross-site connections are refused`;
  return null;
}

// The names of the string options in triad's `uci` answer: in Triad a string option's value
// is a file path, so each is treated as a file option too.
export function string_options(uci_output) {
  const names = [];
  for (const line of uci_output.split('\n')) {
    const match = /^option name (.+?) type string(?: |$)/.exec(line.trim());
    if (match) names.push(match[1]);
  }
  return names;
}

// The options a browser may not set: lower-case names (triad compares names without case).
export function file_option_set(extra_names) {
  return new Set([...kFileOptions, ...extra_names].map((name) => name.toLowerCase()));
}

// Null when `text` may go to triad as one line, else the reason it is refused.
// blocked_options: lower-case option names that are refused (empty with --allow-file-options).
export function check_line(text, blocked_options) {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > kMaxLineBytes)
    return `message of ${bytes} bytes refused: at most ${kMaxLineBytes} bytes per line`;
  const control = /[\x00-\x08\x0a-\x1f\x7f]/.exec(text);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase();
    return `message refused: it contains control character U+${code} at offset ${control.index}; ` +
           'each message must be exactly one protocol line';
  }
  // Tokens as triad splits them: `setoption name <words> [value <words>]`.
  const tokens = text.split(/[ \t]+/).filter(Boolean);
  if (tokens[0] === 'setoption' && tokens[1] === 'name') {
    const end = tokens.indexOf('value', 2);
    const name = tokens.slice(2, end < 0 ? undefined : end).join(' ');
    if (blocked_options.has(name.toLowerCase())) {
      return `setoption ${shown(name)} refused: options that read or write files are disabled for ` +
             'browsers (start the server with --allow-file-options to allow them)';
    }
  }
  return null;
}

// The `movetime` of a review request (ms per position; absent: 1000) as a number, or the
// reason it is refused as a string.
export function review_movetime(value) {
  if (value === null) return 1000;
  const ms = Number(value);
  const [low, high] = kReviewMovetime;
  if (!/^\d+$/.test(value) || ms < low || ms > high)
    return `review movetime ${shown(value)} refused: an integer from ${low} to ${high} (ms per position)`;
  return ms;
}
