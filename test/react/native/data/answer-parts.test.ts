import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PartsAssembler,
  sendInParts,
  VALUES_PER_PART,
  type AnswerPart,
} from '../../../../src/react/native/data/answer-parts';

// An answer from the worker in parts: put back together, it is the answer; no message holds
// much more than a part's worth of values; a part that does not fit is refused.

/** Values in a message (as sendInParts counts them). */
function values(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  return 1 + Object.values(value).reduce<number>((n, item) => n + values(item), 0);
}

/** Sends `value` in parts through structured clone (as postMessage does) and puts it back. */
function roundTrip(value: unknown) {
  const messages: ({ head: unknown } | AnswerPart)[] = [];
  /** Values in each message as it was sent (the assembler then fills the head's lists). */
  const sizes: number[] = [];
  sendInParts(structuredClone(value), (message) => {
    messages.push(structuredClone(message));
    sizes.push(values(message));
  });
  const [head, ...parts] = messages;
  const assembled = new PartsAssembler((head as { head: unknown }).head);
  for (const part of parts) assembled.add(part as AnswerPart);
  return { value: assembled.value, sizes };
}

describe('sendInParts and PartsAssembler', () => {
  it('put any JSON value back together as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        expect(roundTrip(value).value).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('send 50,000 rows and a model of 100,000 members in messages of a few thousand values', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      'orders.customer': `c${i}`,
      'orders.revenue': String(i),
    }));
    const answer = { kind: 'load', result: { query: {}, data: rows, annotation: { measures: {} } } };
    const meta = {
      kind: 'meta',
      meta: {
        cubes: Array.from({ length: 100 }, (_, c) => ({
          name: `c${c}`,
          measures: Array.from({ length: 500 }, (_, m) => ({ name: `c${c}.m${m}`, title: 'M', type: 'number' })),
          dimensions: Array.from({ length: 500 }, (_, d) => ({ name: `c${c}.d${d}`, title: 'D', type: 'string' })),
        })),
      },
    };
    for (const value of [answer, meta]) {
      const { value: back, sizes } = roundTrip(value);
      expect(back).toEqual(value);
      // A message is full once it has a part's worth; the item that fills it comes whole.
      for (const size of sizes) expect(size).toBeLessThan(VALUES_PER_PART + 50);
      expect(sizes.length).toBeGreaterThan(values(value) / (VALUES_PER_PART + 50));
    }
  });

  it('keep keys named like prototype keys as own keys, and never set a prototype', () => {
    const value = JSON.parse(
      `{"__proto__":{"list":${JSON.stringify(Array.from({ length: 9_000 }, (_, i) => ({ __proto__: { i } })))}}}`,
    ) as Record<string, unknown>;
    const { value: back } = roundTrip(value);
    expect(back).toEqual(value);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).list).toBeUndefined();
  });

  it('refuse a part whose path leads to no list', () => {
    const assembled = new PartsAssembler({ data: [], n: 1 });
    expect(() => assembled.add({ path: ['n'], items: [1] })).toThrow(/does not fit/);
    expect(() => assembled.add({ path: ['missing'], items: [1] })).toThrow(/does not fit/);
    expect(() => assembled.add({ path: ['data'], items: 'x' as never })).toThrow(/does not fit/);
    assembled.add({ path: ['data'], items: [1, 2] });
    expect(assembled.value).toEqual({ data: [1, 2], n: 1 });
  });
});
