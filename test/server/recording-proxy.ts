import { createChatProxy, type ChatProxyOptions } from '../../src/server';

/**
 * A chat proxy whose upstream only records the bodies that reach it (the agent would run
 * them) and answers an empty stream; every request is as a signed-in user, as if the user's
 * cookie came along, so only the proxy's own checks stand between a request and the agent.
 */
export function recordingProxy(options: Partial<ChatProxyOptions> = {}) {
  const upstream: unknown[] = [];
  const proxy = createChatProxy({
    chatUrl: 'https://ai.test/chat/stream-chat-state',
    apiKey: 'k',
    getSessionSettings: () => ({ externalId: 'victim' }),
    fetch: async (_input, init) => {
      upstream.push(JSON.parse(String(init?.body)));
      return new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    ...options,
  });
  return { proxy, upstream };
}
