// A pinned answer's SQL read back as a semantic query, where it is one grouped query over one
// cube or view, so the board's filters (JSON filter values) can reach it through `/load`
// instead of being spliced into SQL. A small strict reader: a tokenizer of one pass, a parser
// with no backtracking, a length cap, and every column mapped to a member of the data model
// (the aggregate to a measure of the same cube whose aggregation it is). Anything else is
// refused with a reason, and the answer keeps its SQL route.
import type { CubeMeta, MeasureMeta, MetaResponse } from './meta';
import {
  GRANULARITIES,
  MAX_QUERY_LIMIT,
  type Granularity,
  type MemberFilter,
  type OrderDirection,
  type QueryFilter,
  type SemanticQuery,
} from './query';

/** Longest SQL read, in UTF-16 code units: longer text is refused before it is read. */
export const MAX_TRANSLATED_SQL_LENGTH = 20_000;
/** Most tokens read (a grouped query over one cube needs a few dozen). */
const MAX_TOKENS = 2_000;
/** Longest string literal (a dimension's value). */
const MAX_LITERAL_LENGTH = 1_000;

/** Why a SQL text has no semantic query. */
export type SqlTranslationRefusal =
  /** Longer than {@link MAX_TRANSLATED_SQL_LENGTH}, or too many tokens. */
  | 'too-long'
  /** Not SQL this reader reads (a comment, an escaped quote, a character it does not know). */
  | 'syntax'
  /** SQL of another shape: a join, a subquery, `OR`, `HAVING`, a condition other than equality… */
  | 'shape'
  /** A table, column or aggregate that is not a member of the data model. */
  | 'unknown-member';

/** A selected column of a translated SQL text: its name in the answer, and the member it reads. */
export interface SqlSelectColumn {
  /** Its alias, else the expression as written (`region`, `sum(revenue)`). */
  name: string;
  kind: 'measure' | 'dimension' | 'time';
  member: string;
  granularity?: Granularity;
  /** Its key in a `/load` row: the member, or `cube.time.granularity`. */
  key: string;
}

/** The outcome of {@link sqlToSemanticQuery}. */
export type SqlTranslation =
  | { ok: true; query: SemanticQuery; cube: string; columns: SqlSelectColumn[] }
  | { ok: false; refusal: SqlTranslationRefusal; message: string };

/** Options of {@link sqlToSemanticQuery}. */
export interface SqlReadOptions {
  /**
   * Reads the SQL API's wider forms too (the mock's SQL route does): conditions other than
   * equality (`<>`, `!=`, `<`, `<=`, `>`, `>=` on numbers and times, `NOT IN`, `IS [NOT]
   * NULL`), `OFFSET`, quotes escaped by doubling, and grouped queries without an aggregate.
   * Off by default: a pinned answer follows its board's filters only where it is the
   * strict shape.
   */
  sqlApi?: boolean;
}

type Token =
  | { type: 'word'; text: string; quoted: boolean }
  | { type: 'string'; text: string }
  | { type: 'number'; text: string }
  | { type: 'punct'; text: string };

class Refused extends Error {
  constructor(
    readonly refusal: SqlTranslationRefusal,
    message: string,
  ) {
    super(message);
  }
}

const isWordStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Comparison operators the wider reading takes (see {@link SqlReadOptions.sqlApi}), longest first. */
const OPERATORS = ['<=', '>=', '<>', '!=', '<', '>'];

/**
 * The tokens of `sql`, in one pass (each character is looked at a bounded number of times).
 * `wide`: comparison operators are tokens, and a doubled quote inside a quoted text is a quote.
 */
function tokenize(sql: string, wide = false): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    if (tokens.length > MAX_TOKENS) throw new Refused('too-long', `more than ${MAX_TOKENS} tokens`);
    const c = sql.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (isWordStart(c)) {
      const start = i;
      while (i < sql.length && (isWordStart(sql.charCodeAt(i)) || isDigit(sql.charCodeAt(i)))) i++;
      tokens.push({ type: 'word', text: sql.slice(start, i), quoted: false });
    } else if (isDigit(c)) {
      const start = i;
      while (i < sql.length && isDigit(sql.charCodeAt(i))) i++;
      if (i < sql.length && (isWordStart(sql.charCodeAt(i)) || sql[i] === '.'))
        throw new Refused('syntax', `a number runs into "${sql[i]}"`);
      tokens.push({ type: 'number', text: sql.slice(start, i) });
    } else if (c === 39 /* ' */ || c === 34 /* " */) {
      const quote = sql[i]!;
      let end = sql.indexOf(quote, i + 1);
      // A doubled quote is an escaped one: refused, not unescaped, unless reading wide.
      while (wide && end !== -1 && sql[end + 1] === quote) end = sql.indexOf(quote, end + 2);
      if (end === -1) throw new Refused('syntax', 'a quote is not closed');
      if (sql[end + 1] === quote) throw new Refused('syntax', 'a quoted text has a quote in it');
      const text = sql.slice(i + 1, end).replaceAll(quote + quote, quote);
      if (text.length > MAX_LITERAL_LENGTH) throw new Refused('too-long', 'a quoted text is too long');
      if (c === 39) tokens.push({ type: 'string', text });
      else if (/^\w+$/.test(text)) tokens.push({ type: 'word', text, quoted: true });
      else throw new Refused('syntax', 'a quoted name that is not a plain name');
      i = end + 1;
    } else if ('(),*;.='.includes(sql[i]!)) {
      tokens.push({ type: 'punct', text: sql[i]! });
      i++;
    } else if (wide && OPERATORS.some((op) => sql.startsWith(op, i))) {
      const op = OPERATORS.find((candidate) => sql.startsWith(candidate, i))!;
      tokens.push({ type: 'punct', text: op });
      i += op.length;
    } else {
      // Comments (`--`, `/*`), operators, brackets, anything else.
      throw new Refused('syntax', `"${sql[i]}" is not read here`);
    }
  }
  return tokens;
}

/** A column as written: `col`, or `table.col`. */
interface ColumnRef {
  table?: string;
  name: Token & { type: 'word' };
}

type Expression =
  | { type: 'column'; column: ColumnRef }
  | { type: 'aggregate'; fn: string; distinct: boolean; column: ColumnRef | '*' }
  | { type: 'truncate'; granularity: string; column: ColumnRef };

interface SelectItem {
  expression: Expression;
  alias?: string;
}

type Reference = { type: 'position'; index: number } | { type: 'name'; name: string } | Expression;

/** How a condition compares: `=` and `IN` always; the others when reading wide. */
type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=' | 'IN' | 'NOT IN' | 'IS NULL' | 'IS NOT NULL';

interface Condition {
  column: ColumnRef;
  op: Comparison;
  values: string[];
}

interface Parsed {
  items: SelectItem[];
  table: string;
  where: Condition[];
  groupBy: Reference[];
  orderBy: { ref: Reference; direction: OrderDirection }[];
  limit?: number;
  offset?: number;
}

const AGGREGATES = new Set(['SUM', 'AVG', 'MIN', 'MAX', 'COUNT', 'MEASURE']);
const RESERVED = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'GROUP',
  'BY',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'AS',
  'ASC',
  'DESC',
  'IN',
  'DISTINCT',
  'JOIN',
  'ON',
  'HAVING',
  'UNION',
  'WITH',
  'IS',
  'NULL',
  'LIKE',
  'ILIKE',
  'BETWEEN',
]);

/** A parser over the tokens, left to right, never going back. */
class Parser {
  private at = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly wide = false,
  ) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }
  private isKeyword(word: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.type === 'word' && !token.quoted && token.text.toUpperCase() === word;
  }
  private isPunct(text: string): boolean {
    const token = this.peek();
    return token?.type === 'punct' && token.text === text;
  }
  private keyword(word: string): void {
    if (!this.isKeyword(word)) throw this.unexpected(word);
    this.at++;
  }
  private punct(text: string): void {
    if (!this.isPunct(text)) throw this.unexpected(`"${text}"`);
    this.at++;
  }
  private unexpected(wanted: string): Refused {
    const token = this.peek();
    const found = token ? `"${token.text.slice(0, 40)}"` : 'the end';
    // A word where SQL of another shape goes on (a join, a subquery, OR) is a shape refusal.
    const shape = token?.type === 'word' || (token?.type === 'punct' && token.text === '(');
    return new Refused(shape ? 'shape' : 'syntax', `expected ${wanted}, found ${found}`);
  }
  private name(): Token & { type: 'word' } {
    const token = this.peek();
    if (token?.type !== 'word' || (!token.quoted && RESERVED.has(token.text.toUpperCase())))
      throw this.unexpected('a name');
    this.at++;
    return token;
  }
  private column(): ColumnRef {
    const first = this.name();
    if (!this.isPunct('.')) return { name: first };
    this.at++;
    return { table: first.text, name: this.name() };
  }

  parse(): Parsed {
    this.keyword('SELECT');
    if (this.isKeyword('DISTINCT')) throw new Refused('shape', 'SELECT DISTINCT is not a grouped query');
    const items = [this.item()];
    while (this.isPunct(',')) {
      this.at++;
      items.push(this.item());
    }
    this.keyword('FROM');
    const table = this.name().text;
    if (this.isPunct(',') || this.isPunct('.')) throw new Refused('shape', 'a table other than one cube or view');
    const parsed: Parsed = { items, table, where: [], groupBy: [], orderBy: [] };
    if (this.isKeyword('WHERE')) {
      this.at++;
      parsed.where.push(this.condition());
      while (this.isKeyword('AND')) {
        this.at++;
        parsed.where.push(this.condition());
      }
    }
    if (this.isKeyword('GROUP')) {
      this.at++;
      this.keyword('BY');
      parsed.groupBy.push(this.reference());
      while (this.isPunct(',')) {
        this.at++;
        parsed.groupBy.push(this.reference());
      }
    }
    if (this.isKeyword('ORDER')) {
      this.at++;
      this.keyword('BY');
      parsed.orderBy.push(this.ordering());
      while (this.isPunct(',')) {
        this.at++;
        parsed.orderBy.push(this.ordering());
      }
    }
    // LIMIT; reading wide, OFFSET too, either first.
    for (let clause = 0; clause < 2; clause++) {
      if (this.isKeyword('LIMIT') && parsed.limit === undefined) {
        this.at++;
        const limit = this.count();
        if (limit < 1 || limit > MAX_QUERY_LIMIT)
          throw new Refused('shape', `LIMIT must be from 1 to ${MAX_QUERY_LIMIT}`);
        parsed.limit = limit;
      } else if (this.wide && this.isKeyword('OFFSET') && parsed.offset === undefined) {
        this.at++;
        parsed.offset = this.count();
      }
    }
    if (this.isPunct(';')) this.at++;
    if (this.peek()) throw this.unexpected('the end');
    return parsed;
  }

  /** A whole number of at most six digits (a row count). */
  private count(): number {
    const token = this.peek();
    if (token?.type !== 'number') throw this.unexpected('a number');
    this.at++;
    if (token.text.length > 6) throw new Refused('shape', `${token.text.slice(0, 20)} is too large a number of rows`);
    return Number(token.text);
  }

  private expression(): Expression {
    const token = this.peek();
    const upper = token?.type === 'word' && !token.quoted ? token.text.toUpperCase() : '';
    const call = this.peek(1)?.type === 'punct' && this.peek(1)?.text === '(';
    if (call && upper === 'DATE_TRUNC') {
      this.at += 2;
      const unit = this.peek();
      if (unit?.type !== 'string') throw this.unexpected('a granularity');
      this.at++;
      this.punct(',');
      const column = this.column();
      this.punct(')');
      return { type: 'truncate', granularity: unit.text.toLowerCase(), column };
    }
    if (call && AGGREGATES.has(upper)) {
      this.at += 2;
      let distinct = false;
      if (upper === 'COUNT' && this.isKeyword('DISTINCT')) {
        this.at++;
        distinct = true;
      }
      let column: ColumnRef | '*';
      if (this.isPunct('*') && upper === 'COUNT' && !distinct) {
        this.at++;
        column = '*';
      } else column = this.column();
      this.punct(')');
      return { type: 'aggregate', fn: upper, distinct, column };
    }
    if (call) throw new Refused('shape', `the function ${token!.text.slice(0, 40)} is not read here`);
    return { type: 'column', column: this.column() };
  }

  private item(): SelectItem {
    if (this.isPunct('*')) throw new Refused('shape', 'SELECT * is not a grouped query');
    const expression = this.expression();
    if (this.isKeyword('AS')) {
      this.at++;
      return { expression, alias: this.name().text };
    }
    const next = this.peek();
    if (next?.type === 'word' && (next.quoted || !RESERVED.has(next.text.toUpperCase())))
      return { expression, alias: this.name().text };
    return { expression };
  }

  private literal(): string {
    const token = this.peek();
    if (token?.type !== 'string' && token?.type !== 'number') throw this.unexpected('a value');
    this.at++;
    return token.text;
  }

  private condition(): Condition {
    if (this.isKeyword('NOT')) throw new Refused('shape', 'NOT is not read here');
    const column = this.column();
    if (this.isPunct('=')) {
      this.at++;
      return { column, op: '=', values: [this.literal()] };
    }
    const token = this.peek();
    if (this.wide && token?.type === 'punct' && OPERATORS.includes(token.text)) {
      this.at++;
      const op = (token.text === '!=' ? '<>' : token.text) as Comparison;
      return { column, op, values: [this.literal()] };
    }
    if (this.wide && this.isKeyword('IS')) {
      this.at++;
      const not = this.isKeyword('NOT');
      if (not) this.at++;
      this.keyword('NULL');
      return { column, op: not ? 'IS NOT NULL' : 'IS NULL', values: [] };
    }
    const not = this.wide && this.isKeyword('NOT') && this.isKeyword('IN', 1);
    if (not) this.at++;
    if (this.isKeyword('IN')) {
      this.at++;
      this.punct('(');
      const values = [this.literal()];
      while (this.isPunct(',')) {
        this.at++;
        values.push(this.literal());
      }
      this.punct(')');
      return { column, op: not ? 'NOT IN' : 'IN', values };
    }
    throw this.unexpected(this.wide ? 'a comparison (=, <>, <, <=, >, >=, IN, NOT IN, IS NULL)' : '= or IN');
  }

  private reference(): Reference {
    const token = this.peek();
    if (token?.type === 'number') {
      this.at++;
      return { type: 'position', index: Number(token.text.slice(0, 6)) };
    }
    const expression = this.expression();
    if (expression.type === 'column' && expression.column.table === undefined)
      return { type: 'name', name: expression.column.name.text };
    return expression;
  }

  private ordering(): { ref: Reference; direction: OrderDirection } {
    const ref = this.reference();
    if (this.isKeyword('ASC') || this.isKeyword('DESC')) {
      const direction = this.isKeyword('DESC') ? 'desc' : 'asc';
      this.at++;
      return { ref, direction };
    }
    return { ref, direction: 'asc' };
  }
}

/** What an aggregate function may stand for: the measure types (`aggType`) it is. */
const AGG_TYPES: Record<string, readonly string[]> = {
  SUM: ['sum'],
  AVG: ['avg'],
  MIN: ['min'],
  MAX: ['max'],
  COUNT: ['count'],
  'COUNT DISTINCT': ['countDistinct', 'countDistinctApprox'],
};

/** One selected column, as the semantic query has it. */
interface Output {
  kind: 'measure' | 'dimension' | 'time';
  member: string;
  granularity?: Granularity;
  alias?: string;
  /** The expression as written, to compare GROUP BY and ORDER BY against. */
  key: string;
}

const sameName = (written: Token & { type: 'word' }, name: string) =>
  written.quoted ? written.text === name : written.text.toLowerCase() === name.toLowerCase();

/** The one thing of `candidates` the word names (exact for a quoted word, in any case otherwise). */
function pick<T>(
  written: Token & { type: 'word' },
  candidates: readonly T[],
  nameOf: (item: T) => string,
): T | undefined {
  const exact = candidates.filter((item) => nameOf(item) === written.text);
  if (exact.length === 1 || written.quoted) return exact.length === 1 ? exact[0] : undefined;
  const loose = candidates.filter((item) => sameName(written, nameOf(item)));
  return loose.length === 1 ? loose[0] : undefined;
}

const shortName = (member: string) => member.slice(member.indexOf('.') + 1);

/** Maps the parse onto the cube's members. */
class Mapper {
  constructor(
    private readonly cube: CubeMeta,
    private readonly table: Token & { type: 'word' },
  ) {}

  private check(column: ColumnRef) {
    if (column.table !== undefined && !sameName({ ...this.table, text: column.table }, this.cube.name))
      throw new Refused('shape', `${column.table.slice(0, 40)} is another table`);
  }

  dimension(column: ColumnRef) {
    this.check(column);
    const found = pick(column.name, this.cube.dimensions, (d) => shortName(d.name));
    if (!found)
      throw new Refused('unknown-member', `${column.name.text.slice(0, 40)} is no dimension of ${this.cube.name}`);
    return found;
  }

  measure(column: ColumnRef | '*', fn: string, distinct: boolean): MeasureMeta {
    if (column === '*') {
      // COUNT(*): the cube's count measure, when it has exactly one.
      const counts = this.cube.measures.filter((m) => m.aggType === 'count');
      if (counts.length !== 1)
        throw new Refused('unknown-member', `COUNT(*) has no single count measure in ${this.cube.name}`);
      return counts[0]!;
    }
    this.check(column);
    const found = pick(column.name, this.cube.measures, (m) => shortName(m.name));
    if (!found)
      throw new Refused('unknown-member', `${column.name.text.slice(0, 40)} is no measure of ${this.cube.name}`);
    const wanted = fn === 'MEASURE' ? undefined : AGG_TYPES[distinct ? 'COUNT DISTINCT' : fn];
    if (wanted && !wanted.includes(found.aggType ?? ''))
      throw new Refused('unknown-member', `${fn}(${shortName(found.name)}) is not how ${found.name} aggregates`);
    return found;
  }
}

const keyOf = (expression: Expression): string => {
  const column = (ref: ColumnRef | '*') => (ref === '*' ? '*' : ref.name.text.toLowerCase());
  switch (expression.type) {
    case 'column':
      return column(expression.column);
    case 'aggregate':
      return `${expression.fn}(${expression.distinct ? 'distinct ' : ''}${column(expression.column)})`;
    case 'truncate':
      return `date_trunc(${expression.granularity},${column(expression.column)})`;
  }
};

/** The selected column a GROUP BY or ORDER BY reference names. */
function resolve(ref: Reference, outputs: readonly Output[]): Output {
  if (ref.type === 'position') {
    const found = outputs[ref.index - 1];
    if (!found) throw new Refused('shape', `there is no column ${ref.index}`);
    return found;
  }
  if (ref.type === 'name') {
    const lower = ref.name.toLowerCase();
    const byAlias = outputs.filter((o) => o.alias?.toLowerCase() === lower);
    const byKey = outputs.filter((o) => o.key === lower);
    const found = byAlias.length ? byAlias : byKey;
    if (found.length !== 1) throw new Refused('shape', `${ref.name.slice(0, 40)} is not one selected column`);
    return found[0]!;
  }
  const key = keyOf(ref);
  const found = outputs.filter((o) => o.key === key);
  if (found.length !== 1) throw new Refused('shape', 'an ORDER BY or GROUP BY that is not a selected column');
  return found[0]!;
}

/**
 * A pinned answer's SQL as a semantic query over the data model `meta`, where it is one
 * grouped query over one cube or view: `SELECT dim, SUM(col) AS m FROM cube [WHERE dim = 'v'
 * AND dim2 IN ('a', 'b')] GROUP BY dim ORDER BY m DESC [LIMIT n]`. Each selected column must
 * be a member of that cube: a plain column a dimension (`DATE_TRUNC('month', time)` a time
 * dimension by that granularity), an aggregate a measure whose aggregation it is (`SUM` a
 * `sum` measure, `COUNT(*)` the cube's one `count` measure, `MEASURE(col)` any measure). The
 * `WHERE`'s equalities become `equals` filters, `ORDER BY` the order, `LIMIT` the limit. Joins,
 * subqueries, `OR`, `HAVING`, other conditions, values with quotes in them, comments and texts
 * over {@link MAX_TRANSLATED_SQL_LENGTH} are refused with a reason. Never throws.
 */
export function sqlToSemanticQuery(sql: string, meta: MetaResponse, options: SqlReadOptions = {}): SqlTranslation {
  const wide = options.sqlApi ?? false;
  try {
    if (sql.length > MAX_TRANSLATED_SQL_LENGTH)
      throw new Refused('too-long', `longer than ${MAX_TRANSLATED_SQL_LENGTH} characters`);
    const parsed = new Parser(tokenize(sql, wide), wide).parse();
    return { ok: true, ...translate(parsed, meta, wide) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal, message: error.message };
    throw error;
  }
}

/** What each comparison is as a filter operator, by the compared member's type (wide reading). */
const COMPARISONS: Record<'text' | 'number' | 'time', Partial<Record<Comparison, MemberFilter['operator']>>> = {
  text: { '=': 'equals', IN: 'equals', '<>': 'notEquals', 'NOT IN': 'notEquals' },
  number: {
    '=': 'equals',
    IN: 'equals',
    '<>': 'notEquals',
    'NOT IN': 'notEquals',
    '<': 'lt',
    '<=': 'lte',
    '>': 'gt',
    '>=': 'gte',
  },
  time: { '<': 'beforeDate', '<=': 'beforeOrOnDate', '>': 'afterDate', '>=': 'afterOrOnDate' },
};

/** The name of a selected column with no alias: the expression as written. */
function writtenName(expression: Expression): string {
  const column = (ref: ColumnRef | '*') => (ref === '*' ? '*' : ref.name.text);
  switch (expression.type) {
    case 'column':
      return column(expression.column);
    case 'aggregate':
      return `${expression.fn.toLowerCase()}(${expression.distinct ? 'distinct ' : ''}${column(expression.column)})`;
    case 'truncate':
      return `date_trunc('${expression.granularity}', ${column(expression.column)})`;
  }
}

function translate(
  parsed: Parsed,
  meta: MetaResponse,
  wide: boolean,
): { query: SemanticQuery; cube: string; columns: SqlSelectColumn[] } {
  const tableWord = { type: 'word' as const, text: parsed.table, quoted: false };
  const cube = pick(tableWord, meta.cubes, (c) => c.name);
  if (!cube) throw new Refused('unknown-member', `${parsed.table.slice(0, 40)} is no cube or view of the data model`);
  const map = new Mapper(cube, tableWord);
  const outputs: Output[] = parsed.items.map(({ expression, alias }): Output => {
    const key = keyOf(expression);
    const named = alias === undefined ? {} : { alias };
    if (expression.type === 'aggregate') {
      const measure = map.measure(expression.column, expression.fn, expression.distinct);
      return { kind: 'measure', member: measure.name, key, ...named };
    }
    const dimension = map.dimension(expression.column);
    if (expression.type === 'truncate') {
      if (dimension.type !== 'time') throw new Refused('shape', `${dimension.name} is not a time dimension`);
      const granularity = GRANULARITIES.find((g) => g === expression.granularity);
      if (!granularity) throw new Refused('shape', `"${expression.granularity.slice(0, 20)}" is not a granularity`);
      return { kind: 'time', member: dimension.name, granularity, key, ...named };
    }
    return { kind: 'dimension', member: dimension.name, key, ...named };
  });
  const measures = outputs.filter((o) => o.kind === 'measure');
  const grouped = outputs.filter((o) => o.kind !== 'measure');
  // Reading wide, a GROUP BY of dimensions alone is a grouped query too (each value once).
  if (measures.length === 0 && !(wide && parsed.groupBy.length > 0))
    throw new Refused('shape', 'no aggregate: not a grouped query');
  const seen = new Set<string>();
  for (const output of outputs) {
    const id = `${output.member}/${output.granularity ?? ''}`;
    if (seen.has(id)) throw new Refused('shape', `${output.member} is selected twice`);
    seen.add(id);
  }
  // GROUP BY names exactly the selected columns that are not aggregates.
  const groups = new Set(parsed.groupBy.map((ref) => resolve(ref, outputs)));
  if (groups.size !== parsed.groupBy.length || groups.size !== grouped.length || grouped.some((o) => !groups.has(o)))
    throw new Refused('shape', 'GROUP BY must name each selected column that is not an aggregate, once');

  const filters: QueryFilter[] = parsed.where.map(({ column, op, values }) => {
    const dimension = map.dimension(column);
    if (!wide) {
      if (dimension.type === 'time')
        throw new Refused('shape', `${dimension.name}: only equality on a dimension that is not a time is read`);
      return { member: dimension.name, operator: 'equals', values };
    }
    if (op === 'IS NULL' || op === 'IS NOT NULL')
      return { member: dimension.name, operator: op === 'IS NULL' ? 'notSet' : 'set' };
    const type = dimension.type === 'time' ? 'time' : dimension.type === 'number' ? 'number' : 'text';
    const operator = COMPARISONS[type][op];
    if (!operator)
      throw new Refused('shape', `${op} on ${dimension.name} (a ${type === 'text' ? 'text' : type}) is not read`);
    return { member: dimension.name, operator, values };
  });
  const order: [string, OrderDirection][] = parsed.orderBy.map(({ ref, direction }) => [
    resolve(ref, outputs).member,
    direction,
  ]);

  const query: SemanticQuery = measures.length ? { measures: measures.map((o) => o.member) } : {};
  const dimensions = grouped.filter((o) => o.kind === 'dimension').map((o) => o.member);
  const times = grouped.filter((o) => o.kind === 'time');
  if (dimensions.length) query.dimensions = dimensions;
  if (times.length) query.timeDimensions = times.map((o) => ({ dimension: o.member, granularity: o.granularity! }));
  if (filters.length) query.filters = filters;
  if (order.length) query.order = order;
  if (parsed.limit !== undefined) query.limit = parsed.limit;
  if (parsed.offset !== undefined) query.offset = parsed.offset;
  const columns = outputs.map(({ kind, member, granularity, alias }, i): SqlSelectColumn => ({
    name: alias ?? writtenName(parsed.items[i]!.expression),
    kind,
    member,
    ...(granularity ? { granularity } : {}),
    key: granularity ? `${member}.${granularity}` : member,
  }));
  return { query, cube: cube.name, columns };
}
