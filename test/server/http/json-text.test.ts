import { describe, expect, it } from 'vitest';
import { jsonTextIssue } from '../../../src/server/http/json-text';

const limits = { depth: 4, values: 10, stringLength: 8 };

describe('jsonTextIssue', () => {
  it('holds each top-level field to its depth, values and strings, naming the field', () => {
    expect(jsonTextIssue('{"a":[[[["x"]]]],"b":1}', limits)).toBeUndefined();
    expect(jsonTextIssue('{"a":1,"b":[[[[["x"]]]]]}', limits)).toEqual({
      path: 'b',
      message: 'is nested deeper than 4 levels',
    });
    // Values count per field: 10 in each of two fields is fine, 11 in one is not.
    const ten = `[${'1,'.repeat(8)}1]`;
    expect(jsonTextIssue(`{"a":${ten},"b":${ten}}`, limits)).toBeUndefined();
    expect(jsonTextIssue(`{"a":[${'{},'.repeat(10)}{}]}`, limits)).toEqual({
      path: 'a',
      message: 'has more than 10 values in all',
    });
    expect(jsonTextIssue('{"a":"123456789"}', limits)?.message).toBe('has a string over 8 characters');
    expect(jsonTextIssue('{"123456789":1}', limits)?.message).toBe('has a string over 8 characters');
    // An escape is one character; a quote inside a string ends nothing.
    expect(jsonTextIssue('{"a":"\\u0041\\n\\"\\\\1234"}', limits)).toBeUndefined();
    expect(jsonTextIssue('{"a":"[[[[[[[[[[[{{{{"}', limits)?.message).toBe('has a string over 8 characters');
    expect(jsonTextIssue('{ "a" : [ true, false, null, -1.5e3 ] }', limits)).toBeUndefined();
  });

  it('lets text that is not JSON through to its parse', () => {
    for (const text of ['', '{', '{"a":', 'not json', ']]]]', '"open'])
      expect(jsonTextIssue(text, limits), text).toBeUndefined();
  });

  it('ends a million empty objects at the limit, without parsing them', () => {
    const text = `{"definition":{"widgets":[${'{},'.repeat(349_000)}{}]}}`;
    const started = performance.now();
    expect(jsonTextIssue(text, { depth: 64, values: 50_000, stringLength: 200_000 })).toEqual({
      path: 'definition',
      message: 'has more than 50000 values in all',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    const deep = `{"definition":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(jsonTextIssue(deep, { depth: 64, values: 50_000, stringLength: 200_000 })?.message).toBe(
      'is nested deeper than 64 levels',
    );
  });
});
