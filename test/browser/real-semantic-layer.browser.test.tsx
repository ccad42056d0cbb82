import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { mockDataToken } from '../../src/mock';
import type { DataTokenIdentity, SemanticQuery } from '../../src/protocol';
import { KpiCard, QueryChart, QueryTable, SemanticProvider } from '../../src/react/native';
import { MOCK_BASE_URL } from '../../stories/support/sessions';

// The native widgets drawn in Chromium from the open-source semantic-layer server itself
// (Cube 0.33.65's REST API over a real Postgres loaded with the mock's rows, over loopback),
// beside the same widgets on the mock: the same numbers, for a user who sees every region and
// one who sees Europe only; and the drill's rows on a server that wants the primary key.

afterEach(cleanup);

let realUrl = '';
beforeAll(async () => {
  realUrl = await commands.startSemanticServer();
}, 300_000);
afterAll(() => commands.stopSemanticServer(), 60_000);

const ERIN: DataTokenIdentity = { externalId: 'erin', groups: ['executives'] };
const ELIAS: DataTokenIdentity = { externalId: 'elias', userAttributes: [{ name: 'region', value: ['Europe'] }] };

/** The headless path: a host's backend signs the data token (here, the test with the mock's secret). */
function Source({ base, user, children }: { base: string; user: DataTokenIdentity; children: ReactNode }) {
  return (
    <SemanticProvider
      apiUrl={`${base}/cubejs-api/v1`}
      getDataToken={() => mockDataToken(user)}
      scope={`${base} ${user.externalId}`}
    >
      {children}
    </SemanticProvider>
  );
}

const REVENUE_BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const ORDERS_BY_MONTH_NEW_YORK: SemanticQuery = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-06-30'] }],
  timezone: 'America/New_York',
};
const BY_COUNTRY: SemanticQuery = {
  measures: ['orders.revenue', 'orders.averageOrderValue', 'orders.largeOrderShare'],
  dimensions: ['orders.country'],
};

function Widgets() {
  return (
    <div style={{ display: 'grid', gap: 12, width: 560 }}>
      <div style={{ display: 'flex', gap: 12 }}>
        <KpiCard measure="orders.revenue" compare={false} />
        <KpiCard measure="orders.averageOrderValue" compare={false} />
        <KpiCard measure="orders.largeOrderShare" compare={false} />
      </div>
      <QueryChart query={REVENUE_BY_REGION} title="Revenue by region" drill height={240} />
      <QueryChart query={ORDERS_BY_MONTH_NEW_YORK} title="Orders by month, New York" drill height={240} />
      <QueryTable query={BY_COUNTRY} title="By country" pageSize={5} />
    </div>
  );
}

/** What a side shows: the KPI values, the charts' marks (their keyboard list) and the table's cells. */
function shown(side: HTMLElement) {
  return {
    kpis: [...side.querySelectorAll('.ek-kpi')].map((card) => card.textContent),
    marks: [...side.querySelectorAll('.ek-qchart__marks button')].map((button) => button.textContent),
    cells: [...side.querySelectorAll('.ek-qtable tbody td')].map((cell) => cell.textContent),
  };
}

async function ready(side: HTMLElement) {
  await waitFor(
    () => {
      expect(side.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(2);
      expect(side.querySelectorAll('.ek-qtable[data-state="ready"]')).toHaveLength(1);
      expect(side.querySelectorAll('.ek-kpi__number')).toHaveLength(3);
    },
    { timeout: 60_000 },
  );
}

describe('the native widgets on the open-source semantic-layer server', () => {
  it.each([
    ['Erin, every region', ERIN],
    ['Elias, Europe only', ELIAS],
  ])(
    'draw the same numbers as on the mock: %s',
    async (_name, user) => {
      render(
        <div style={{ display: 'flex', gap: 24 }}>
          <section data-testid="real">
            <Source base={realUrl} user={user}>
              <Widgets />
            </Source>
          </section>
          <section data-testid="mock">
            <Source base={MOCK_BASE_URL} user={user}>
              <Widgets />
            </Source>
          </section>
        </div>,
      );
      const real = screen.getByTestId('real');
      const mock = screen.getByTestId('mock');
      await Promise.all([ready(real), ready(mock)]);
      const fromReal = shown(real);
      expect(fromReal.kpis.every((text) => /\d/.test(text ?? ''))).toBe(true);
      expect(fromReal.marks.length).toBe(user === ERIN ? 4 + 6 : 1 + 6);
      expect(fromReal.cells.length).toBeGreaterThan(0);
      expect(shown(mock)).toEqual(fromReal);
      // January in New York: the rows' own count (1,261), not UTC's (1,279).
      if (user === ERIN) expect(fromReal.marks.find((mark) => mark?.startsWith('Jan'))).toMatch(/1,261/);
      await page.screenshot({ path: `__screenshots__/real-semantic-layer-${user.externalId}.png` });
    },
    120_000,
  );

  it('"See the rows" on this server (it wants the primary key the model hides): the same members grouped, with a note', async () => {
    render(
      <Source base={realUrl} user={ELIAS}>
        <div style={{ width: 560 }}>
          <QueryChart query={REVENUE_BY_REGION} title="Revenue by region" drill height={320} />
        </div>
      </Source>,
    );
    await waitFor(() => expect(document.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 60_000,
    });
    document.querySelector<HTMLButtonElement>('.ek-qchart__marks button')!.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      await within(await screen.findByRole('menu')).findByRole('menuitem', { name: 'See the rows' }),
    );
    await screen.findByText(/lists no single rows here/, {}, { timeout: 30_000 });
    await waitFor(() => expect(document.querySelector('.ek-qtable[data-state="ready"]')).not.toBeNull(), {
      timeout: 30_000,
    });
    const regions = [...document.querySelectorAll('.ek-qtable tbody tr td:first-child')].map(
      (cell) => cell.textContent,
    );
    expect(regions.length).toBeGreaterThan(0);
    expect(new Set(regions)).toEqual(new Set(['Europe']));
    await page.screenshot({ path: '__screenshots__/real-semantic-layer-rows.png' });
  }, 120_000);
});
