// @vitest-environment node
// Importing the package must not touch `window` (this file has none): a module that did
// would fail this file at import.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedDashboard, EmbedProvider, ResultChart, ResultTable } from '../../../src';

describe('server rendering', () => {
  it('renders without touching window, and renders no iframe', () => {
    expect(typeof window).toBe('undefined');
    const getSession = vi.fn(async () => 'never');
    const result = { sqlQuery: 'q', columns: [], rows: [], totalRows: 0, truncated: false, vegaSpec: { mark: 'bar' } };
    const html = renderToString(
      <EmbedProvider getSession={getSession} baseUrl="https://acme.test">
        <EmbeddedDashboard publicId="p" title="Sales" />
        <ResultTable result={result} />
        <ResultChart result={result} />
      </EmbedProvider>,
    );
    expect(html).toMatch(/Loading (<!-- -->)?Sales/);
    expect(html).not.toContain('<iframe');
    expect(getSession).not.toHaveBeenCalled();
  });
});
