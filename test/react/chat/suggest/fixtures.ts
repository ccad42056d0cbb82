// A thread as the chat store holds it, built from the mock agent's real lines, and the
// mock data API's model: what the suggestion tests start from.
import { defaultFixture } from '../../../../src/mock';
import { agentTurn } from '../../../../src/mock/agent';
import { dataModel } from '../../../../src/mock/data-api/model';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage, type MetaResponse } from '../../../../src/protocol';

const fixture = defaultFixture();

/** The mock data API's `/meta`: one `orders` cube (revenue, orders…; region, country, category, customer, createdAt). */
export const mockMeta: MetaResponse = dataModel(fixture)!.meta;

/** The thread after asking `questions` in turn, each answered by the mock agent (every row visible). */
export function threadOf(...questions: string[]): ChatMessage[] {
  let thread = EMPTY_THREAD;
  questions.forEach((question, i) => {
    const user: ChatMessage = { id: `q${i}`, role: 'user', content: question, sort: i * 100 };
    const lines = agentTurn({
      turnId: `t${i}`,
      question,
      fixture,
      viewer: { attributes: new Map(), groups: new Set() },
      sort: i * 100 + 1,
      resultId: `r${i}`,
    });
    thread = applyChatMessages(thread, [user, ...lines]);
  });
  return [...thread.messages];
}
