// Every entry from a Node ESM module under `moduleResolution: nodenext`.
import * as react from 'react-embedded-analytics';
import { EMPTY_THREAD, type ChatMessage } from 'react-embedded-analytics/protocol';
import { createMockService, type MockService } from 'react-embedded-analytics/mock';
import { chatRoute, sessionRoute } from './server.js';

export const entries: [object, ChatMessage[], MockService, unknown, unknown] = [
  react,
  [],
  createMockService(),
  chatRoute,
  sessionRoute,
];
export const thread = EMPTY_THREAD;
