import type { MetaResponse, MetaToolResult } from '../../../protocol';
import { cleanText, MAX_TITLE } from './suggestion-text';

/**
 * A member as the suggestions read it: the semantic layer's `/meta` member and the agent's
 * model search result both fit (every field is checked again where it is read).
 */
export interface ModelMember {
  name: string;
  title?: string | undefined;
  shortTitle?: string | undefined;
  type?: string | undefined;
  format?: unknown;
  primaryKey?: boolean | undefined;
  isVisible?: boolean | undefined;
  public?: boolean | undefined;
  /** A measure's aggregation (`sum`, `count`, `avg`…). */
  aggType?: string | undefined;
}

/** A cube or view as the suggestions read it. */
export interface ModelCube {
  name: string;
  type?: string | undefined;
  measures?: readonly ModelMember[] | undefined;
  dimensions?: readonly ModelMember[] | undefined;
}

/** The data model: the `/meta` answer, or the cubes the agent's model searches found. */
export interface Model {
  cubes: readonly ModelCube[];
}

/** The cubes of a `/meta` answer and of model search results, the first first (duplicates by name dropped). */
export function mergeModels(models: readonly (MetaResponse | MetaToolResult | undefined)[]): Model {
  const seen = new Set<string>();
  const cubes: ModelCube[] = [];
  for (const model of models)
    for (const cube of model?.cubes ?? []) {
      if (seen.has(cube.name)) continue;
      seen.add(cube.name);
      cubes.push(cube);
    }
  return { cubes };
}

/** A member a user may be offered: named, shown, public, not a key or a link. */
function offered(member: ModelMember): boolean {
  return (
    typeof member.name === 'string' &&
    member.isVisible !== false &&
    member.public !== false &&
    member.primaryKey !== true &&
    !(typeof member.format === 'string' && /^(id|link|imageUrl)$/.test(member.format))
  );
}

/** The member's own name, after its cube's: `orders.createdAt` → `createdAt`. */
const shortName = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** "total_revenue" / "totalRevenue" → "Total revenue": a column's name as words. */
export function humanize(name: string): string {
  const words = shortName(name)
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/[_\s-]+/g, ' ')
    .trim()
    .toLowerCase();
  return cleanText(words.charAt(0).toUpperCase() + words.slice(1), MAX_TITLE);
}

/** What a member is called in a question: its short title, else its title, else its name as words. */
export function memberTitle(member: ModelMember): string {
  return cleanText(member.shortTitle, MAX_TITLE) || cleanText(member.title, MAX_TITLE) || humanize(member.name);
}

/** Names of times: `month`, `order_date`, `createdAt`, `week_start`. */
const TIME_WORD =
  /(^|[^a-z])(date|day|week|month|quarter|year|time|timestamp)s?($|[^a-z])|^(date|day|week|month|quarter|year|time)/i;
const CAMEL_AT = /\p{Ll}At$/u;

/** Whether a name reads as a time (English names; the type decides first where there is one). */
export const isTimeName = (name: string): boolean => TIME_WORD.test(shortName(name)) || CAMEL_AT.test(name);

/** Whether a dimension is a time: its type, else its name. */
export const isTimeMember = (member: ModelMember): boolean =>
  member.type === 'time' || (member.type !== 'number' && isTimeName(String(member.name)));

// English hints only rank; without them the model's order decides.
/** Names of dimensions a measure is usually broken down by (few values). */
const GROUPING = /region|categor|segment|channel|country|status|type|tier|department|team|market|state|source/i;
/** Names of dimensions whose values are things to rank (many values). */
const ENTITY =
  /customer|client|account|product|user|store|supplier|vendor|seller|company|brand|city|item|sku|employee|partner|campaign/i;

const words = (member: ModelMember) => `${shortName(String(member.name))} ${cleanText(member.title, MAX_TITLE)}`;

/** The first member with the best score (`score` undefined: not a candidate). */
function best<T>(members: readonly T[], score: (member: T) => number | undefined): T | undefined {
  let found: T | undefined;
  let top = -Infinity;
  for (const member of members) {
    const value = score(member);
    if (value !== undefined && value > top) [found, top] = [member, value];
  }
  return found;
}

/** What questions are built from in one cube: its measures and the dimensions they go by. */
export interface CubeChoice {
  measures: ModelMember[];
  /** Dimensions to break a measure down by, the most useful first. */
  groupings: ModelMember[];
  /** A dimension whose values are ranked ("top 10 customers"), if any other than the first grouping. */
  entity: ModelMember | undefined;
  time: ModelMember | undefined;
}

const list = (value: unknown): ModelMember[] =>
  Array.isArray(value) ? value.filter((m): m is ModelMember => typeof m === 'object' && m !== null && offered(m)) : [];

/** The members of one cube, sorted for questions; undefined when it has no measure or no dimension to offer. */
export function cubeChoice(cube: ModelCube): CubeChoice | undefined {
  const measures = list(cube.measures);
  const dimensions = list(cube.dimensions);
  const time = dimensions.find(isTimeMember);
  const plain = dimensions.filter((d) => d.type !== 'number' && d.type !== 'boolean' && !isTimeMember(d));
  if (measures.length === 0 || (plain.length === 0 && !time)) return undefined;
  // Stable sort: grouping names first, entity names last, the model's order within each.
  const rank = (d: ModelMember) => (GROUPING.test(words(d)) ? 0 : ENTITY.test(words(d)) ? 2 : 1);
  const groupings = [...plain].sort((a, b) => rank(a) - rank(b));
  const entity = best(groupings.slice(1), (d) => (ENTITY.test(words(d)) && !GROUPING.test(words(d)) ? 2 : 1));
  // Additive measures first (a sum or a count reads well by anything).
  const measureRank = (m: ModelMember) =>
    /^(sum|count|countDistinct|countDistinctApprox)$/.test(String(m.aggType)) ? 0 : 1;
  return { measures: [...measures].sort((a, b) => measureRank(a) - measureRank(b)), groupings, entity, time };
}

/** The first cube (views before cubes, as views are what a model offers its users) with members to ask about. */
export function firstChoice(model: Model): CubeChoice | undefined {
  const cubes = [...model.cubes].sort((a, b) => (a.type === 'view' ? 0 : 1) - (b.type === 'view' ? 0 : 1));
  for (const cube of cubes.slice(0, 200)) {
    const choice = cubeChoice(cube);
    if (choice) return choice;
  }
  return undefined;
}

/** The model's member a result column stands for: by name (`revenue`, `orders.revenue`) or title. */
export function findMember(model: Model, column: string, kind: 'measures' | 'dimensions') {
  const key = column.toLowerCase().replace(/^.*[.(]|\)$/g, '');
  for (const cube of model.cubes.slice(0, 200)) {
    const members = list(cube[kind]);
    const member = members.find(
      (m) =>
        shortName(m.name).toLowerCase() === key ||
        m.name.toLowerCase() === column.toLowerCase() ||
        cleanText(m.title, MAX_TITLE).toLowerCase() === column.toLowerCase() ||
        cleanText(m.shortTitle, MAX_TITLE).toLowerCase() === column.toLowerCase(),
    );
    if (member) return { cube, member };
  }
  return undefined;
}
