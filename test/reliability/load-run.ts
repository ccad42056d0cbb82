// Full-size load run (issue 12): `npm run load`. Prints the figures the README reports.
// Sizes from LOAD_STREAMS, LOAD_REQUESTS, LOAD_CLIENTS; loopback only, bounded in time.
import { chatLoad, sessionLoad } from './load';

const streams = Number(process.env.LOAD_STREAMS ?? 200);
const requests = Number(process.env.LOAD_REQUESTS ?? 5000);
const clients = Number(process.env.LOAD_CLIENTS ?? 50);

// A small warm-up first, so the baseline heap holds the loaded code, not only the figures'.
await chatLoad({ streams: 10, deadlineMs: 30_000 });
const chat = await chatLoad({ streams, deadlineMs: 120_000 });
console.log('chat', JSON.stringify(chat, null, 1));
const sessions = await sessionLoad({ requests, clients, limit: 1000, deadlineMs: 300_000 });
console.log('sessions', JSON.stringify({ ...sessions, wrong: sessions.wrong.slice(0, 5) }, null, 1));
const ok =
  chat.errors.length === 0 &&
  chat.completed + chat.aborted === streams &&
  chat.slowestAbortMs < 1000 &&
  chat.runsLeft === 0 &&
  sessions.wrong.length === 0 &&
  sessions.distinctAdmitted === sessions.limit;
console.log(ok ? 'load: all checks passed' : 'load: CHECKS FAILED');
process.exit(ok ? 0 : 1);
