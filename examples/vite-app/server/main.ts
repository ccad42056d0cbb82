// The Vite example's backend: the guide's web-standard handlers (./backend.ts) on Node with
// Hono, plus GET /api/me, which tells the single-page app who is signed in. One command:
// `npm run server` (development: the mock's values from .env.server, restarts on changes);
// in production, `npm start` with your account's values in the environment. Vite's dev
// server and `vite preview` proxy /api here (vite.config.ts).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chatRoute, currentUser, devLoginRoute, devSignIn, sessionRoute } from './backend';

/** What the page learns of the signed-in user (GET /api/me): `user` is null when signed out. */
export interface Me {
  user: { id: string; name: string } | null;
  /** Whether the development sign-in links work (`devSignIn()`). */
  devSignIn: boolean;
}

const app = new Hono();

app.get('/api/me', async (c) => {
  const user = await currentUser(c.req.raw.headers);
  // Only what the page shows: never the user's attributes or anything of the configuration.
  const me: Me = { user: user && { id: user.id, name: user.name }, devSignIn: devSignIn() };
  return c.json(me, 200, { 'Cache-Control': 'no-store' });
});
app.post('/api/embed-session', (c) => sessionRoute(c.req.raw));
app.post('/api/chat', (c) => chatRoute(c.req.raw));
app.post('/api/chat/abort', (c) => chatRoute(c.req.raw));
app.get('/api/dev-login', (c) => devLoginRoute(c.req.raw));

const hostname = process.env.HOST ?? '127.0.0.1';
serve({ fetch: app.fetch, hostname, port: Number(process.env.PORT ?? 3001) }, (info) => {
  console.log(`backend on http://${hostname}:${info.port}`);
});
