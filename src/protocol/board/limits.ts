// The bounds a board definition is held to before its schema is checked: nesting depth, the
// number of values, the longest string and the size. A definition keeps fields it does not
// know (a newer version's, an unknown widget kind's) as they came, so without these a field
// nested thousands deep or a million empty widgets would reach the database, and every answer
// that serialises them. Checked by walking the value with a stack, never by recursion.
import type { ValidationIssue } from '../schema';
import { MAX_BOARD_SPEC_LENGTH } from './widget';

/** Most widgets on one board (the most any limit allows). */
export const MAX_BOARD_WIDGETS = 200;

/** Bounds of a board definition; each has a default ({@link DEFAULT_BOARD_DEFINITION_LIMITS}). */
export interface BoardDefinitionLimits {
  /** Most widgets on a board: at most {@link MAX_BOARD_WIDGETS}. Default 200. */
  widgets?: number;
  /**
   * Deepest nesting of objects and arrays, the definition itself at 1. Default 64: a widget's
   * query with filters nested {@link MAX_FILTER_DEPTH}-deep (each level an object and an array) is 47.
   */
  depth?: number;
  /** Most values (objects, arrays, strings, numbers, booleans, nulls) in all. Default 50,000. */
  values?: number;
  /** Longest string or key, in UTF-16 code units. Default 200,000 (a pinned answer's SQL or spec). */
  stringLength?: number;
  /** Largest definition as JSON text, in characters (counted as it is walked: escapes as one). Default 1 MiB (1,048,576), the board API's body limit. */
  size?: number;
}

/** The default {@link BoardDefinitionLimits}. */
export const DEFAULT_BOARD_DEFINITION_LIMITS: Readonly<Required<BoardDefinitionLimits>> = {
  widgets: MAX_BOARD_WIDGETS,
  depth: 64,
  values: 50_000,
  stringLength: MAX_BOARD_SPEC_LENGTH,
  size: 1024 * 1024,
};

/** `limits` with defaults filled in (and `widgets` held to {@link MAX_BOARD_WIDGETS}). */
export function boardDefinitionLimits(limits: BoardDefinitionLimits = {}): Required<BoardDefinitionLimits> {
  const pick = (name: keyof BoardDefinitionLimits) => {
    const value = limits[name];
    return typeof value === 'number' && value >= 1 ? Math.floor(value) : DEFAULT_BOARD_DEFINITION_LIMITS[name];
  };
  return {
    widgets: Math.min(pick('widgets'), MAX_BOARD_WIDGETS),
    depth: pick('depth'),
    values: pick('values'),
    stringLength: pick('stringLength'),
    size: pick('size'),
  };
}

/** A path shown in an issue: keys cut to 40 characters, the whole to about 200. */
function pathOf(entry: number, parents: readonly number[], keys: readonly (string | number)[], base: string): string {
  const trail: (string | number)[] = [];
  for (let at = entry; at > 0; at = parents[at]!) trail.push(keys[at]!);
  let path = base;
  for (let i = trail.length - 1; i >= 0; i--) {
    const key = trail[i]!;
    if (typeof key === 'number') path += `[${key}]`;
    else {
      const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
      path += path ? `.${shown}` : shown;
    }
  }
  return path.length > 200 ? `${path.slice(0, 100)}…${path.slice(-99)}` : path;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The first way `value` passes one of `limits`, as an issue with its path (under `base`), or
 * undefined when it is within them all. `depth` counts `value` itself as 1. Cycles end at the
 * depth limit. Costs one visit per value, at most `limits.values` of them.
 */
export function jsonShapeIssue(
  value: unknown,
  limits: Required<BoardDefinitionLimits>,
  base = '',
): ValidationIssue | undefined {
  // What is left to visit (a value, its depth, its parent's entry, its key in the parent), and
  // an entry per value visited (its parent's entry and its key), to name a path when one fails.
  const stack: { value: unknown; depth: number; parent: number; key: string | number }[] = [
    { value, depth: 1, parent: 0, key: '' },
  ];
  const parents: number[] = [];
  const keys: (string | number)[] = [];
  const tooMany = { path: base, message: `has more than ${limits.values} values in all` };
  let size = 0;
  while (stack.length > 0) {
    const { value: current, depth, parent, key } = stack.pop()!;
    if (current === undefined) continue; // absent: JSON leaves it out
    const entry = parents.length;
    parents.push(parent);
    keys.push(key);
    if (entry >= limits.values) return tooMany;
    const here = () => pathOf(entry, parents, keys, base);
    if (typeof current === 'string') {
      if (current.length > limits.stringLength)
        return { path: here(), message: `must be at most ${limits.stringLength} characters` };
      size += current.length + 2;
    } else if (isRecord(current)) {
      if (depth > limits.depth) return { path: here(), message: `is nested deeper than ${limits.depth} levels` };
      size += 2;
      if (Array.isArray(current)) {
        // Checked before pushing: a million-entry array ends here, not after a million pushes.
        if (entry + stack.length + current.length >= limits.values) return tooMany;
        for (let i = current.length - 1; i >= 0; i--)
          stack.push({ value: current[i], depth: depth + 1, parent: entry, key: i });
        size += current.length;
      } else {
        const names = Object.keys(current);
        if (entry + stack.length + names.length >= limits.values) return tooMany;
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i]!;
          if (name.length > limits.stringLength)
            return { path: here(), message: `has a key over ${limits.stringLength} characters` };
          stack.push({ value: current[name], depth: depth + 1, parent: entry, key: name });
          size += name.length + 4; // "name":…,
        }
      }
    } else size += typeof current === 'number' ? String(current).length : current === false ? 5 : 4;
    if (size > limits.size) return { path: base, message: `is over ${limits.size} characters as JSON` };
  }
  return undefined;
}
