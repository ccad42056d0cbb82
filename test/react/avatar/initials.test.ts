import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, colorForName, initialsOf, safeImageUrl } from '../../../src';

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'AD'],
    ['Jean-Luc Picard', 'JP'],
    ['Émile Zola', 'ÉZ'],
    ['e\u0301mile zola', 'ÉZ'],
    ['Ольга Петрова', 'ОП'],
    ['山田太郎', '山田'],
    ['José María Aznar', 'JA'],
    ['🙂 Bob Smith', 'BS'],
    ['  ', ''],
    ['👍🏽', ''],
    ['ann.lee@example.com', 'AL'],
    ['x', 'X'],
  ])('%s → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it('never returns more than two graphemes, for any string', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(Array.from(segmenter.segment(initialsOf(name))).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('colorForName', () => {
  it('is stable and from the palette', () => {
    expect(colorForName('Ada Lovelace')).toBe(colorForName('Ada Lovelace'));
    const colors = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map(colorForName));
    for (const color of colors) expect(AVATAR_COLORS).toContain(color);
    expect(colors.size).toBeGreaterThan(3);
  });
});

describe('safeImageUrl', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(safeImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeImageUrl('http://a.example/x.png')).toBe('http://a.example/x.png');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageUrl('ftp://a.example/x.png')).toBeUndefined();
    expect(safeImageUrl('x.png')).toBeUndefined();
    expect(safeImageUrl(undefined)).toBeUndefined();
  });
});

describe('initialsOf cache', () => {
  it('gives the same answers from its cache, and stays bounded', () => {
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    for (let i = 0; i < 2_000; i++) expect(initialsOf(`User ${i} Name`)).toBe('UN');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });
});
