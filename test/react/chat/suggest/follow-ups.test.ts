import { describe, expect, it } from 'vitest';
import { answerOf, followUpQuestions } from '../../../../src/react/chat/suggest/follow-ups';
import { defaultSuggestionLabels } from '../../../../src/react/chat/suggest/labels';
import type { ChatMessage, MetaResponse } from '../../../../src/protocol';
import { mockMeta, threadOf } from './fixtures';

const followUps = (messages: ChatMessage[], meta?: MetaResponse) => {
  const found = answerOf(messages, meta);
  return found && followUpQuestions(found, defaultSuggestionLabels);
};

describe('follow-up questions', () => {
  it('after a chart by region: over time, by another dimension, the same as a table', () => {
    expect(followUps(threadOf('Revenue by region'), mockMeta)).toEqual([
      'Revenue over time',
      'Revenue by country',
      'Show revenue by region as a table',
      'Revenue by product category',
    ]);
  });

  it("without the semantic layer's model, from what the agent's model search found", () => {
    // The mock agent's search names its columns (`revenue`, `region`…) with their titles;
    // `month`, typed a string there, is a time by its name: never a grouping.
    expect(followUps(threadOf('Revenue by region'))).toEqual([
      'Revenue over time',
      'Revenue by country',
      'Show revenue by region as a table',
      'Revenue by product category',
    ]);
  });

  it('after a time series: compared with the previous period, never over time again', () => {
    const list = followUps(threadOf('Revenue over time'), mockMeta)!;
    expect(list).toContain('Compare revenue with the previous period');
    expect(list).toContain('Show revenue over time as a table');
    expect(list.some((q) => /over time$/.test(q))).toBe(false);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(4);
  });

  it('offers a top 10 when the result had more rows, and a chart after a table', () => {
    const list = followUps(threadOf('Revenue by customer'), mockMeta)!;
    expect(list).toContain('Top 10 customers by revenue');
    expect(followUps(threadOf('List revenue by region'), mockMeta)).toContain('Show revenue by region as a chart');
  });

  it('never repeats a question of the thread (case and punctuation aside)', () => {
    const list = followUps(threadOf('revenue over time!', 'Revenue by country', 'Revenue by region'), mockMeta)!;
    expect(list.map((q) => q.toLowerCase())).not.toContain('revenue over time');
    expect(list).not.toContain('Revenue by country');
    expect(list).not.toContain('Revenue by region');
    expect(list.length).toBeGreaterThanOrEqual(2);
  });

  it('after an answer with no result: the starter questions not yet asked, or none without a model', () => {
    const thread = threadOf('what is the weather');
    expect(followUps(thread, mockMeta)).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
    expect(followUps(thread)).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
    expect(followUps(thread.filter((m) => !m.toolCall))).toEqual([]);
  });

  it('gives nothing until the turn has a finished answer', () => {
    const thread = threadOf('Revenue by region');
    expect(answerOf(thread.slice(0, -1).concat({ ...thread.at(-1)!, isInProcess: true }), mockMeta)).toBeUndefined();
    expect(
      answerOf(
        thread.filter((m) => m.graphPath?.[0] !== 'final'),
        mockMeta,
      ),
    ).toBeUndefined();
    expect(answerOf([...thread, { id: 'next', role: 'user', content: 'Orders by region' }], mockMeta)).toBeUndefined();
  });

  it('gives the answer, its question and its results to a host', () => {
    const found = answerOf(threadOf('Orders by region', 'Revenue by region'), mockMeta)!;
    expect(found.answer.question).toBe('Revenue by region');
    expect(found.answer.results).toHaveLength(1); // this turn's only
    expect(found.answer.results[0]!.columns.map((c) => c.name)).toEqual(['region', 'revenue']);
    expect(found.answer.message.content).toMatch(/leads with/);
    expect(found.asked).toEqual(['Orders by region', 'Revenue by region']);
  });

  it('survives hostile results: wrong types, huge column names, markup', () => {
    const thread = threadOf('Revenue by region');
    const sql = thread.find((m) => m.toolCall?.name === 'platformSqlApi')!;
    const result = JSON.parse(sql.toolCall!.result!) as Record<string, unknown>;
    const name = `<b>${'x'.repeat(10_000)}</b>`;
    const hostile = {
      ...sql,
      toolCall: {
        ...sql.toolCall!,
        result: JSON.stringify({
          ...result,
          schema: [
            { name, column_type: 'String' },
            { name: 'n', column_type: 'Int64' },
          ],
          data: [[null, '1']],
          totalRows: 1e9,
        }),
      },
    };
    const list = followUps(thread.map((m) => (m === sql ? hostile : m)))!;
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const q of list) expect(q.length).toBeLessThanOrEqual(300);
    expect(list).toContain('N over time');
    expect(list.find((q) => q.startsWith('Top 10'))).toMatch(/^Top 10 <b>x+… by N$/);
  });
});
