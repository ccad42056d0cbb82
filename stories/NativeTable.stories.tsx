import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { QueryTable, type QueryTableLabels, type SemanticQuery } from '../src/react/native';
import {
  ELIAS,
  ERIN,
  expireFirstToken,
  NativeFrame,
  neverAnswer,
  serverDown,
  type NativeFrameOptions,
} from './support/native-data';
import { flood, rewriteAnswers } from './support/native-hostile';

// QueryTables on the mock's data API by the session path (Erin unless said otherwise).

const BY_COUNTRY: SemanticQuery = {
  measures: ['orders.revenue', 'orders.count'],
  dimensions: ['orders.region', 'orders.country'],
  order: { 'orders.revenue': 'desc' },
};

type Args = NativeFrameOptions & {
  width?: number;
  query?: SemanticQuery;
  pageSize?: number;
  labels?: Partial<QueryTableLabels>;
  locale?: string;
};

function Table({ width = 720, query = BY_COUNTRY, pageSize = 8, labels, locale, ...frame }: Args) {
  return (
    <NativeFrame {...frame}>
      <div style={{ width }}>
        <QueryTable title="Revenue by country" query={query} pageSize={pageSize} labels={labels} locale={locale} />
      </div>
    </NativeFrame>
  );
}

const meta = {
  title: 'Native/QueryTable',
  component: Table,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvas: HTMLElement) => within(canvas).findByRole('table', { name: 'Revenue by country' });
const rows = (canvas: HTMLElement) => canvas.querySelectorAll('tbody tr:not(.ek-qtable__loading)');
const ready = (canvas: HTMLElement) =>
  waitFor(() => expect(rows(canvas).length).toBeGreaterThan(0), { timeout: 15_000 });

/** Countries by revenue, eight a page, paged and sorted on the server; Download CSV reads every row. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = () => canvasElement.querySelector('.ek-qtable')!.getBoundingClientRect().height;
    const before = box();
    await ready(canvasElement);
    // No layout shift: the table is as tall with its rows as it was while loading.
    await expect(box()).toBe(before);
    const canvas = within(canvasElement);
    await expect(rows(canvasElement)).toHaveLength(8);
    await expect(canvas.getByText(/Rows 1–8 of \d+/)).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: /Revenue/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(canvas.getByText(/Rows 9–/)).toBeVisible());
  },
};

/** Sorted by a header: the country column, ascending, asked of the server. */
export const SortedByHeader: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const canvas = within(await table(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Sort by Country' }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Country/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await waitFor(() => {
      const countries = [...rows(canvasElement)].map((row) => row.children[1]!.textContent!);
      expect(countries).toEqual([...countries].sort());
    });
  },
};

/** While the data API has not answered: the table holds its final height. */
export const Loading: Story = {
  args: { intercept: neverAnswer },
  play: async ({ canvasElement }) => {
    const scroll = canvasElement.querySelector<HTMLElement>('.ek-table__scroll')!;
    await expect(canvasElement.querySelector('.ek-qtable')).toHaveAttribute('data-state', 'loading');
    await expect(scroll.getBoundingClientRect().height).toBe((8 + 1) * 33);
  },
};

/** A filter that matches nothing: "No rows". */
export const Empty: Story = {
  args: {
    query: { ...BY_COUNTRY, filters: [{ member: 'orders.country', operator: 'equals', values: ['Atlantis'] }] },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('No rows')).toBeVisible(), { timeout: 15_000 });
    await expect(within(canvasElement).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  },
};

/** The data API is down: the table says so in its own box, with Retry. */
export const Failing: Story = {
  args: { intercept: serverDown },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toHaveTextContent(/unavailable/), {
      timeout: 15_000,
    });
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/** The server answers a page of 8 with 200 rows: the table shows its 8 and says the rest were dropped. */
export const TooManyRows: Story = {
  args: { intercept: rewriteAnswers((answer) => flood(answer, 'orders.country', 200)) },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(rows(canvasElement)).toHaveLength(8);
    await waitFor(() =>
      expect(canvasElement.querySelector('.ek-qtable__note')).toHaveTextContent(
        '192 more rows were sent than asked for: not shown',
      ),
    );
  },
};

/** Revenues that are not numbers ("NaN", "Infinity", "abc"): shown as "—", and counted under the table. */
export const MissingValues: Story = {
  args: {
    intercept: rewriteAnswers((answer) => ({
      ...answer,
      data: answer.data.map((row, i) => (i < 3 ? { ...row, 'orders.revenue': ['NaN', 'Infinity', 'abc'][i] } : row)),
    })),
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const text = canvasElement.querySelector('tbody')!.textContent!;
    await expect(text).not.toMatch(/NaN|Infinity|abc/);
    await expect(canvasElement.querySelectorAll('tbody td[data-kind="number"]')[0]).toHaveTextContent('—');
    await waitFor(() =>
      expect(canvasElement.querySelector('.ek-qtable__note')).toHaveTextContent('3 values were not valid'),
    );
  },
};

function Expiring(args: Args) {
  const [intercept] = useState(expireFirstToken);
  return <Table {...args} intercept={intercept} />;
}

/** The first token is refused (as an expired one): one fresh token is minted and the rows come. */
export const ExpiredTokenReminted: Story = {
  render: (args) => <Expiring {...args} />,
  play: async ({ canvasElement }) => ready(canvasElement),
};

/** A long query: "Continue wait" three times before the rows. */
export const ContinueWait: Story = {
  args: { faults: { continueWaitTimes: 3 } },
  play: async ({ canvasElement }) => ready(canvasElement),
};

/** Dark mode. */
export const Dark: Story = {
  args: { theme: { colorScheme: 'dark' } },
  decorators: [(Story) => <div style={{ background: '#0f172a', padding: 8 }}>{Story()}</div>],
  play: async ({ canvasElement }) => ready(canvasElement),
};

/** A brand theme. */
export const Brand: Story = {
  args: {
    theme: {
      colors: { primary: '#9d174d', background: '#fffbf5', surface: '#fef3e2', text: '#292524', muted: '#57534e' },
      radius: 2,
    },
  },
  play: async ({ canvasElement }) => ready(canvasElement),
};

/** German: words, and numbers in German (`1.234,56 $`). */
export const German: Story = {
  args: {
    locale: 'de-DE',
    labels: {
      rows: (from, to, total) => `Zeilen ${from}–${to} von ${total}`,
      empty: 'Keine Zeilen',
      previous: 'Vorherige Seite',
      next: 'Nächste Seite',
      pages: 'Seiten',
      csv: 'CSV herunterladen',
      preparing: 'CSV wird erstellt…',
      sortBy: (title) => `Nach ${title} sortieren`,
      loading: 'Lädt',
      waiting: 'Läuft noch…',
      error: 'Daten konnten nicht geladen werden',
      retry: 'Erneut versuchen',
    },
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Zeilen 1–8 von/)).toBeVisible();
    await expect(rows(canvasElement)[0]!.children[2]!.textContent).toMatch(/^[\d.]+,\d{2}\s\$$/);
  },
};

/** A phone (390 px): the table scrolls sideways inside its box, the controls wrap. */
export const Narrow390: Story = {
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const root = canvasElement.querySelector<HTMLElement>('.ek-qtable')!;
    await expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(390);
  },
};

/**
 * An interceptor for a CSV of a million rows: its first page (10,000 rows) answers, the
 * next never does (the export stays in progress until Cancel).
 */
const millionRowCsv: NonNullable<NativeFrameOptions['intercept']> = (url, init, next) => {
  const query = url.includes('/cubejs-api/v1/load') ? new URL(url).searchParams.get('query') : null;
  const sent = query ? (JSON.parse(query) as SemanticQuery) : undefined;
  if (sent?.limit !== 10_000) return next(url, init);
  if ((sent.offset ?? 0) > 0) return new Promise<Response>(() => undefined);
  return rewriteAnswers((answer) => ({ ...flood(answer, 'orders.country', 10_000), total: 1_000_000 }))(
    url,
    init,
    next,
  );
};

/** A long CSV: the first 10,000 of a million rows written, with how far it is and Cancel. */
export const CsvInProgress: Story = {
  args: { intercept: millionRowCsv },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(canvas.getByRole('progressbar', { name: '10,000 of 1,000,000 rows' })).toBeVisible(), {
      timeout: 15_000,
    });
    await expect(canvas.getByRole('button', { name: 'Preparing CSV…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel CSV' })).toBeEnabled();
  },
};

/** Cancel stops a long CSV: nothing is saved, it says so, and focus goes back to Download CSV. */
export const CsvCancelled: Story = {
  args: { intercept: millionRowCsv },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(canvas.getByRole('progressbar')).toBeVisible(), { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel CSV' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('CSV cancelled: nothing was saved'));
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Download CSV' })).toHaveFocus());
  },
};

/** Erin (every region) and Elias (Europe only): the same table, each identity's rows. */
export const ErinAndElias: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, width: 900 }}>
      {[
        ['Erin', ERIN],
        ['Elias', ELIAS],
      ].map(([name, identity]) => (
        <div key={name as string} data-user={name as string}>
          <p>{name as string}</p>
          <NativeFrame identity={identity as Record<string, unknown>}>
            <QueryTable
              title={`Revenue by region (${name as string})`}
              query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }}
              csv={false}
            />
          </NativeFrame>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const regions = (name: string) =>
      [...canvasElement.querySelectorAll(`[data-user="${name}"] tbody tr`)].map((row) => row.children[0]!.textContent);
    await waitFor(() => expect(regions('Elias')).toEqual(['Europe']), { timeout: 15_000 });
    await waitFor(() => expect(regions('Erin')).toHaveLength(4));
  },
};
