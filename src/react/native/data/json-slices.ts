// JSON read in slices, for the main thread where no worker reads answers (a CSP that refuses
// workers, a host that turned the worker off): `JSON.parse` holds the thread for the whole
// text (about 150 ms for 16 MB on a 2-core machine), this parser stops whenever its slice is
// used up and carries on in a later task. It is also what tells an answer's depth: the data
// API never nests deeper than a few levels, and a value nested thousands deep is refused here
// before anything copies it recursively (structured clone, a cache's deep compare).

/** How deep an answer may nest (arrays and objects): the data API's own answers need under 10. */
export const MAX_ANSWER_DEPTH = 64;

/** Thrown for text that is not JSON, or JSON nested deeper than allowed. */
export class JsonSliceError extends Error {
  override readonly name = 'JsonSliceError';
  constructor(
    message: string,
    /** Where in the text (UTF-16 offset). */
    readonly at: number,
    /** True when the text was refused for its depth, not its syntax. */
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

/** Checks per slice of work: `due()` says the slice is used up, `pause()` waits for the next. */
export interface Pace {
  due(): boolean;
  pause(): Promise<void>;
}

/** A pace that never pauses (a worker's: the whole answer in one go). */
export const NO_PAUSE: Pace = { due: () => false, pause: () => Promise.resolve() };

/**
 * A pace for the main thread: each slice runs about `sliceMs`, then yields to input and
 * rendering (`scheduler.yield` where the browser has it, else a macrotask). Once `signal`
 * aborts, the next pause rejects with its reason: a cancelled answer stops being read.
 */
export function mainThreadPace(sliceMs = 8, signal?: AbortSignal): Pace {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= sliceMs,
    pause: async () => {
      await yieldToMain();
      signal?.throwIfAborted();
      started = performance.now();
    },
  };
}

/**
 * Lets the page run what waits (input, rendering, React's own work, other answers) before the
 * rest of the work: a message to itself, a task in line with the others. Not
 * `scheduler.yield()`, whose continuation goes before the page's other tasks (React's renders
 * among them: a long export's progress would not show), and not a timer, which a background
 * tab holds back for a second.
 */
export function yieldToMain(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

// Character codes the parser looks for.
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;
const SPACE = 32;
const QUOTE = 34;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const COLON = 58;
const UPPER_E = 69;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const LOWER_E = 101;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** What ends a run of plain characters in a string: its closing quote, an escape, or a control character (refused). */
// eslint-disable-next-line no-control-regex -- JSON refuses control characters in strings: finding them is the point.
const SPECIAL = /["\\\u0000-\u001f]/g;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Values between two checks of the clock: a check costs more than a small value. */
const CHECK_EVERY = 2_048;

interface Frame {
  array: unknown[] | undefined;
  object: Record<string, unknown> | undefined;
  key: string;
}

/**
 * Parses `text` as `JSON.parse` does (own `__proto__` keys included, the last of duplicate
 * keys kept), with no recursion (any depth is read without a stack overflow, then refused
 * past `maxDepth`), pausing whenever `pace` says its slice is used up. Rejects with a
 * {@link JsonSliceError}.
 */
export async function parseJsonSliced(text: string, pace: Pace, maxDepth = MAX_ANSWER_DEPTH): Promise<unknown> {
  const stack: Frame[] = [];
  let i = 0;
  let root: unknown;
  let done = false;
  let count = 0;
  const fail = (message: string, at = i): never => {
    throw new JsonSliceError(message, at);
  };
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === NEWLINE || c === RETURN || c === TAB) i++;
      else return;
    }
  };
  const string = (): string => {
    // `i` is on the opening quote.
    const start = ++i;
    let out = '';
    let from = start;
    for (;;) {
      // To the next quote, backslash or control character by a native scan: a 16 MB string
      // costs milliseconds, where a loop over its characters would hold the thread.
      SPECIAL.lastIndex = i;
      if (!SPECIAL.test(text)) fail('unterminated string', start - 1);
      i = SPECIAL.lastIndex - 1;
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const value = from === start ? text.slice(start, i) : out + text.slice(from, i);
        i++;
        return value;
      }
      if (c < 0x20) fail('a control character in a string');
      out += text.slice(from, i);
      const escape = text[i + 1];
      if (escape === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('a bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        const char = escape === undefined ? undefined : ESCAPES[escape];
        if (char === undefined) fail('a bad escape');
        out += char;
        i += 2;
      }
      from = i;
    }
  };
  const digits = () => {
    const start = i;
    while (text.charCodeAt(i) >= ZERO && text.charCodeAt(i) <= NINE) i++;
    return i - start;
  };
  const number = (): number => {
    const start = i;
    if (text.charCodeAt(i) === MINUS) i++;
    if (text.charCodeAt(i) === ZERO) i++;
    else if (digits() === 0) fail('a bad number', start);
    if (text.charCodeAt(i) === DOT) {
      i++;
      if (digits() === 0) fail('a bad number', start);
    }
    const e = text.charCodeAt(i);
    if (e === LOWER_E || e === UPPER_E) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      if (digits() === 0) fail('a bad number', start);
    }
    return Number(text.slice(start, i));
  };
  const literal = (word: string, value: unknown) => {
    if (!text.startsWith(word, i)) fail('an unexpected character');
    i += word.length;
    return value;
  };
  /** A complete value: the root, an array's next item, or an object's value for its key. */
  const complete = (value: unknown) => {
    const frame = stack[stack.length - 1];
    if (!frame) {
      root = value;
      done = true;
    } else if (frame.array) frame.array.push(value);
    else if (frame.key === '__proto__')
      Object.defineProperty(frame.object, '__proto__', { value, writable: true, enumerable: true, configurable: true });
    else frame.object![frame.key] = value;
  };
  const open = (frame: Frame) => {
    if (stack.length >= maxDepth) throw new JsonSliceError(`nested more than ${maxDepth} deep`, i, true);
    stack.push(frame);
  };
  /** After `{` or `,` in an object: its next key and the colon. */
  const key = (frame: Frame) => {
    skipSpace();
    if (text.charCodeAt(i) !== QUOTE) fail('a key expected');
    frame.key = string();
    skipSpace();
    if (text.charCodeAt(i) !== COLON) fail('a colon expected');
    i++;
  };

  // The loop reads one value at a time; after each, it closes what the value completes.
  for (;;) {
    if (++count % CHECK_EVERY === 0 && pace.due()) await pace.pause();
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE) {
      i++;
      const frame: Frame = { array: undefined, object: {}, key: '' };
      open(frame);
      skipSpace();
      if (text.charCodeAt(i) !== CLOSE_BRACE) {
        key(frame);
        continue;
      }
      i++;
      stack.pop();
      complete(frame.object);
    } else if (c === OPEN_BRACKET) {
      i++;
      const frame: Frame = { array: [], object: undefined, key: '' };
      open(frame);
      skipSpace();
      if (text.charCodeAt(i) !== CLOSE_BRACKET) continue;
      i++;
      stack.pop();
      complete(frame.array);
    } else if (c === QUOTE) complete(string());
    else if (c === MINUS || (c >= ZERO && c <= NINE)) complete(number());
    else if (c === 116) complete(literal('true', true));
    else if (c === 102) complete(literal('false', false));
    else if (c === 110) complete(literal('null', null));
    else fail(i >= text.length ? 'unexpected end' : 'an unexpected character');
    // Close every container this value ends; stop at a comma (the next value) or the end.
    for (;;) {
      if (done) {
        skipSpace();
        if (i < text.length) fail('text after the value');
        return root;
      }
      skipSpace();
      const frame = stack[stack.length - 1]!;
      const next = text.charCodeAt(i);
      if (next === COMMA) {
        i++;
        if (frame.object) key(frame);
        break;
      }
      if (next === (frame.array ? CLOSE_BRACKET : CLOSE_BRACE)) {
        i++;
        stack.pop();
        complete(frame.array ?? frame.object);
        continue;
      }
      fail(i >= text.length ? 'unexpected end' : 'a comma or a closing bracket expected');
    }
  }
}

/**
 * The deepest nesting of arrays and objects in JSON `bytes` (UTF-8), stopping once past
 * `max`: a cheap scan (strings skipped with `indexOf`) a worker runs before `JSON.parse`.
 */
export function jsonDepth(bytes: Uint8Array, max = MAX_ANSWER_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      // To the closing quote: one not preceded by an odd run of backslashes.
      for (;;) {
        const end = bytes.indexOf(QUOTE, i + 1);
        if (end === -1) return deepest;
        let slashes = 0;
        while (bytes[end - 1 - slashes] === BACKSLASH) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return deepest;
}
