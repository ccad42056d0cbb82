/**
 * The strings of the chat's suggestions: the questions built from the data model and an
 * answer's result, and how the follow-ups are named and announced. Each is optional in
 * `labels` (`ChatMessages`); the English defaults load with the suggestions, not with the chat.
 * Titles come as the data model gives them (cleaned and capped): a template decides their case.
 */
export interface SuggestionLabels {
  /** A measure by a dimension: "Revenue by region". */
  suggestBy: (measure: string, dimension: string) => string;
  /** A measure over time: "Revenue over time". */
  suggestOverTime: (measure: string) => string;
  /** The top `count` values of a dimension by a measure: "Top 10 customers by revenue". */
  suggestTop: (count: number, dimension: string, measure: string) => string;
  /** A result with a time column against the period before: "Compare revenue with the previous period". */
  suggestCompare: (measure: string) => string;
  /** The same result as a table (`subject` is a `suggestBy` or `suggestOverTime` text). */
  suggestAsTable: (subject: string) => string;
  /** The same result as a chart. */
  suggestAsChart: (subject: string) => string;
  /** The visible name of the follow-ups under the last answer. */
  followUpsLabel: string;
  /** Said (politely) when follow-ups appear. */
  followUpsAnnounce: (count: number) => string;
  /** The accessible name of the empty chat's list of questions. */
  suggestionsLabel: string;
}

/**
 * "Region" → "region" mid-sentence; "SKU", "iPhone" and "EU region" keep their case (a
 * capital then a small letter is only a sentence's capital).
 */
export const lowerFirst = (title: string): string =>
  /^\p{Lu}\p{Ll}/u.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title;

/** An English plural of a title's last word: customer → customers, country → countries, box → boxes. */
export function plural(title: string): string {
  if (/[^aeiou]y$/i.test(title)) return `${title.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(title)) return `${title}es`;
  if (/\p{L}$/u.test(title)) return `${title}s`;
  return title;
}

/** The English defaults of {@link SuggestionLabels}. */
export const defaultSuggestionLabels: SuggestionLabels = {
  suggestBy: (measure, dimension) => `${measure} by ${lowerFirst(dimension)}`,
  suggestOverTime: (measure) => `${measure} over time`,
  suggestTop: (count, dimension, measure) => `Top ${count} ${plural(lowerFirst(dimension))} by ${lowerFirst(measure)}`,
  suggestCompare: (measure) => `Compare ${lowerFirst(measure)} with the previous period`,
  suggestAsTable: (subject) => `Show ${lowerFirst(subject)} as a table`,
  suggestAsChart: (subject) => `Show ${lowerFirst(subject)} as a chart`,
  followUpsLabel: 'Ask next',
  followUpsAnnounce: (count) =>
    `${count} suggested ${count === 1 ? 'question' : 'questions'} to ask next, after the answer.`,
  suggestionsLabel: 'Suggested questions',
};
