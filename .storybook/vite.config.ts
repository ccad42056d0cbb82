import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mockServicePlugin } from '../src/mock/vite-plugin.ts';

export default defineConfig({
  // The demo backend: the mock service on Storybook's own origin, under /__mock.
  plugins: [react(), mockServicePlugin()],
});
