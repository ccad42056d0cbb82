import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { SemanticQuery } from '../../src/protocol';
import { KpiCard, QueryChart, QueryTable, type DrillActions, type DrillDatum } from '../../src/react/native';
import { loadFaults, NativeOnMock } from '../../stories/support/native';
import { rewriteLoad } from '../../stories/support/native-hostile';

// Drill-through end to end in Chromium on the mock's data API: the menu on a mark (pointer
// and keyboard), the drilled query sent with the datum as filter values, the breadcrumb
// back, host items, and a table's row actions.

afterEach(cleanup);

const REVENUE_BY_REGION = { measures: ['orders.revenue'], dimensions: ['orders.region'] };

/** A fetch that records every `/load` query sent (GET `?query=` or a POST body). */
function recording(next: typeof fetch = fetch) {
  const sent: SemanticQuery[] = [];
  const own: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/cubejs-api\/v1\/load/.test(url)) {
      const param = new URL(url, location.href).searchParams.get('query');
      const body =
        param ?? (typeof init?.body === 'string' ? (JSON.parse(init.body) as { query: unknown }).query : undefined);
      if (body) sent.push((typeof body === 'string' ? JSON.parse(body) : body) as SemanticQuery);
    }
    return next(input, init);
  };
  return { sent, fetch: own };
}

const drawn = () =>
  waitFor(() => expect(document.querySelector('.ek-qchart .ek-chart__view[data-drawn]')).not.toBeNull(), {
    timeout: 20_000,
  });
const markButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.ek-qchart__marks button')];

/** Revenue by region drawn on the mock (through `fetch`), and Europe's menu opened from the keyboard. */
async function openEurope(fetch: typeof globalThis.fetch) {
  render(
    <NativeOnMock fetch={fetch}>
      <QueryChart query={REVENUE_BY_REGION} drill />
    </NativeOnMock>,
  );
  await drawn();
  await waitFor(() => expect(markButtons()).toHaveLength(4));
  const mark = markButtons().find((button) => button.textContent?.startsWith('Europe'))!;
  mark.focus();
  await userEvent.keyboard('{Enter}');
  return { mark, menu: await screen.findByRole('menu', { name: 'Drill into Europe' }) };
}

describe('drill menu on a chart', () => {
  it('by keyboard: opens on a mark, arrows move, Escape returns focus; break down sends the datum as a filter value', async () => {
    const { sent, fetch } = recording();
    const { mark, menu } = await openEurope(fetch);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Break down by Country',
      'Break down by Product category',
      'Break down by Customer',
      'See the rows',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe(items[1]!.textContent);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe(items[3]!.textContent);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement?.textContent).toBe(mark.textContent);

    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('menu');
    await userEvent.click(await within(again).findByRole('menuitem', { name: 'Break down by Country' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Country (Europe)' })).toBeTruthy(), {
      timeout: 20_000,
    });
    const drilled = sent.find((query) => query.dimensions?.includes('orders.country'))!;
    expect(drilled.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: ['Europe'] }]);
    await page.screenshot({ path: '__screenshots__/native-drill-breakdown.png' });

    // Back: the host's chart again.
    await userEvent.click(screen.getByRole('button', { name: '← Revenue by Region' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Revenue by Region' })).toBeTruthy());
  });

  it('by pointer on a bar; "See the rows" pages an ungrouped query of the datum', async () => {
    const { sent, fetch } = recording();
    render(
      <NativeOnMock fetch={fetch}>
        <QueryChart query={REVENUE_BY_REGION} drill />
      </NativeOnMock>,
    );
    await drawn();
    const bar = document.querySelector('.ek-qchart svg .mark-rect path')!;
    await userEvent.click(bar);
    const menu = await screen.findByRole('menu');
    await page.screenshot({ path: '__screenshots__/native-drill-menu.png' });
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'See the rows' }));
    await waitFor(() => expect(document.querySelector('.ek-qtable[data-state="ready"]')).not.toBeNull(), {
      timeout: 20_000,
    });
    const rows = sent.find((query) => query.ungrouped)!;
    expect(rows.measures ?? []).toEqual([]);
    expect(rows.filters?.[0]).toMatchObject({ member: 'orders.region', operator: 'equals' });
    expect(rows.limit).toBe(25);
  });

  it('"See the rows" on a server that wants the primary key the model hides: the same members grouped, with a note; the refusal never shows', async () => {
    const faults = { ungroupedNeedsPrimaryKey: true };
    const { sent, fetch } = recording(loadFaults(faults));
    let errors = 0;
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ek-widget__error')) errors++;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { menu } = await openEurope(fetch);
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'See the rows' }));
    const note = await screen.findByText(/lists no single rows here/, {}, { timeout: 20_000 });
    await waitFor(() => expect(document.querySelector('.ek-qtable[data-state="ready"]')).not.toBeNull(), {
      timeout: 20_000,
    });
    observer.disconnect();
    expect(errors).toBe(0);
    expect(note.closest('.ek-qchart')).not.toBeNull();
    // Asked ungrouped first (refused: the key is hidden, so not asked again), then grouped.
    const rows = sent.filter((query) => query.filters?.some((f) => 'member' in f && f.member === 'orders.region'));
    expect(rows.filter((query) => query.ungrouped)).toHaveLength(1);
    const grouped = rows.find((query) => !query.ungrouped && !query.measures?.length)!;
    expect([...grouped.dimensions!].sort()).toEqual([
      'orders.category',
      'orders.country',
      'orders.customer',
      'orders.region',
    ]);
    const cells = [...document.querySelectorAll('.ek-qtable tbody tr')].map((row) => row.textContent);
    expect(cells.length).toBeGreaterThan(0);
    expect(new Set(cells).size).toBe(cells.length); // each combination once
    await page.screenshot({ path: '__screenshots__/native-drill-rows-grouped.png' });
  }, 60_000);

  it('host items: added with the datum, removed; a throwing host is contained', async () => {
    const seen: DrillDatum[] = [];
    const errors: unknown[] = [];
    const drillActions: DrillActions = (items, datum) => [
      { key: 'c360', label: 'Open customer 360', onSelect: (d) => seen.push(d) },
      {
        key: 'boom',
        label: 'Broken',
        onSelect: () => {
          throw new Error('host bug');
        },
      },
      ...items.filter((item) => item.key === 'rows' && datum.values.length > 0),
    ];
    render(
      <NativeOnMock>
        <QueryChart query={REVENUE_BY_REGION} drillActions={drillActions} onActionError={(e) => errors.push(e)} />
      </NativeOnMock>,
    );
    await drawn();
    await waitFor(() => expect(markButtons()).toHaveLength(4));
    markButtons()[0]!.focus();
    await userEvent.keyboard('{Enter}');
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Open customer 360', 'Broken', 'See the rows']);
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Broken' }));
    expect(errors).toHaveLength(1);
    markButtons()[0]!.focus();
    await userEvent.keyboard('{Enter}');
    menu = await screen.findByRole('menu');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Open customer 360' }));
    expect(seen[0]!.values[0]!.member).toBe('orders.region');
    expect(seen[0]!.query).toEqual(REVENUE_BY_REGION);
  });
});

describe('QueryTable row actions and row menu', () => {
  it('row actions call the host with the row’s values; the row menu closes with Escape, focus back', async () => {
    const { fetch } = recording();
    const rows: unknown[] = [];
    render(
      <NativeOnMock fetch={fetch}>
        <QueryTable
          query={REVENUE_BY_REGION}
          pageSize={5}
          drill
          rowActions={[{ label: 'Open', onSelect: (row) => rows.push(row) }]}
        />
      </NativeOnMock>,
    );
    await waitFor(() => expect(document.querySelector('.ek-qtable[data-state="ready"] tbody td')).not.toBeNull(), {
      timeout: 20_000,
    });
    const open = (await screen.findAllByRole('button', { name: /^Open: / }))[0]!;
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(rows[0]).toHaveProperty('orders.region');
    expect(rows[0]).toHaveProperty('orders.revenue');
    await page.screenshot({ path: '__screenshots__/native-drill-table.png' });

    const menuButton = screen.getAllByRole('button', { name: /^Actions for / })[0]!;
    await userEvent.click(menuButton);
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(menuButton);
    expect(menu.isConnected).toBe(false);
  });

  it('a hostile datum value travels only as a filter value', async () => {
    const hostile = ["'; DROP TABLE orders; --", '__proto__'];
    // The answer of the host's query names its regions so; drilled queries answer as usual.
    const { sent, fetch } = recording(
      rewriteLoad((answer) =>
        (answer.query.dimensions as string[] | undefined)?.join() === 'orders.region'
          ? {
              ...answer,
              data: answer.data.map((row, i) => (i < 2 ? { ...row, 'orders.region': hostile[i] } : row)),
            }
          : answer,
      ),
    );
    render(
      <NativeOnMock fetch={fetch}>
        <QueryChart query={REVENUE_BY_REGION} drill />
      </NativeOnMock>,
    );
    await drawn();
    await waitFor(() => expect(markButtons()).toHaveLength(4));
    for (const value of hostile) {
      const mark = markButtons().find((button) => button.textContent?.startsWith(value))!;
      mark.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Break down by Country' }));
      await waitFor(
        () =>
          expect(
            sent.find((q) => q.dimensions?.includes('orders.country') && JSON.stringify(q).includes(value)),
          ).toBeDefined(),
        { timeout: 20_000 },
      );
      const drilled = sent.findLast((q) => q.dimensions?.includes('orders.country'))!;
      expect(drilled.dimensions).toEqual(['orders.country']);
      expect(drilled.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: [value] }]);
      await userEvent.click(screen.getByRole('button', { name: '← Revenue by Region' }));
      await waitFor(() => expect(markButtons()).toHaveLength(4));
    }
  });
});

describe('drill menu on a KPI', () => {
  it("opens on the card's value by keyboard; its rows keep the card's period; a break down grows the card, and back", async () => {
    const { sent, fetch } = recording();
    const range: [string, string] = ['2024-01-01', '2024-03-31'];
    render(
      <NativeOnMock fetch={fetch}>
        <div style={{ width: 360 }}>
          <KpiCard measure="orders.revenue" timeDimension="orders.createdAt" dateRange={range} compare={false} drill />
        </div>
      </NativeOnMock>,
    );
    const button = await screen.findByRole('button', { name: 'Drill into Revenue' }, { timeout: 20_000 });
    const card = document.querySelector<HTMLElement>('.ek-kpi')!;
    const height = card.getBoundingClientRect().height;
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Drill into Revenue' });
    expect(await within(menu).findByRole('menuitem', { name: 'Break down by Region' })).toBeTruthy();
    await page.screenshot({ path: '__screenshots__/native-drill-kpi-menu.png' });
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'See the rows' }));
    await waitFor(() => expect(sent.some((query) => query.ungrouped)).toBe(true), { timeout: 20_000 });
    const rows = sent.find((query) => query.ungrouped)!;
    expect(rows.measures ?? []).toEqual([]);
    expect(rows.timeDimensions?.[0]).toMatchObject({ dimension: 'orders.createdAt', dateRange: range });
    await userEvent.click(await screen.findByRole('button', { name: /^← Revenue/ }));

    await userEvent.click(await screen.findByRole('button', { name: 'Drill into Revenue' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Break down by Region' }),
    );
    await drawn();
    const drilled = sent.find((query) => !query.ungrouped && query.dimensions?.includes('orders.region'))!;
    expect(drilled.measures).toEqual(['orders.revenue']);
    expect(drilled.timeDimensions?.[0]).toMatchObject({ dimension: 'orders.createdAt', dateRange: range });
    expect(card.getBoundingClientRect().height).toBeGreaterThan(height + 100); // grown to hold the chart
    await page.screenshot({ path: '__screenshots__/native-drill-kpi-breakdown.png' });
    await userEvent.click(screen.getByRole('button', { name: /^← Revenue/ }));
    await waitFor(() => expect(card.querySelector('.ek-kpi__number')).not.toBeNull());
    expect(Math.round(card.getBoundingClientRect().height)).toBe(Math.round(height));
  }, 60_000);
});
