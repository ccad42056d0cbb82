import type { ChartSpecLimits } from './policy';

/** Why an agent spec was refused, and where (`encoding.color.scale.range[2]`). */
export class SpecRefusal extends Error {
  constructor(
    message: string,
    readonly path: string,
    /** The value was of another kind altogether (an `either` then prefers another rule's reason). */
    readonly weak = false,
  ) {
    super(message);
  }
}

/** State of one walk over a spec: the caps, what was dropped, what was counted. */
export interface Walk {
  limits: ChartSpecLimits;
  /** Expression functions allowed (defaults plus the policy's). */
  functions: ReadonlySet<string>;
  /** Whether `params` (selections, input bindings) are allowed. */
  params: boolean;
  /** Names of the spec's params: expressions and conditions may refer to them. */
  paramNames: Set<string>;
  removed: Set<string>;
  /** Fields that split the chart into panels (facet, row, column). */
  facets: Set<string>;
  /** Whether an input is bound (a param's `bind` with an `input`). */
  inputs: boolean;
  /** Values visited so far (a cap on the work the check itself does). */
  nodes: number;
}

/** Checks one value at `path` and returns the copy to keep; throws a {@link SpecRefusal}. */
export type Rule = (value: unknown, path: string, walk: Walk) => unknown;

const MAX_NODES = 20_000;

export const refuse = (path: string, why = 'is not allowed in an agent chart', weak = false): never => {
  throw new SpecRefusal(`${path || 'The spec'} ${why}`, path, weak);
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const count = (path: string, walk: Walk) => {
  if (++walk.nodes > MAX_NODES) refuse(path, 'is too large');
};

/** A finite number in [min, max]. */
export const num =
  (min: number, max: number): Rule =>
  (value, path) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
      ? value
      : refuse(path, `must be a number from ${min} to ${max}`, typeof value !== 'number');

/** A whole number in [min, max]. */
export const int =
  (min: number, max: number): Rule =>
  (value, path, walk) =>
    Number.isInteger(value) ? num(min, max)(value, path, walk) : refuse(path, 'must be a whole number');

/** A number up to a cap taken from the limits (e.g. sizes). */
export const capped =
  (key: keyof ChartSpecLimits, min = 0): Rule =>
  (value, path, walk) =>
    num(min, walk.limits[key])(value, path, walk);

export const bool: Rule = (value, path) =>
  typeof value === 'boolean' ? value : refuse(path, 'must be true or false', true);

/** One of these literal values. */
export const oneOf =
  (...allowed: readonly (string | number | boolean | null)[]): Rule =>
  (value, path) =>
    allowed.includes(value as string) ? value : refuse(path, `has a value that is not allowed`, true);

/** A string of at most `max` characters. */
export const text =
  (max = 200): Rule =>
  (value, path) =>
    typeof value === 'string' && value.length <= max
      ? value
      : refuse(path, `must be a text of at most ${max} characters`, typeof value !== 'string');

/** The first rule that accepts the value; else the refusal that got deepest into it (the most precise). */
export const either =
  (...rules: Rule[]): Rule =>
  (value, path, walk) => {
    let best: SpecRefusal | undefined;
    const rank = (r: SpecRefusal) => r.path.length * 2 + (r.weak ? 0 : 1);
    for (const rule of rules) {
      try {
        return rule(value, path, walk);
      } catch (error) {
        if (!(error instanceof SpecRefusal)) throw error;
        if (!best || rank(error) > rank(best)) best = error;
      }
    }
    throw best ?? new SpecRefusal(`${path} has a value that is not allowed`, path, true);
  };

export const nullable = (rule: Rule): Rule => either(oneOf(null), rule);

/** An array of at most `max` items (a number, or a cap from the limits), each checked by `rule`. */
export const list =
  (rule: Rule, max: number | keyof ChartSpecLimits = 'maxArray'): Rule =>
  (value, path, walk) => {
    const cap = typeof max === 'number' ? max : walk.limits[max];
    if (!Array.isArray(value)) return refuse(path, 'must be a list', true);
    if (value.length > cap) return refuse(path, `has more than ${cap} items`);
    return value.map((item, i) => {
      count(path, walk);
      return rule(item, `${path}[${i}]`, walk);
    });
  };

/**
 * An object whose every key has a rule here (own keys only: `__proto__`, `constructor` and
 * the like are not in any table). Keys in `dropped` are removed instead of refused.
 */
export const shape =
  (props: Record<string, Rule>, dropped: readonly string[] = []): Rule =>
  (value, path, walk) => {
    if (!isRecord(value)) return refuse(path, 'must be an object', true);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const at = path ? `${path}.${key}` : key;
      count(at, walk);
      if (dropped.includes(key)) {
        walk.removed.add(key);
        continue;
      }
      if (!Object.hasOwn(props, key)) return refuse(at);
      const kept = props[key]!(value[key], at, walk);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  };

/** A rule built on first use: for tables that refer to themselves (layers of layers). */
export const lazy = (make: () => Rule): Rule => {
  let rule: Rule | undefined;
  return (value, path, walk) => (rule ??= make())(value, path, walk);
};

// Colours: the syntax of a colour and nothing else, so no value can be a `url(...)` paint
// (or any CSS function the browser would fetch): a name is letters only, a hex code is hex,
// and rgb()/hsl() hold numbers, percentages and separators.
const NAMED = /^[a-z]{3,24}$/i;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgba?|hsla?)\([0-9.,%/ +-]{1,60}\)$/i;

/** A CSS colour value (name, hex, rgb(a), hsl(a)); never a URL or any other function. */
export const color: Rule = (value, path) =>
  typeof value === 'string' && (NAMED.test(value) || HEX.test(value) || FUNCTIONAL.test(value))
    ? value
    : refuse(path, 'must be a colour (a name, #hex, rgb() or hsl())', typeof value !== 'string');

/** A font family list: names, quotes, commas and spaces only. */
export const font: Rule = (value, path) =>
  typeof value === 'string' && /^[\w '",-]{1,100}$/.test(value) ? value : refuse(path, 'must be a font name');

/**
 * A d3 number or time format. d3-format pads to its width (`"01000000000d"` builds a string
 * of a billion characters), so no run of digits longer than two.
 */
export const format: Rule = (value, path) =>
  typeof value === 'string' && value.length <= 40 && !/\d{3}/.test(value)
    ? value
    : refuse(path, 'must be a short number or date format');

export const formatType = oneOf('number', 'time', 'utc');

/** A field name (dots and brackets reach nested values, as in Vega-Lite). */
export const field: Rule = text(300);

export const fields = list(field, 50);

/** A text, or a few lines of text. */
export const texts: Rule = either(text(200), list(text(200), 10));

/** An object of these props whose keys are known but whose rules are shared with others. */
export const pick = (table: Record<string, Rule>, keys: readonly string[]): Record<string, Rule> =>
  Object.fromEntries(keys.map((key) => [key, table[key]!]));
