import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ChatMessageSchema,
  ChatRequestSchema,
  EmbedTenantGroupPageSchema,
  GenerateSessionRequestSchema,
  v,
  ValidationError,
  type GenerateSessionRequest,
  type Infer,
} from '../../src/protocol';

describe('schemas', () => {
  it('derive static types, with optional properties', () => {
    const _S = v.object({ a: v.string(), b: v.optional(v.number()), c: v.array(v.enum(['x', 'y'])) });
    expectTypeOf<Infer<typeof _S>>().toEqualTypeOf<{ a: string; b?: number | undefined; c: ('x' | 'y')[] }>();
    expectTypeOf<GenerateSessionRequest['deploymentId']>().toEqualTypeOf<number>();
  });

  it('check inlined property types exactly as their schemas do (objects check simple properties without a call)', () => {
    const S = v.object({
      s: v.string(),
      n: v.optional(v.number()),
      b: v.optional(v.boolean()),
      list: v.optional(v.array(v.string())),
      refined: v.optional(v.string().refine((x) => x.startsWith('ok'), 'must start with ok')),
      nested: v.optional(v.array(v.array(v.string()))),
    });
    expect(S.is({ s: 'a', n: 1, b: false, list: ['x'], refined: 'ok!', nested: [['y']] })).toBe(true);
    for (const bad of [
      { s: 1 },
      { s: 'a', n: Number.NaN },
      { s: 'a', n: Infinity },
      { s: 'a', n: '1' },
      { s: 'a', b: 0 },
      { s: 'a', list: ['x', 2] },
      { s: 'a', list: 'x' },
      { s: 'a', refined: 'no' }, // a refinement is never inlined away
      { s: 'a', nested: [['y', 3]] },
      { s: 'a', n: null },
    ]) {
      expect(S.is(bad), JSON.stringify(bad)).toBe(false);
      expect(S.safeParse(bad).success).toBe(false);
    }
    expect(ChatMessageSchema.is({ id: 'm', graphPath: ['final', 7] })).toBe(false);
    expect(ChatMessageSchema.is({ id: 'm', sort: Number.NaN })).toBe(false);
  });

  it('return the value itself when valid, without copying, and keep unknown keys', () => {
    const body = { deploymentId: 3, externalId: 'ann', futureField: true };
    expect(GenerateSessionRequestSchema.parse(body)).toBe(body);
  });

  it('list every issue with its path', () => {
    const result = GenerateSessionRequestSchema.safeParse(
      {
        deploymentId: '3',
        userAttributes: [{ name: 'region', value: { no: 1 } }],
        userProfile: { picture: 5 },
        userAttributeDefinitions: [{ name: 'r', type: 'date' }],
      },
      'GenerateSessionRequest',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ValidationError);
    expect(result.error.issues.map((i) => i.path)).toEqual([
      'deploymentId',
      'userProfile.picture',
      'userAttributes[0].value',
      'userAttributeDefinitions[0].type',
    ]);
    expect(result.error.message).toMatch(
      /^Invalid GenerateSessionRequest: deploymentId: expected a finite number, got a string/,
    );
  });

  it('validate attribute values: scalars, arrays of one type, null', () => {
    const ok = (value: unknown) =>
      GenerateSessionRequestSchema.is({ deploymentId: 1, userAttributes: [{ name: 'a', value }] });
    expect([ok('x'), ok(1), ok(['a', 'b']), ok([1, 2]), ok(null), ok([])]).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([ok(['a', 1]), ok(true), ok({}), ok(Number.NaN)]).toEqual([false, false, false, false]);
  });

  it('validate chat messages recursively through the __state__ snapshot', () => {
    expect(ChatMessageSchema.is({ id: '__state__', state: { messages: [{ id: 'a', content: 'x' }] } })).toBe(true);
    expect(ChatMessageSchema.is({ id: '__state__', state: { messages: [{ content: 'x' }] } })).toBe(false);
    expect(ChatMessageSchema.is({ id: 'a', toolCall: { name: 't', input: { not: 'a string' } } })).toBe(false);
  });

  it('check the messageId pattern and the admin page shape', () => {
    const base = { sessionSettings: { externalId: 'ann' } };
    expect(ChatRequestSchema.is({ ...base, messageId: '1732252800000-message' })).toBe(true);
    expect(ChatRequestSchema.is({ ...base, messageId: '123-message' })).toBe(false);
    expect(
      EmbedTenantGroupPageSchema.is({
        items: [{ id: 1, name: 'sales' }],
        pageInfo: { startCursor: 'a', endCursor: null, hasNextPage: false, hasPreviousPage: false },
      }),
    ).toBe(true);
  });
});
