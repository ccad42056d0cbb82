// A request body's JSON held to bounds before it is parsed: one pass over the text counting
// values, nesting and string lengths, with no allocation. `JSON.parse` of a 1 MiB body of
// empty objects makes 350,000 of them (20 MB, and a good part of the time a refusal takes); a
// body past the bounds is refused here instead, naming the top-level field it was in.
import type { ValidationIssue } from '../../protocol';

/** Bounds of each top-level field of a request body's JSON (`{ definition, … }`). */
export interface JsonTextLimits {
  /** Deepest nesting of objects and arrays in a field, its value at 1. */
  depth: number;
  /** Most values in a field (objects, arrays, strings, numbers, literals; keys not counted). */
  values: number;
  /** Longest string or key, in UTF-16 code units (an escape counts as one). */
  stringLength: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True for JSON whitespace. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The first bound a top-level field of `text` passes, as an issue whose path is that field
 * (`definition`), or undefined. Not a validator: text that is not JSON passes here and fails
 * its parse; it refuses only what the parsed value would be refused for.
 */
export function jsonTextIssue(text: string, limits: JsonTextLimits): ValidationIssue | undefined {
  let depth = 0;
  let values = 0;
  let field = '';
  const at = (message: string): ValidationIssue => ({ path: field, message });
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let length = 0;
      let j = i + 1;
      for (; j < text.length; j++, length++) {
        const d = text.charCodeAt(j);
        if (d === QUOTE) break;
        if (d === BACKSLASH) j += text.charCodeAt(j + 1) === 0x75 ? 5 : 1; // \uXXXX or \n…
      }
      let next = j + 1;
      while (next < text.length && isSpace(text.charCodeAt(next))) next++;
      const key = text.charCodeAt(next) === 0x3a; // ':'
      if (length > limits.stringLength) return at(`has a string over ${limits.stringLength} characters`);
      if (key && depth === 1) {
        field = text.slice(i + 1, Math.min(j, i + 41));
        values = 0;
      } else if (!key) values++;
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      values++;
      // The body is at 1, a field's value at 2.
      if (++depth - 1 > limits.depth) return at(`is nested deeper than ${limits.depth} levels`);
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e) {
      // A number or a literal (true, false, null): one value, then past its characters.
      values++;
      while (i + 1 < text.length && /[\w.+-]/.test(text[i + 1]!)) i++;
    } else continue;
    if (values > limits.values) return at(`has more than ${limits.values} values in all`);
  }
  return undefined;
}
