// Issue 26, item 6: agent output of any size is drawn in bounded pieces, and nothing is lost:
// long plain text in paragraphs of at most 4,000 characters, an unknown tool's JSON pretty-
// printed only while short, and the rest of anything long behind "Show all".
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LongText, parts, PlainText } from '../../../src/react/chat/ui/MoreText';
import { prettyJson, TOOL_JSON_LIMIT, ToolJson } from '../../../src/react/chat/ui/ToolJson';
import { recordBudget } from '../../support/budgets';

describe('parts', () => {
  it('cuts a text without break points into parts of at most 4,000 characters that join to it', () => {
    const text = 'ภาษาไทย'.repeat(10_000);
    const cut = parts(text);
    expect(cut.join('')).toBe(text);
    expect(Math.max(...cut.map((part) => part.length))).toBeLessThanOrEqual(4_000);
  });

  it('cuts at a line end or a space near the end of a part, never inside a surrogate pair', () => {
    const prose = 'word '.repeat(5_000);
    for (const part of parts(prose).slice(0, -1)) expect(part.endsWith(' ')).toBe(true);
    const emoji = '\u{1F600}'.repeat(5_000);
    const cut = parts(emoji);
    expect(cut.join('')).toBe(emoji);
    for (const part of cut) expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});

describe('PlainText and LongText', () => {
  it('a short text is one paragraph; a long one several, each laid out near the viewport only', () => {
    const { container, rerender } = render(<PlainText text="short" className="t" />);
    expect(container.querySelectorAll('p.t')).toHaveLength(1);
    rerender(<PlainText text={'x'.repeat(10_000)} className="t" />);
    expect(container.querySelectorAll('div.t > p.ek-more__part')).toHaveLength(3);
  });

  it('shows the first `limit` characters; "Show all" the rest, so the whole text is there', () => {
    const text = 'y'.repeat(3_000_000);
    const { container, getByRole } = render(<LongText text={text} limit={2_000} className="t" />);
    expect(container.textContent!.replace(/Show all.*$/, '')).toBe(text.slice(0, 2_000));
    fireEvent.click(getByRole('button', { name: 'Show all (2,998,000 more characters)' }));
    expect(container.textContent).toBe(text);
    expect(Math.max(...[...container.querySelectorAll('p')].map((p) => p.textContent!.length))).toBeLessThanOrEqual(
      4_000,
    );
  });
});

describe("an unknown tool's JSON", () => {
  it('pretty-prints like JSON.stringify while it stays under the limit', () => {
    const value = { input: { q: 'revenue', n: [1, 2, { a: null }], e: {}, l: [] }, result: 'done', skip: undefined };
    expect(prettyJson(value, TOOL_JSON_LIMIT)).toBe(JSON.stringify(value, null, 2));
  });

  it('stops as soon as the text would pass the limit: deep nesting and megabyte strings', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    const started = performance.now();
    expect(prettyJson(deep, TOOL_JSON_LIMIT)).toBeUndefined();
    expect(prettyJson({ q: 'z'.repeat(3_000_000) }, TOOL_JSON_LIMIT)).toBeUndefined();
    // Under a second, held by the budgets run (a busy machine must not fail `npm test`).
    recordBudget({
      id: 'prettyJson stops at its limit',
      ms: performance.now() - started,
      budgetMs: 1_000,
      rerun: {
        file: 'test/react/chat/bounded-text.test.tsx',
        project: 'dom',
        test: 'stops as soon as the text would pass the limit',
      },
    });
  });

  it('past the limit: the call as it came, its start at once and the rest behind "Show all"', () => {
    const input = JSON.stringify({ q: 'z'.repeat(100_000) });
    const call = { name: 'someTool', input, result: '{"ok":true}' };
    const { container, getByRole } = render(
      <ToolJson call={call} input={JSON.parse(input)} result={JSON.parse(call.result)} />,
    );
    expect(container.textContent!.length).toBeLessThan(TOOL_JSON_LIMIT + 100);
    fireEvent.click(getByRole('button', { name: /Show all/ }));
    expect(container.textContent).toBe(`input: ${input}\n\nresult: ${call.result}`);
  });
});
