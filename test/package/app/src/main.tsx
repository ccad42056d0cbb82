import { hydrateRoot } from 'react-dom/client';
import { parseToolCall } from 'react-embedded-analytics/protocol';
import { App } from './App';

const props = { embedBaseUrl: 'https://acme.example.dev', user: { id: 'eve', name: 'Eve' } };
hydrateRoot(document.getElementById('root')!, <App {...props} />);
// Every browser entry is importable from the same bundle.
console.debug(typeof parseToolCall);
