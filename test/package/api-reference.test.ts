import { describe, expect, it } from 'vitest';
import { collectExports, currentReference, formatMarkdown, renderReference } from '../../scripts/api-reference';

describe('the API reference (docs/api-reference.md)', () => {
  const exports = collectExports();

  it('lists every export of every entry point, as the source has it (`npm run docs:api` to update)', async () => {
    const expected = await formatMarkdown(renderReference(exports));
    const actual = await formatMarkdown(currentReference() ?? '(no generated block in docs/api-reference.md)');
    expect(actual).toBe(expected);
  });

  it('gives every public export a TSDoc summary', () => {
    const undocumented = [...exports].flatMap(([entry, rows]) =>
      rows.filter((row) => !row.summary).map((row) => `${entry}: ${row.name}`),
    );
    expect(undocumented).toEqual([]);
  });
});
