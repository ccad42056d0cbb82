// Server rendering, as a Vite SSR build runs it in Node (where `window` does not exist).
import { renderToString } from 'react-dom/server';
import { App } from './App';

export function render(): string {
  return renderToString(<App embedBaseUrl="https://acme.example.dev" user={{ id: 'eve', name: 'Eve' }} />);
}
