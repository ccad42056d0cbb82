// Every entry from a Node ESM module under `moduleResolution: nodenext`.
import * as react from 'embedkit';
import { EMPTY_THREAD, type ChatMessage } from 'embedkit/protocol';
import { createMockService, type MockService } from 'embedkit/mock';
import { chatRoute, sessionRoute } from './server.js';

export const entries: [object, ChatMessage[], MockService, unknown, unknown] = [
  react,
  [],
  createMockService(),
  chatRoute,
  sessionRoute,
];
export const thread = EMPTY_THREAD;
