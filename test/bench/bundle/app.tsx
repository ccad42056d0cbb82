// A host app that shows results: the table always, a chart when there is a spec.
import { createRoot } from 'react-dom/client';
import { ResultChart, ThemeProvider } from '../../../src';
import type { SqlResult } from '../../../src/protocol';

declare const result: SqlResult;

createRoot(document.getElementById('root')!).render(
  <ThemeProvider>
    <ResultChart result={result} />
  </ThemeProvider>,
);
