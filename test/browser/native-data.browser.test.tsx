import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { QueryClient } from '@tanstack/react-query';
import { mockDataToken } from '../../src/mock';
import { KpiCard, QueryTable, SemanticProvider, type DataError } from '../../src/react/native';
import { MOCK_BASE_URL } from '../../stories/support/sessions';
import {
  expireFirstToken,
  LAST_QUARTER,
  NativeFrame,
  type NativeFrameOptions,
} from '../../stories/support/native-data';
import { captureDownloads } from './fixtures/downloads';

// Issue 25, the client in Chromium over real HTTP to the mock (the dev server's middleware):
// the session path, one token, shared requests, kept answers, Retry, a refused token.

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Counts the data path's requests by path, and lets a test hold or fail some of them. */
function recorder() {
  const seen: string[] = [];
  const intercept: NonNullable<NativeFrameOptions['intercept']> = (url, init, next) => {
    const { pathname, searchParams } = new URL(url);
    seen.push(
      `${pathname.replace(/^.*?(\/api\/|\/cubejs-api\/)/, '$1')}${searchParams.has('query') ? ` ${searchParams.get('query')}` : ''}`,
    );
    return next(url, init);
  };
  const count = (part: string) => seen.filter((line) => line.includes(part)).length;
  return { seen, intercept, count };
}

const card = (title: string) => screen.getByRole('group', { name: title });

describe('native widgets on the mock', () => {
  it('identical queries across widgets share one request and one token', async () => {
    const log = recorder();
    render(
      <NativeFrame intercept={log.intercept} filters={{ dateRange: LAST_QUARTER, values: {} }}>
        <KpiCard measure="orders.revenue" title="Revenue A" />
        <KpiCard measure="orders.revenue" title="Revenue B" />
        <KpiCard measure="orders.count" title="Orders" />
      </NativeFrame>,
    );
    await waitFor(() => expect(within(card('Orders')).getByText(/vs previous period|No previous/)).toBeVisible(), {
      timeout: 15_000,
    });
    await waitFor(() =>
      expect(within(card('Revenue B')).getByText(/\$/, { selector: '.ek-kpi__number' })).toBeVisible(),
    );
    // Revenue now and before, orders now and before: four queries, not six.
    expect(log.count('/cubejs-api/v1/load')).toBe(4);
    expect(log.count('/api/v1/deployments/1/token')).toBe(1);
    expect(log.count('/api/v1/embed/session/token')).toBe(1);
    expect(card('Revenue A').querySelector('.ek-kpi__value')!.textContent).toBe(
      card('Revenue B').querySelector('.ek-kpi__value')!.textContent,
    );
  });

  it('mints a fresh token once when the data API refuses one, and answers', async () => {
    const log = recorder();
    const expire = expireFirstToken();
    render(
      <NativeFrame intercept={(url, init, next) => expire(url, init, (u, i) => log.intercept(String(u), i, next))}>
        <KpiCard measure="orders.revenue" title="Revenue" />
      </NativeFrame>,
    );
    await waitFor(() => expect(card('Revenue').querySelector('.ek-kpi__value')!.textContent).toMatch(/\$[\d,.]+/), {
      timeout: 15_000,
    });
    expect(log.count('/api/v1/deployments/1/token')).toBe(2);
    expect(log.count('/cubejs-api/v1/load')).toBe(2);
  });

  it('shows an error in its own card with Retry, reports it, and leaves the other cards alone', async () => {
    let broken = true;
    const onError = vi.fn<(error: DataError) => void>();
    render(
      <NativeFrame
        onError={onError}
        intercept={(url, init, next) =>
          broken && url.includes('/load') && url.includes('averageOrderValue')
            ? Promise.reject(new TypeError('Failed to fetch'))
            : next(url, init)
        }
      >
        <KpiCard measure="orders.averageOrderValue" title="Average order" compare={false} />
        <KpiCard measure="orders.revenue" title="Revenue" compare={false} />
        <KpiCard measure="orders.nope" title="Broken member" compare={false} />
      </NativeFrame>,
    );
    const failing = card('Average order');
    await waitFor(() => expect(within(failing).getByRole('alert')).toHaveTextContent(/could not reach the data API/), {
      timeout: 15_000,
    });
    await waitFor(() => expect(card('Revenue').querySelector('.ek-kpi__value')!.textContent).toMatch(/\$/));
    // A query naming a member the model lacks: a bad query, naming it.
    await waitFor(() => expect(within(card('Broken member')).getByRole('alert')).toHaveTextContent('orders.nope'));
    expect(onError.mock.calls.map(([error]) => error.kind).sort()).toEqual(['bad-query', 'network']);
    broken = false;
    await userEvent.click(within(failing).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(failing.querySelector('.ek-kpi__value')!.textContent).toMatch(/\$/));
  });

  it('pages on the server, keeps the rows on screen while the next page loads, sorts by header', async () => {
    let hold: (() => void) | undefined;
    const log = recorder();
    render(
      <NativeFrame
        intercept={async (url, init, next) => {
          if (url.includes('%22offset%22%3A5') || url.includes('"offset":5'))
            await new Promise<void>((r) => (hold = r));
          return log.intercept(url, init, next);
        }}
      >
        <QueryTable
          title="Revenue by country"
          pageSize={5}
          query={{ measures: ['orders.revenue'], dimensions: ['orders.country'], order: { 'orders.revenue': 'desc' } }}
        />
      </NativeFrame>,
    );
    const table = await screen.findByRole('table', { name: 'Revenue by country' }, { timeout: 15_000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const firstPage = within(table).getAllByRole('row')[1]!.textContent;
    expect(screen.getByText(/Rows 1–5 of \d+/)).toBeVisible();
    const revenueHeader = within(table).getByRole('columnheader', { name: /Revenue/ });
    expect(revenueHeader).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    // Held: the first page stays, marked busy.
    await waitFor(() => expect(hold).toBeDefined());
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe(firstPage);
    expect(table.closest('section')).toHaveAttribute('aria-busy', 'true');
    hold!();
    await waitFor(() => expect(screen.getByText(/Rows 6–10 of/)).toBeVisible());
    expect(within(table).getAllByRole('row')[1]!.textContent).not.toBe(firstPage);
    // Sort by country: ascending, back to the first page.
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Country' }));
    await waitFor(() =>
      expect(within(table).getByRole('columnheader', { name: /Country/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await waitFor(() => expect(screen.getByText(/Rows 1–5 of/)).toBeVisible());
    const sorted = log.seen.at(-1)!;
    expect(sorted).toContain('"order":[["orders.country","asc"]]');
  });

  it('a table moves nothing from loading to ready, nor when a page arrives: header, pager and box stay put', async () => {
    // The layout-shift entries of this page from now on (what Cumulative Layout Shift sums).
    const shifts: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[])
        shifts.push(
          `${entry.value.toFixed(4)} ${entry.sources?.map((s) => (s.node as Element | null)?.className ?? s.node?.nodeName).join(', ')}`,
        );
    });
    observer.observe({ type: 'layout-shift' });
    let release: (() => void) | undefined;
    const held = new Promise<void>((r) => (release = r));
    render(
      <div style={{ width: 720 }}>
        <NativeFrame
          intercept={async (url, init, next) => {
            // The first page and the titles wait until the loading layout has been read.
            if (url.includes('/cubejs-api/')) await held;
            return next(url, init);
          }}
        >
          <QueryTable
            title="Revenue by country"
            pageSize={5}
            query={{ measures: ['orders.revenue', 'orders.count'], dimensions: ['orders.region', 'orders.country'] }}
          />
        </NativeFrame>
      </div>,
    );
    const section = await screen.findByRole('region', { name: 'Revenue by country' });
    const box = section.closest('section')!;
    // Where each part is within the widget (a click may scroll the page: that moves them all).
    const places = () => {
      const origin = box.getBoundingClientRect();
      return [...box.querySelectorAll('.ek-qtable__sort-icon, .ek-table__pager button, .ek-table__scroll')].map(
        (el) => {
          const r = el.getBoundingClientRect();
          return `${el.className}: ${Math.round(r.x - origin.x)},${Math.round(r.y - origin.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        },
      );
    };
    await waitFor(() => expect(box.querySelectorAll('.ek-qtable__heading')).toHaveLength(4));
    // No member names stand in for the titles while they load; the rows' order is known
    // already (the data API's default: the first measure, descending) and the header says so.
    expect(
      within(box)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['↕', '↕', '↓', '↕']);
    const loading = places();
    release!();
    await waitFor(() => expect(screen.getByText(/Rows 1–5 of \d+/)).toBeVisible(), { timeout: 15_000 });
    expect(
      within(box)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Region↕', 'Country↕', 'Revenue↓', 'Orders↕']);
    expect(within(box).getByRole('columnheader', { name: /Revenue/ })).toHaveAttribute('aria-sort', 'descending');
    const revenues = [...box.querySelectorAll('tbody tr')].map((row) =>
      Number(row.children[2]!.textContent!.replace(/[^\d.]/g, '')),
    );
    expect(revenues).toEqual([...revenues].sort((x, y) => y - x));
    expect(places()).toEqual(loading);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText(/Rows 6–10 of/)).toBeVisible());
    expect(places()).toEqual(loading);
    // Read once the page has painted: entries are delivered after the frame.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    observer.disconnect();
    expect(shifts).toEqual([]);
  });

  it('Download CSV reads every page of the query, not the one on screen, and saves every row', async () => {
    const { downloads } = captureDownloads();
    const log = recorder();
    render(
      <NativeFrame intercept={log.intercept}>
        <QueryTable
          title="Revenue by country"
          pageSize={5}
          query={{ measures: ['orders.revenue'], dimensions: ['orders.country'], order: { 'orders.revenue': 'desc' } }}
        />
      </NativeFrame>,
    );
    const count = await screen.findByText(/Rows 1–5 of \d+/, undefined, { timeout: 15_000 });
    const total = Number(/of (\d+)/.exec(count.textContent!)![1]);
    expect(total).toBeGreaterThan(5);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [file] = downloads;
    expect(file!.name).toBe('revenue-by-country.csv');
    const lines = (await (await file!.body).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    // The header in the members' full titles (unambiguous in a file), then every row, in the table's order.
    expect(lines[0]).toBe('Orders Country,Orders Revenue');
    expect(lines).toHaveLength(total + 1);
    const revenues = lines.slice(1).map((line) => Number(line.split(',').at(-1)));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    // One request for the CSV, of a whole page (10,000 rows), after the table's own.
    expect(log.seen.filter((line) => line.includes('"limit":10000'))).toHaveLength(1);
  });

  it('takes the headless path: the host signs the token (here the mock plays the host), no EmbedProvider', async () => {
    const getDataToken = vi.fn(async () => {
      const token = await mockDataToken({
        externalId: 'demo-elias',
        userAttributes: [{ name: 'region', value: ['Europe'] }],
      });
      return { token, expiresAt: Date.now() + 15 * 60_000 };
    });
    render(
      <SemanticProvider
        apiUrl={`${MOCK_BASE_URL}/cubejs-api/v1`}
        getDataToken={getDataToken}
        queryClient={new QueryClient()}
      >
        <QueryTable title="Revenue by region" query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }} />
        <KpiCard measure="orders.revenue" title="Revenue" />
      </SemanticProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Revenue by region' }, { timeout: 15_000 });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.children[0]!.textContent),
      ).toEqual(['Europe']),
    );
    await waitFor(() => expect(card('Revenue').querySelector('.ek-kpi__value')!.textContent).toMatch(/\$/));
    expect(getDataToken).toHaveBeenCalledTimes(1);
  });
});
