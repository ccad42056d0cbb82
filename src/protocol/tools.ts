import type { ToolCall } from './chat';
import { ownValue, setOwn } from './own-keys';
import { v, type Infer } from './schema';

/** Tool names of the spec, and of the real service's docs, that search metadata. */
export const META_TOOL_NAMES: readonly string[] = ['platformMeta', 'cubeMeta'];
/** Tool names of the spec, and of the real service's docs, that run SQL. */
export const SQL_TOOL_NAMES: readonly string[] = ['platformSqlApi', 'cubeSqlApi', 'cubeSqlApiWithChart'];

/** Input of the metadata search tool (`platformMeta`). */
export const MetaToolInputSchema = v.object({ searchQuery: v.string() });
/** What the agent searched the data model for. */
export type MetaToolInput = Infer<typeof MetaToolInputSchema>;

/** A member (measure, dimension, segment) of a cube or view. */
export const DataModelMemberSchema = v.object({
  name: v.string(),
  title: v.optional(v.string()),
  shortTitle: v.optional(v.string()),
  type: v.optional(v.string()),
  description: v.optional(v.string()),
});
/** One measure, dimension or segment. */
export type DataModelMember = Infer<typeof DataModelMemberSchema>;

/** A cube or view definition as the metadata tool returns it. */
export const DataModelCubeSchema = v.object({
  name: v.string(),
  title: v.optional(v.string()),
  type: v.optional(v.string()),
  description: v.optional(v.string()),
  measures: v.optional(v.array(DataModelMemberSchema)),
  dimensions: v.optional(v.array(DataModelMemberSchema)),
  segments: v.optional(v.array(DataModelMemberSchema)),
});
/** A cube or view with its members. */
export type DataModelCube = Infer<typeof DataModelCubeSchema>;

/** Successful result of the metadata search tool. */
export const MetaToolResultSchema = v.object({
  cubes: v.array(DataModelCubeSchema),
  searchQuery: v.optional(v.string()),
});
/** Cubes and views matching the search. */
export type MetaToolResult = Infer<typeof MetaToolResultSchema>;

/** Input of the SQL tool (`platformSqlApi`). */
export const SqlToolInputSchema = v.object({
  sqlQuery: v.string(),
  queryTitle: v.optional(v.string()),
  description: v.optional(v.string()),
  userRequest: v.optional(v.string()),
  memoryId: v.optional(v.string()),
  /** Vega-Lite v5 spec as a JSON string, without data. */
  vegaSpec: v.optional(v.string()),
});
/** The query the agent is about to run. */
export type SqlToolInput = Infer<typeof SqlToolInputSchema>;

/** A result column; `column_type` per the spec, `columnType` in one of the vendor's apps. */
export const SqlColumnSchema = v.object({
  name: v.string(),
  column_type: v.optional(v.string()),
  columnType: v.optional(v.string()),
});
/** Column definition as on the wire. */
export type SqlColumnWire = Infer<typeof SqlColumnSchema>;

/** Result of the SQL tool as on the wire (rows as arrays, or objects in one doc sample). */
export const SqlToolResultSchema = v.object({
  sqlQuery: v.string(),
  queryTitle: v.optional(v.string()),
  description: v.optional(v.string()),
  userRequest: v.optional(v.string()),
  schema: v.optional(v.array(SqlColumnSchema)),
  data: v.optional(v.union(v.array(v.array(v.unknown())), v.array(v.record(v.unknown())))),
  totalRows: v.optional(v.number()),
  uuid: v.optional(v.string()),
  vegaSpec: v.optional(v.string()),
});
/** SQL result as on the wire; see {@link SqlResult} for the typed form. */
export type SqlToolResultWire = Infer<typeof SqlToolResultSchema>;

/** How a column's values are typed once parsed. */
export type ColumnKind = 'number' | 'boolean' | 'time' | 'string';

/** A typed result column. */
export interface SqlColumn {
  name: string;
  /** The service's type name (`Double`, `Int64`, `String`…), or '' when not given. */
  type: string;
  kind: ColumnKind;
}

/** A cell after coercion: numbers for numeric columns, nulls kept. */
export type Cell = string | number | boolean | null;

/** A SQL result with typed columns and rows (always arrays, in column order). */
export interface SqlResult {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  columns: SqlColumn[];
  rows: Cell[][];
  /** Rows the query returned; may exceed `rows.length` when the result was truncated. */
  totalRows: number;
  uuid?: string;
  /** The parsed Vega-Lite spec (no data), when the agent made a chart and it is valid JSON. */
  vegaSpec?: Record<string, unknown>;
  /** Whether more rows exist than were sent. */
  truncated: boolean;
}

/** The error a tool reported (`result` with an `error` property). */
export interface ToolError {
  message: string;
  /** The `error` value as sent; its structure is not specified. */
  detail: unknown;
}

/** Progress of a tool call. */
export type ToolCallStatus = 'running' | 'done' | 'error';

interface ParsedBase<Kind extends string, Input, Result> {
  kind: Kind;
  name: string;
  status: ToolCallStatus;
  /** Parsed input, or undefined while it is absent or not valid JSON. */
  input: Input | undefined;
  /** Parsed result when `status` is `done`. */
  result: Result | undefined;
  /** Set when `status` is `error`. */
  error: ToolError | undefined;
}

/** A metadata search call. */
export type ParsedMetaToolCall = ParsedBase<'meta', MetaToolInput, MetaToolResult>;
/** A SQL call, with typed rows. */
export type ParsedSqlToolCall = ParsedBase<'sql', SqlToolInput, SqlResult>;
/** A tool this library does not know; input and result are the parsed JSON. */
export type ParsedOtherToolCall = ParsedBase<'other', unknown, unknown>;
/** A tool call with its JSON strings parsed and recognised. */
export type ParsedToolCall = ParsedMetaToolCall | ParsedSqlToolCall | ParsedOtherToolCall;

/**
 * Parses a JSON string, and again while the result is itself a JSON document in a string
 * (results may be encoded twice). Returns undefined for invalid JSON.
 */
export function parseNestedJson(text: string | undefined, depth = 3): unknown {
  if (text === undefined) return undefined;
  let value: unknown = text;
  for (let i = 0; i < depth && typeof value === 'string'; i++) {
    const trimmed = value.trimStart();
    if (i > 0 && !(trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"'))) break;
    try {
      value = JSON.parse(value);
    } catch {
      return i === 0 ? undefined : value;
    }
  }
  return value;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Fields some services send as JSON strings inside the result. */
function unnest(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const value = record[key];
    if (typeof value !== 'string') continue;
    const parsed = parseNestedJson(value, 1);
    if (parsed !== undefined && typeof parsed === 'object') (copy ??= { ...record })[key] = parsed;
  }
  return copy ?? record;
}

function toolError(value: Record<string, unknown> | undefined): ToolError | undefined {
  if (!value || !('error' in value) || value.error === undefined || value.error === null) return undefined;
  const detail = value.error;
  if (typeof detail === 'string') return { message: detail, detail };
  const inner = asRecord(detail);
  const message = typeof inner?.message === 'string' ? inner.message : JSON.stringify(detail);
  return { message, detail };
}

const NUMERIC_TYPE =
  /^(u?int\d*|u?bigint|smallint|tinyint|integer|int|float\d*|double( precision)?|decimal.*|numeric.*|number|real|long|short)$/i;
const INTEGER_TYPE = /int|long|short/i;
const BOOLEAN_TYPE = /^(bool|boolean)$/i;
const TIME_TYPE = /^(date|datetime.*|timestamp.*|time)$/i;

function columnKind(type: string): ColumnKind {
  if (NUMERIC_TYPE.test(type)) return 'number';
  if (BOOLEAN_TYPE.test(type)) return 'boolean';
  if (TIME_TYPE.test(type)) return 'time';
  return 'string';
}

function coerce(value: unknown, column: SqlColumn | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (column?.kind === 'number' && typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    // Integers beyond 2^53 stay strings rather than lose digits.
    if (Number.isFinite(n) && !(INTEGER_TYPE.test(column.type) && !Number.isSafeInteger(n))) return n;
    return value;
  }
  if (column?.kind === 'boolean' && typeof value === 'string') {
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Types a wire SQL result: columns from the schema (or the first object row), rows coerced. */
export function toSqlResult(wire: SqlToolResultWire): SqlResult {
  const data = wire.data ?? [];
  let columns: SqlColumn[] = (wire.schema ?? []).map((column) => {
    const type = column.column_type ?? column.columnType ?? '';
    return { name: column.name, type, kind: columnKind(type) };
  });
  const first = data[0];
  if (columns.length === 0 && first && !Array.isArray(first)) {
    columns = Object.keys(first).map((name) => ({ name, type: '', kind: 'string' as const }));
  }
  const rows: Cell[][] = data.map((row) => {
    if (Array.isArray(row)) return row.map((cell, i) => coerce(cell, columns[i]));
    // Own keys only: a column named `constructor` must not read Object's.
    return columns.map((column) => coerce(ownValue(row, column.name), column));
  });
  let vegaSpec: Record<string, unknown> | undefined;
  if (wire.vegaSpec !== undefined) vegaSpec = asRecord(parseNestedJson(wire.vegaSpec));
  const totalRows = wire.totalRows ?? rows.length;
  const result: SqlResult = {
    sqlQuery: wire.sqlQuery,
    columns,
    rows,
    totalRows,
    truncated: totalRows > rows.length,
  };
  if (wire.queryTitle !== undefined) result.queryTitle = wire.queryTitle;
  if (wire.description !== undefined) result.description = wire.description;
  if (wire.userRequest !== undefined) result.userRequest = wire.userRequest;
  if (wire.uuid !== undefined) result.uuid = wire.uuid;
  if (vegaSpec !== undefined) result.vegaSpec = vegaSpec;
  return result;
}

function kindOf(name: string, input: Record<string, unknown> | undefined, result: Record<string, unknown> | undefined) {
  if (SQL_TOOL_NAMES.includes(name)) return 'sql';
  if (META_TOOL_NAMES.includes(name)) return 'meta';
  // Recognise by shape: tool names differ between the spec and the real service.
  if (result && typeof result.sqlQuery === 'string' && ('schema' in result || 'data' in result)) return 'sql';
  if (result && Array.isArray(result.cubes)) return 'meta';
  if (input && typeof input.sqlQuery === 'string') return 'sql';
  if (input && typeof input.searchQuery === 'string') return 'meta';
  return 'other';
}

const parsed = new WeakMap<ToolCall, ParsedToolCall>();

/**
 * Parses a tool call's `input` and `result` JSON strings once: memoized by the toolCall
 * object, which the chat reducer keeps identical while the call does not change. Never
 * throws: unparseable parts are reported as undefined, or as a tool error for results.
 */
export function parseToolCall(toolCall: ToolCall): ParsedToolCall {
  let entry = parsed.get(toolCall);
  if (!entry) {
    entry = parseUncached(toolCall);
    parsed.set(toolCall, entry);
  }
  return entry;
}

function parseUncached(toolCall: ToolCall): ParsedToolCall {
  const rawInput = parseNestedJson(toolCall.input);
  const input = asRecord(rawInput);
  const hasResult = toolCall.result !== undefined;
  const rawResult = hasResult ? parseNestedJson(toolCall.result) : undefined;
  const record = asRecord(rawResult);
  const kind = kindOf(toolCall.name, input, record);
  const base = { name: toolCall.name, input: undefined, result: undefined, error: undefined };

  if (!hasResult) {
    const status = 'running' as const;
    if (kind === 'sql') return { ...base, kind, status, input: SqlToolInputSchema.is(input) ? input : undefined };
    if (kind === 'meta') return { ...base, kind, status, input: MetaToolInputSchema.is(input) ? input : undefined };
    return { ...base, kind, status, input: rawInput };
  }

  let error = toolError(record);
  if (!error && rawResult === undefined) {
    error = { message: 'The tool result is not valid JSON', detail: toolCall.result };
  }

  if (kind === 'sql') {
    const sqlInput = SqlToolInputSchema.is(input) ? input : undefined;
    if (error) return { ...base, kind, status: 'error', input: sqlInput, error };
    const wire = record && unnest(record, ['schema', 'data']);
    if (!SqlToolResultSchema.is(wire)) {
      const detail = SqlToolResultSchema.safeParse(wire);
      const message = detail.success ? 'Unexpected SQL result' : `Unexpected SQL result: ${detail.error.message}`;
      return { ...base, kind, status: 'error', input: sqlInput, error: { message, detail: rawResult } };
    }
    return { ...base, kind, status: 'done', input: sqlInput, result: toSqlResult(wire) };
  }
  if (kind === 'meta') {
    const metaInput = MetaToolInputSchema.is(input) ? input : undefined;
    if (error) return { ...base, kind, status: 'error', input: metaInput, error };
    const wire = record && unnest(record, ['cubes']);
    if (!MetaToolResultSchema.is(wire)) {
      const detail = MetaToolResultSchema.safeParse(wire);
      const message = detail.success
        ? 'Unexpected metadata result'
        : `Unexpected metadata result: ${detail.error.message}`;
      return { ...base, kind, status: 'error', input: metaInput, error: { message, detail: rawResult } };
    }
    return { ...base, kind, status: 'done', input: metaInput, result: wire };
  }
  if (error) return { ...base, kind, status: 'error', input: rawInput, error };
  return { ...base, kind, status: 'done', input: rawInput, result: rawResult };
}

/** Rows as objects keyed by column name (own properties, `__proto__` too): the shape charts and data tables want. */
export function rowsAsObjects(result: SqlResult): Record<string, Cell>[] {
  let cached = objectRows.get(result);
  if (!cached) {
    const names = result.columns.map((column) => column.name);
    cached = result.rows.map((row) => {
      const object: Record<string, Cell> = {};
      // A column named `__proto__` is a key like any other, not the row's prototype.
      for (let i = 0; i < names.length; i++) setOwn(object, names[i]!, row[i] ?? null);
      return object;
    });
    objectRows.set(result, cached);
  }
  return cached;
}

const objectRows = new WeakMap<SqlResult, Record<string, Cell>[]>();
