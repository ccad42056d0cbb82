import type { ChatMessage } from '../protocol';
import type { MockFixture } from './fixture';
import { runQuery, toSql, type AggregateQuery, type Viewer } from './dataset';

/** The node of the agent graph that thinks and calls tools. */
export const AGENT_NODE = 'platform_data_analyst_agent';
/** Rows a SQL tool result carries at most; `totalRows` tells the full count. */
export const TOOL_RESULT_ROW_LIMIT = 100;

type Presentation = 'bar' | 'line' | 'table';

interface Plan {
  query: AggregateQuery;
  presentation: Presentation;
  title: string;
}

const MEASURES: [RegExp, Pick<AggregateQuery, 'measure' | 'aggregate'>][] = [
  [/\b(average|avg|mean)\b/i, { measure: 'revenue', aggregate: 'AVG' }],
  [/\b(orders?|how many|count)\b/i, { measure: 'orders', aggregate: 'SUM' }],
  [/\b(revenue|sales|income|turnover|earn)/i, { measure: 'revenue', aggregate: 'SUM' }],
];
const DIMENSIONS: [RegExp, string][] = [
  [/\b(month|monthly|trend|over time|per month|timeline)\b/i, 'month'],
  [/\b(countr(y|ies))\b/i, 'country'],
  [/\b(categor(y|ies)|products?)\b/i, 'category'],
  [/\b(customers?|clients?|accounts?)\b/i, 'customer'],
  [/\b(regions?|geograph)/i, 'region'],
];

/** What a filtered question breaks down by when it names no dimension: one level finer, else months. */
const FINER: Record<string, string> = { region: 'country', country: 'category', category: 'customer', month: 'region' };

type Condition = { column: string; value: string };

/**
 * The values of dimensions that `text` names ("Tell me about Europe"), the longest one per
 * column when several match, the longest first: the question is then about those values
 * alone (a `WHERE`).
 */
function valuesIn(text: string, table: MockFixture['dataset']['tables'][number]): Condition[] {
  const found = new Map<string, string>();
  const lower = text.toLowerCase();
  table.columns.forEach((column, index) => {
    if (column.role !== 'dimension') return;
    for (const value of new Set(table.rows.map((row) => String(row[index])))) {
      const known = found.get(column.name);
      if (value.length < 3 || (known && known.length >= value.length)) continue;
      const at = lower.indexOf(value.toLowerCase());
      const before = lower[at - 1];
      const after = lower[at + value.length];
      if (at !== -1 && !/\w/.test(before ?? '') && !/\w/.test(after ?? '')) found.set(column.name, value);
    }
  });
  return [...found].map(([column, value]) => ({ column, value })).sort((a, b) => b.value.length - a.value.length);
}

/** A date range in a question: "from 2024-10-01 to 2024-12-31". */
const RANGE = /\bfrom (\d{4}-\d{2})-\d{2} to (\d{4}-\d{2})-\d{2}\b/i;

/** The months a question's date range covers (the table has months: a range is read by its months). */
function monthsIn(question: string): AggregateQuery['months'] {
  const range = RANGE.exec(question);
  return range ? { from: range[1]!, to: range[2]! } : undefined;
}

/** Maps a question to a query, or undefined when the data model cannot answer it. */
export function planFor(question: string, fixture: MockFixture): Plan | undefined {
  const table = fixture.dataset.tables[0];
  if (!table) return undefined;
  // A drilldown's question says what its chart showed after the clicked value ("Tell me about
  // Europe (region), from 2024-10-01 to 2024-12-31, category Toys"): that scope narrows the
  // rows; the breakdown is read from the question before it.
  const head = question.replace(/\)\s*,[\s\S]*$/, ')');
  const measure = MEASURES.find(([pattern]) => pattern.test(question))?.[1];
  const where = valuesIn(head, table)[0];
  // Not the range's own days, read as a month's value.
  const and = valuesIn(question.replace(RANGE, ''), table).filter((c) => c.column !== where?.column);
  const months = monthsIn(question);
  let dimension = DIMENSIONS.find(([pattern]) => pattern.test(head))?.[1];
  if (!measure && !dimension && !where) return undefined;
  // "Tell me about Europe (region)": broken down one level finer, not by the region itself.
  if (where && (dimension === undefined || dimension === where.column)) dimension = FINER[where.column] ?? 'month';
  const chosen = { measure: 'revenue', aggregate: 'SUM' as const, ...measure };
  const dim = dimension ?? 'region';
  const top = /\btop\s+(\d{1,3})\b/i.exec(question);
  const wantsTable = /\b(table|list|top\s+\d+|rank)/i.test(question);
  const presentation: Presentation = wantsTable ? 'table' : dim === 'month' ? 'line' : 'bar';
  const query: AggregateQuery = {
    table: table.name,
    dimension: dim,
    measure: chosen.measure,
    aggregate: chosen.aggregate,
    orderBy: dim === 'month' ? 'dimension' : 'measure',
    direction: dim === 'month' ? 'ASC' : 'DESC',
  };
  if (top) query.limit = Number(top[1]);
  if (where) query.where = where;
  if (and.length) query.and = and;
  if (months) query.months = months;
  const measureTitle = titleOf(fixture, chosen.measure);
  const prefix = chosen.aggregate === 'AVG' ? 'Average ' : '';
  const places = [where, ...and].filter((c) => c !== undefined).map((c) => c.value);
  const scope = (places.length ? ` in ${places.join(', ')}` : '') + (months ? `, ${months.from} to ${months.to}` : '');
  const title = `${prefix}${prefix ? measureTitle.toLowerCase() : measureTitle} by ${titleOf(fixture, dim).toLowerCase()}${scope}`;
  return { query, presentation, title: top ? `Top ${top[1]}: ${title.toLowerCase()}` : title };
}

function titleOf(fixture: MockFixture, column: string): string {
  for (const table of fixture.dataset.tables) {
    const found = table.columns.find((c) => c.name === column);
    if (found) return found.title ?? column;
  }
  return column;
}

function vegaSpecFor(plan: Plan, fixture: MockFixture): string | undefined {
  if (plan.presentation === 'table') return undefined;
  const { dimension, measure } = plan.query;
  const y = { field: measure, type: 'quantitative', title: titleOf(fixture, measure) };
  const spec =
    plan.presentation === 'line'
      ? {
          $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
          title: plan.title,
          mark: { type: 'line', point: true, tooltip: true },
          encoding: {
            x: { field: dimension, type: 'temporal', timeUnit: 'yearmonth', title: titleOf(fixture, dimension) },
            y,
          },
        }
      : {
          $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
          title: plan.title,
          mark: { type: 'bar', tooltip: true },
          encoding: { x: { field: dimension, type: 'nominal', sort: '-y', title: titleOf(fixture, dimension) }, y },
        };
  return JSON.stringify(spec);
}

/** Splits text into small pieces, as a model streams tokens (never inside a character). */
export function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/gu) ?? [];
}

const money = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

function answerFor(plan: Plan, rows: (string | null)[][], totalRows: number): string {
  const { measure, aggregate, dimension } = plan.query;
  if (rows.length === 0) {
    return `I ran the query, but no ${measure} data is visible to you for this question. Your access may be limited to part of the data.`;
  }
  const values = rows.map(([key, value]) => ({ key: key ?? '', value: Number(value) }));
  const format = (n: number) => (measure === 'revenue' ? `$${money(n)}` : n.toLocaleString('en-US'));
  if (plan.presentation === 'line') {
    const first = values[0]!;
    const last = values[values.length - 1]!;
    const change = first.value === 0 ? 0 : ((last.value - first.value) / first.value) * 100;
    return `${plan.title} went from **${format(first.value)}** in ${first.key} to **${format(last.value)}** in ${last.key} (${change >= 0 ? '+' : ''}${change.toFixed(1)}%).\n\nThe chart shows every month.`;
  }
  const top = values.slice(0, 3).map((v, i) => `${i + 1}. **${v.key}**: ${format(v.value)}`);
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const lead = values[0]!;
  const share =
    aggregate === 'AVG' || total === 0 ? '' : `, ${((lead.value / total) * 100).toFixed(0)}% of the total shown`;
  const more = totalRows > rows.length ? `\n\nThe result has ${totalRows} rows; ${rows.length} are shown.` : '';
  return `**${lead.key}** leads with ${format(lead.value)}${share}. Top ${top.length} by ${dimension}:\n\n${top.join('\n')}${more}`;
}

/** Context of one agent turn. */
export interface TurnContext {
  turnId: string;
  question: string;
  fixture: MockFixture;
  viewer: Viewer;
  /** First `sort` value for this turn's messages. */
  sort: number;
  /** Id for the SQL result (`uuid`). */
  resultId: string;
}

/**
 * The lines of one agent turn after the user message: thinking, a short note from the
 * agent node, the metadata search, the SQL call with real rows and a data-free Vega-Lite
 * spec, then the final answer, streamed as deltas. Deterministic for a question and viewer.
 */
export function agentTurn(context: TurnContext): ChatMessage[] {
  const { turnId, question, fixture, viewer } = context;
  let sort = context.sort;
  const lines: ChatMessage[] = [];
  const plan = planFor(question, fixture);
  const tools = [AGENT_NODE, 'tools'];

  const thinkingId = `${turnId}-thinking`;
  const thinkingSort = sort++;
  const thinking = plan
    ? `The user asks for ${plan.title.toLowerCase()}. I will search the data model for matching members, then query ${plan.query.table} grouped by ${plan.query.dimension}${plan.presentation === 'table' ? ' and show a table' : ` and draw a ${plan.presentation} chart`}.`
    : `The question "${question}" does not name a measure or dimension I recognise. I will search the data model anyway.`;
  for (const piece of tokens(thinking)) {
    lines.push({
      id: thinkingId,
      role: 'assistant',
      thinking: piece,
      isDelta: true,
      isInProcess: true,
      sort: thinkingSort,
      graphPath: [AGENT_NODE],
    });
  }
  lines.push({ id: thinkingId, role: 'assistant', isInProcess: false, sort: thinkingSort, graphPath: [AGENT_NODE] });

  /** A tool call as the service streams it: the call with its input, then with its result. */
  const toolCall = (id: string, sort: number, name: string, input: object, result: object): ChatMessage[] => {
    const call = { name, input: JSON.stringify(input) };
    return [
      { id, role: 'assistant', toolCall: call, isInProcess: true, sort, graphPath: tools },
      {
        id,
        role: 'assistant',
        toolCall: { ...call, result: JSON.stringify(result) },
        isInProcess: false,
        sort,
        graphPath: tools,
      },
    ];
  };

  const searchQuery = plan ? `${plan.query.measure} ${plan.query.dimension}` : question.slice(0, 80);
  const cubes = fixture.dataset.tables.map((table) => ({
    name: table.name,
    title: table.title ?? table.name,
    type: 'view',
    measures: table.columns
      .filter((c) => c.role === 'measure')
      .map((c) => ({ name: `${table.name}.${c.name}`, title: c.title ?? c.name, type: 'number' })),
    dimensions: table.columns
      .filter((c) => c.role === 'dimension')
      .map((c) => ({ name: `${table.name}.${c.name}`, title: c.title ?? c.name, type: 'string' })),
  }));
  lines.push(...toolCall(`${turnId}-meta`, sort++, 'platformMeta', { searchQuery }, { cubes, searchQuery }));

  const sqlId = `${turnId}-sql`;
  const sqlSort = sort++;
  const answerId = `${turnId}-answer`;
  const answerSort = sort;
  let answer: string;
  if (plan) {
    const sqlQuery = toSql(plan.query);
    const vegaSpec = vegaSpecFor(plan, fixture);
    const description = `${plan.title}, from ${plan.query.table}, for the rows you may see.`;
    const common = {
      sqlQuery,
      queryTitle: plan.title,
      description,
      userRequest: question,
      ...(vegaSpec ? { vegaSpec } : {}),
    };
    const { schema, data } = runQuery(fixture, plan.query, viewer);
    const rows = data.slice(0, TOOL_RESULT_ROW_LIMIT);
    const result = { ...common, schema, data: rows, totalRows: data.length, uuid: context.resultId };
    lines.push(...toolCall(sqlId, sqlSort, 'platformSqlApi', { ...common, memoryId: turnId }, result));
    answer = answerFor(plan, rows, data.length);
  } else {
    const input = { sqlQuery: '', queryTitle: 'Unanswerable question', userRequest: question };
    const error = `No measure or dimension in the data model matches "${question.slice(0, 80)}"`;
    lines.push(...toolCall(sqlId, sqlSort, 'platformSqlApi', input, { error }));
    answer =
      "I'm sorry, I couldn't answer that from the data I can see. I can tell you about **revenue** and **orders** by region, country, product category, customer or month. Try, for example, *revenue by region* or *orders over time*.";
  }
  for (const piece of tokens(answer)) {
    lines.push({
      id: answerId,
      role: 'assistant',
      content: piece,
      isDelta: true,
      isInProcess: true,
      sort: answerSort,
      graphPath: ['final'],
    });
  }
  lines.push({ id: answerId, role: 'assistant', isInProcess: false, sort: answerSort, graphPath: ['final'] });
  return lines;
}
