import { useMemo } from 'react';
import type { ToolCall } from '../../../protocol';
import { LongText } from './MoreText';

/** Characters of pretty-printed JSON shown at once; past it, the call shows as it came. */
export const TOOL_JSON_LIMIT = 20_000;

const STOP = new Error('past the limit');

/**
 * `JSON.stringify(value, null, 2)`, or undefined as soon as the text would pass `limit`
 * characters: pretty-printing grows with nesting (`{"a":` 5,000 deep is 25 million spaces
 * of indent), so the work stops at the limit instead of after the whole text.
 */
export function prettyJson(value: unknown, limit: number): string | undefined {
  const out: string[] = [];
  let size = 0;
  const write = (text: string) => {
    size += text.length;
    if (size > limit) throw STOP;
    out.push(text);
  };
  const walk = (item: unknown, indent: string): void => {
    if (typeof item === 'string' && item.length > limit) throw STOP;
    if (item === null || typeof item !== 'object') return write(JSON.stringify(item) ?? 'null');
    const inner = `${indent}  `;
    const list = Array.isArray(item);
    const keys = list ? [] : Object.keys(item).filter((key) => (item as Record<string, unknown>)[key] !== undefined);
    const count = list ? item.length : keys.length;
    if (count === 0) return write(list ? '[]' : '{}');
    write(list ? '[' : '{');
    for (let i = 0; i < count; i++) {
      write(`${i ? ',' : ''}\n${inner}`);
      if (list) walk(item[i] === undefined ? null : item[i], inner);
      else {
        write(`${JSON.stringify(keys[i])}: `);
        walk((item as Record<string, unknown>)[keys[i]!], inner);
      }
    }
    write(`\n${indent}${list ? ']' : '}'}`);
  };
  try {
    walk(value, '');
  } catch {
    // Past the limit, or nested deeper than the stack.
    return undefined;
  }
  return out.join('');
}

/**
 * An unknown tool's input and result: pretty-printed JSON when that stays short, else the
 * strings as they came, the first {@link TOOL_JSON_LIMIT} characters at once and the rest
 * behind "Show all". Loaded when the user opens the call's details.
 */
export function ToolJson({ call, input, result }: { call: ToolCall; input: unknown; result: unknown }) {
  const pretty = useMemo(() => prettyJson({ input, result }, TOOL_JSON_LIMIT), [input, result]);
  if (pretty !== undefined) return <pre className="ek-tool__json">{pretty}</pre>;
  const raw = `input: ${call.input ?? ''}\n\nresult: ${call.result ?? ''}`;
  return (
    <div className="ek-tool__json">
      <LongText text={raw} limit={TOOL_JSON_LIMIT} className="ek-tool__raw" />
    </div>
  );
}
