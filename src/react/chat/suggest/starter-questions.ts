import { firstChoice, memberTitle, type Model } from './data-model';
import type { SuggestionLabels } from './labels';
import { questionList } from './suggestion-text';

/** How many rows a "top" question asks for. */
export const TOP_COUNT = 10;

/**
 * Two to four questions to start a conversation with, from the data model alone (no model
 * call): the first measure by its most useful dimension, over time, the top 10 of a dimension
 * whose values are things (customers, products), and a second measure by another dimension.
 * Empty when the model has fewer than two to offer (the chat then shows its fallback list).
 */
export function starterQuestions(model: Model, labels: SuggestionLabels): string[] {
  const choice = firstChoice(model);
  if (!choice) return [];
  const [first, second] = choice.measures.map(memberTitle);
  const [by, ...others] = choice.groupings;
  const questions: string[] = [];
  if (by) questions.push(labels.suggestBy(first!, memberTitle(by)));
  if (choice.time) questions.push(labels.suggestOverTime(first!));
  if (choice.entity) questions.push(labels.suggestTop(TOP_COUNT, memberTitle(choice.entity), first!));
  const next = others.find((d) => d !== choice.entity) ?? others[0] ?? by;
  if (second && next) questions.push(labels.suggestBy(second, memberTitle(next)));
  const list = questionList(questions, 4) ?? [];
  return list.length >= 2 ? list : [];
}
