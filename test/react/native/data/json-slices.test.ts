import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jsonDepth,
  JsonSliceError,
  MAX_ANSWER_DEPTH,
  NO_PAUSE,
  parseJsonSliced,
  type Pace,
} from '../../../../src/react/native/data/json-slices';

// The main thread's JSON parser (used where no worker reads answers): what JSON.parse gives,
// for any JSON; refusals for what JSON.parse refuses; depth refused past the limit; pauses.

/** A pace that pauses after every check, counting its pauses. */
function countingPace(): Pace & { pauses: number } {
  const pace = { pauses: 0, due: () => true, pause: async () => void pace.pauses++ };
  return pace;
}

const parsesLike = async (text: string) => {
  let expected: unknown;
  try {
    expected = JSON.parse(text);
  } catch {
    await expect(parseJsonSliced(text, NO_PAUSE, 10_000)).rejects.toBeInstanceOf(JsonSliceError);
    return;
  }
  expect(await parseJsonSliced(text, NO_PAUSE, 10_000)).toEqual(expected);
};

describe('parseJsonSliced', () => {
  it('gives what JSON.parse gives for any JSON value, however it is spaced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t', ' \r\n '), async (value, space) => {
        const text = JSON.stringify(value, null, space as never);
        expect(await parseJsonSliced(text, NO_PAUSE, 10_000)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what JSON.parse refuses, and reads what it reads, in text cut or spliced anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), async (text, at, insert) => {
        const cut = at % (text.length + 1);
        await parsesLike(text.slice(0, cut));
        await parsesLike(text.slice(0, cut) + insert + text.slice(cut));
      }),
      { numRuns: 400 },
    );
    for (const text of [
      '',
      ' ',
      '01',
      '1.',
      '.5',
      '-',
      '1e',
      '+1',
      'tru',
      'nul',
      '"\\x"',
      '"\\u12"',
      '"a\nb"',
      '[1,]',
      '{"a":1,}',
      '{a:1}',
      '[1 2]',
      '{"a" 1}',
      '"',
      '[',
      '{',
      '1 2',
      'NaN',
      'Infinity',
    ])
      await parsesLike(text);
  });

  it('keeps `__proto__` an own key, as JSON.parse does, and leaves the prototype alone', async () => {
    const parsed = (await parseJsonSliced('{"__proto__":{"polluted":1},"a":[{"__proto__":null}]}', NO_PAUSE)) as Record<
      string,
      unknown
    >;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed).toEqual(JSON.parse('{"__proto__":{"polluted":1},"a":[{"__proto__":null}]}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads any depth without a stack overflow, and refuses more than the limit', async () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    await expect(parseJsonSliced(nested(MAX_ANSWER_DEPTH), NO_PAUSE)).resolves.toBeDefined();
    await expect(parseJsonSliced(nested(MAX_ANSWER_DEPTH + 1), NO_PAUSE)).rejects.toMatchObject({ tooDeep: true });
    await expect(parseJsonSliced(nested(1_000_000), NO_PAUSE)).rejects.toMatchObject({ tooDeep: true });
    expect(await parseJsonSliced(nested(100_000), NO_PAUSE, Infinity)).toHaveLength(1);
  });

  it('pauses between slices of a long text', async () => {
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i, s: `v${i}` })));
    const pace = countingPace();
    expect(await parseJsonSliced(text, pace)).toEqual(JSON.parse(text));
    expect(pace.pauses).toBeGreaterThan(10);
  });
});

describe('jsonDepth', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('is the nesting of arrays and objects, whatever the strings hold', () => {
    expect(jsonDepth(bytes('1'))).toBe(0);
    expect(jsonDepth(bytes('{"a":[1,{"b":[]}]}'))).toBe(4);
    expect(jsonDepth(bytes('["[[[[", "\\"[[[[", "\\\\", [["]]]]"]]]'))).toBe(3);
    expect(jsonDepth(bytes('{"ü[":"é{{{","x":[["\\u005b"]]}'))).toBe(3);
  });

  it('agrees with the nesting of any JSON value', () => {
    const depth = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonDepth(bytes(JSON.stringify(value)), 1_000)).toBe(depth(value));
      }),
      { numRuns: 300 },
    );
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(bytes('['.repeat(1_000_000)))).toBe(MAX_ANSWER_DEPTH + 1);
  });
});
