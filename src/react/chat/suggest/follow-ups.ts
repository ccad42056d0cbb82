import {
  isFinalAnswer,
  parseToolCall,
  ToolCallSchema,
  type ChatMessage,
  type MetaResponse,
  type MetaToolResult,
  type SqlResult,
} from '../../../protocol';
import {
  cubeChoice,
  findMember,
  firstChoice,
  humanize,
  isTimeName,
  memberTitle,
  mergeModels,
  type Model,
} from './data-model';
import type { SuggestionLabels } from './labels';
import { starterQuestions, TOP_COUNT } from './starter-questions';
import { questionList } from './suggestion-text';
import type { ChatAnswer } from './types';

/** The most follow-ups under an answer. */
export const MAX_FOLLOW_UPS = 4;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The latest turn's answer, its question, its results and the model searches of the thread; undefined until it has a final answer. */
export function answerOf(
  messages: readonly ChatMessage[],
  meta: MetaResponse | undefined,
): { answer: ChatAnswer; asked: string[]; searched: MetaToolResult[] } | undefined {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role !== 'user') start--;
  let message: ChatMessage | undefined;
  const results: SqlResult[] = [];
  const searched: MetaToolResult[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (i >= start && isFinalAnswer(m) && text(m.content)) message = m;
    if (!ToolCallSchema.is(m.toolCall)) continue;
    const call = parseToolCall(m.toolCall);
    if (call.status !== 'done' || !call.result) continue;
    if (call.kind === 'meta')
      searched.unshift(call.result); // the latest search first
    else if (call.kind === 'sql' && i >= start) results.push(call.result);
  }
  if (!message || message.isInProcess) return undefined;
  const asked = messages.flatMap((m) => (m.role === 'user' && text(m.content) ? [m.content!] : []));
  const answer: ChatAnswer = {
    message,
    question: start > 0 ? text(messages[start - 1]!.content) : undefined,
    results,
    meta,
  };
  return { answer, asked, searched };
}

/** A first cell that reads as a date: `2024-03`, `2024-03-01T…`. */
const DATE_VALUE = /^\d{4}-\d{2}(-\d{2})?([T ]|$)/;

/** Whether the agent's chart spec draws a field on a temporal axis. */
function temporalInSpec(spec: Record<string, unknown> | undefined, field: string): boolean {
  const encoding = spec?.encoding;
  if (typeof encoding !== 'object' || encoding === null) return false;
  return Object.values(encoding).some(
    (channel: unknown) =>
      typeof channel === 'object' &&
      channel !== null &&
      (channel as Record<string, unknown>).field === field &&
      ((channel as Record<string, unknown>).type === 'temporal' || 'timeUnit' in channel),
  );
}

/** A result's measure, its time column and its other dimensions, by their columns. */
function shapeOf(result: SqlResult) {
  const columns = Array.isArray(result.columns) ? result.columns.slice(0, 100) : [];
  const first = Array.isArray(result.rows) ? result.rows[0] : undefined;
  const isTime = (name: string, i: number) =>
    columns[i]!.kind === 'time' ||
    temporalInSpec(result.vegaSpec, name) ||
    (typeof first?.[i] === 'string' && DATE_VALUE.test(first[i] as string)) ||
    isTimeName(name);
  let measure: string | undefined;
  let time: string | undefined;
  const dimensions: string[] = [];
  columns.forEach((column, i) => {
    const name = String(column.name);
    if (column.kind === 'number' && measure === undefined) measure = name;
    else if (column.kind !== 'number' && isTime(name, i)) time ??= name;
    else if (column.kind !== 'number') dimensions.push(name);
  });
  return { measure, time, dimensions };
}

/**
 * Two to four questions to ask after an answer, from its last result and the data model (the
 * semantic layer's, else what the agent's model searches found): over time when it had no
 * time column, by another dimension, the top 10 when it had more rows, compared with the
 * previous period when it had a time column, and as a table (or a chart). Never a question
 * already asked in the thread; padded from the starter questions when the result gives too
 * few; empty when nothing fits (an answer with no result and no model).
 */
export function followUpQuestions(
  { answer, asked, searched }: NonNullable<ReturnType<typeof answerOf>>,
  labels: SuggestionLabels,
): string[] {
  const model: Model = mergeModels([answer.meta, ...searched]);
  const result = answer.results[answer.results.length - 1];
  const questions: string[] = [];
  const shape = result ? shapeOf(result) : undefined;
  if (result && shape?.measure) {
    const found = findMember(model, shape.measure, 'measures');
    const measure = found ? memberTitle(found.member) : humanize(shape.measure);
    const dimension = shape.dimensions[0];
    const dimensionTitle = dimension && (findMember(model, dimension, 'dimensions')?.member ?? { name: dimension });
    if (!shape.time) questions.push(labels.suggestOverTime(measure));
    // Another dimension of the measure's cube (else of the first cube) than those shown.
    const choice = (found && cubeChoice(found.cube)) ?? firstChoice(model);
    const shown = new Set(
      [...shape.dimensions, shape.time].flatMap((name) =>
        name ? [findMember(model, name, 'dimensions')?.member] : [],
      ),
    );
    const [other, another] = choice?.groupings.filter((d) => !shown.has(d)) ?? [];
    if (other) questions.push(labels.suggestBy(measure, memberTitle(other)));
    if (dimensionTitle && !shape.time && result.totalRows > TOP_COUNT)
      questions.push(labels.suggestTop(TOP_COUNT, memberTitle(dimensionTitle), measure));
    if (shape.time) questions.push(labels.suggestCompare(measure));
    const subject = shape.time
      ? labels.suggestOverTime(measure)
      : dimensionTitle
        ? labels.suggestBy(measure, memberTitle(dimensionTitle))
        : undefined;
    if (subject) questions.push(result.vegaSpec ? labels.suggestAsTable(subject) : labels.suggestAsChart(subject));
    // When one of those was asked already.
    if (another) questions.push(labels.suggestBy(measure, memberTitle(another)));
  }
  const list = questionList(questions, MAX_FOLLOW_UPS, asked) ?? [];
  if (list.length >= 2) return list;
  return questionList([...list, ...starterQuestions(model, labels)], MAX_FOLLOW_UPS, asked) ?? [];
}
