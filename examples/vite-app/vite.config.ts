import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the backend (`npm run server`) listens; its routes are all under /api. */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  // The page and /api on one origin, as in production: the session cookie just works. The
  // object form keeps the page's Host header (the string form rewrites it to the backend's),
  // so the backend sees requests as made to the page's origin (`request.url`, and the
  // same-origin check of a client that sends no Sec-Fetch-Site). `vite preview` uses the
  // same proxy.
  server: { proxy: { '/api': { target: backend } } },
  // vega (about 530 KB) is a chunk of its own, loaded with the first chart, not at start.
  build: { chunkSizeWarningLimit: 600 },
});
