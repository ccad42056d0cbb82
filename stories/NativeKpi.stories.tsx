import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { KpiCard, type KpiCardLabels } from '../src/react/native';
import {
  ELIAS,
  ERIN,
  expireFirstToken,
  LAST_QUARTER,
  NativeFrame,
  neverAnswer,
  serverDown,
  type NativeFrameOptions,
} from './support/native-data';
import { rewriteAnswers } from './support/native-hostile';

// KpiCards on the mock's data API by the session path (Erin unless said otherwise), over the
// last quarter of the mock's data (its "now" is 2024-12-31).

/** One week of the mock's data: revenue in the hundreds of thousands. */
const WEEK: [string, string] = ['2024-12-16', '2024-12-22'];

type Args = NativeFrameOptions & {
  width?: number;
  sparkline?: boolean;
  labels?: Partial<KpiCardLabels>;
  locale?: string;
};

function Cards({ width = 720, sparkline = true, labels, locale, ...frame }: Args) {
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }} {...frame}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: width < 500 ? '1fr' : 'repeat(3, 1fr)',
          gap: 12,
          width,
        }}
      >
        <KpiCard measure="orders.revenue" sparkline={sparkline} labels={labels} locale={locale} />
        <KpiCard measure="orders.count" sparkline={sparkline} labels={labels} locale={locale} />
        <KpiCard measure="orders.averageOrderValue" sparkline={sparkline} labels={labels} locale={locale} />
      </div>
    </NativeFrame>
  );
}

/** Cards whose first data request carries a refused token (one per mount). */
function Expiring(args: Args) {
  const [intercept] = useState(expireFirstToken);
  return <Cards {...args} intercept={intercept} />;
}

const meta = {
  title: 'Native/KpiCard',
  component: Cards,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Cards>;

export default meta;
type Story = StoryObj<typeof meta>;

const values = (canvas: HTMLElement) => [...canvas.querySelectorAll('.ek-kpi__value')].map((el) => el.textContent);
const ready = (canvas: HTMLElement) =>
  waitFor(
    () => expect(canvas.querySelectorAll('.ek-kpi[data-state="ready"] .ek-kpi__change:not(:empty)')).toHaveLength(3),
    {
      timeout: 15_000,
    },
  );

/** Revenue (USD, from the meta's currency format), orders and average order value, with the change vs the quarter before. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Revenue' })).toHaveTextContent(/\$[\d,]+/);
    await expect(canvas.getAllByText(/(Up|Down) [\d.]+% vs previous period|No change/)).toHaveLength(3);
    // The trend has a name, not only a line.
    await waitFor(() => expect(canvas.getAllByRole('img', { name: /Trend from/ })).toHaveLength(3));
  },
};

/** While the data API has not answered: each card holds its final size. */
export const Loading: Story = {
  args: { intercept: neverAnswer },
  play: async ({ canvasElement }) => {
    const cards = [...canvasElement.querySelectorAll<HTMLElement>('.ek-kpi')];
    await expect(cards).toHaveLength(3);
    for (const card of cards) {
      await expect(card).toHaveAttribute('data-state', 'loading');
      await expect(card.getBoundingClientRect().height).toBe(172);
    }
  },
};

/** A period with no orders: "No data" on every card, and nothing to compare. */
export const Empty: Story = {
  args: { filters: { dateRange: ['2030-01-01', '2030-03-31'], values: {} }, sparkline: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Revenue, its average and the orders (a sum, as the model defines it) over no rows are
    // NULL, as the server answers them: no value, not 0.
    await waitFor(() => expect(canvas.getAllByText('No data')).toHaveLength(3), { timeout: 15_000 });
    await expect(canvas.getByRole('group', { name: 'Orders' })).toHaveTextContent('No data');
  },
};

/** The data API is down: each card says so in its own box, with Retry. */
export const Failing: Story = {
  args: { intercept: serverDown, sparkline: false },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('alert')).toHaveLength(3), { timeout: 15_000 });
    await expect(within(canvasElement).getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
  },
};

/** Values that are not numbers ("NaN", "Infinity", "abc"): each card shows "—" and says why, never NaN. */
export const NotANumber: Story = {
  args: {
    sparkline: false,
    intercept: rewriteAnswers((answer) => ({
      ...answer,
      data: answer.data.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            key === 'orders.revenue'
              ? 'NaN'
              : key === 'orders.count'
                ? 'Infinity'
                : key === 'orders.averageOrderValue'
                  ? 'abc'
                  : value,
          ]),
        ),
      ),
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText('The value is not a valid number')).toHaveLength(3), {
      timeout: 15_000,
    });
    await expect(values(canvasElement)).toEqual(['—', '—', '—']);
    await expect(canvasElement.textContent).not.toMatch(/NaN|Infinity/);
  },
};

/** The first token is refused (as an expired one): one fresh token is minted and the cards answer. */
export const ExpiredTokenReminted: Story = {
  args: { sparkline: false },
  render: (args) => <Expiring {...args} />,
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(values(canvasElement).every((text) => /\d/.test(text ?? ''))).toBe(true);
  },
};

/** A long query: the data API answers "Continue wait" twice per query before its numbers. */
export const ContinueWait: Story = {
  args: { faults: { continueWaitTimes: 2 }, sparkline: false },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(within(canvasElement).getByRole('group', { name: 'Revenue' })).toHaveTextContent(/\$/);
  },
};

/** Dark mode. */
export const Dark: Story = {
  args: { theme: { colorScheme: 'dark' } },
  decorators: [(Story) => <div style={{ background: '#0f172a', padding: 8 }}>{Story()}</div>],
  play: async ({ canvasElement }) => ready(canvasElement),
};

/** A brand theme: colours, font and radius reach the cards. */
export const Brand: Story = {
  args: {
    theme: {
      colors: { primary: '#0e7490', surface: '#ecfeff', border: '#a5f3fc', muted: '#155e75' },
      fonts: { body: "Georgia, 'Times New Roman', serif" },
      radius: 12,
    },
  },
  play: async ({ canvasElement }) => ready(canvasElement),
};

const GERMAN: Partial<KpiCardLabels> = {
  change: (direction, percent) =>
    direction === 'flat'
      ? 'Unverändert zum Vorzeitraum'
      : `${direction === 'up' ? 'Plus' : 'Minus'} ${percent} zum Vorzeitraum`,
  noComparison: 'Kein Vorzeitraum zum Vergleich',
  loading: 'Lädt',
  empty: 'Keine Daten',
  trend: (from, to) => `Verlauf von ${from} bis ${to}`,
  waiting: 'Läuft noch…',
  error: 'Daten konnten nicht geladen werden',
  retry: 'Erneut versuchen',
};

/** German: words and number formats (`1.607 $`, exactly `1.607,49 $`; `6,3 Mio. $`). */
export const German: Story = {
  args: { locale: 'de-DE', labels: GERMAN },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByText(/zum Vorzeitraum/)).toHaveLength(3), {
      timeout: 15_000,
    });
    const canvas = within(canvasElement);
    const average = canvas.getByRole('group', { name: 'Average order value' }).querySelector('.ek-kpi__value')!;
    // Shown whole ("1.607 $"), exact in the title.
    await expect(average.getAttribute('title')).toMatch(/^[\d.]+,\d{2}\s\$$/);
    // Millions compact, in German: "6,3 Mio. $".
    await expect(canvas.getByRole('group', { name: 'Revenue' })).toHaveTextContent(/Mio\./);
  },
};

/** A phone (390 px): one card per row, values fit. */
export const Narrow390: Story = {
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    for (const card of canvasElement.querySelectorAll<HTMLElement>('.ek-kpi')) {
      await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
    }
  },
};

/**
 * The narrowest card a page gives (180 px): every value fits. From 10,000 compact ("$540.3K",
 * "$6.3M"); a text still too long for the card (German "6,3 Mio. $", "540.280 $") gets a
 * smaller font from its length. The exact value is in the title and read by screen readers.
 */
export const Narrow180: Story = {
  render: () => (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 180px)', gap: 12 }}>
        <KpiCard measure="orders.revenue" title="Revenue, quarter" sparkline />
        <KpiCard measure="orders.revenue" title="Umsatz, Quartal" sparkline locale="de-DE" />
        <KpiCard measure="orders.revenue" title="Revenue, week" dateRange={WEEK} />
        <KpiCard measure="orders.revenue" title="Umsatz, Woche" dateRange={WEEK} locale="de-DE" />
        <KpiCard measure="orders.count" title="Orders" />
        <KpiCard measure="orders.averageOrderValue" title="Average order" />
      </div>
    </NativeFrame>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(canvasElement.querySelectorAll('.ek-kpi[data-state="ready"] .ek-kpi__change:not(:empty)')).toHaveLength(
          6,
        ),
      { timeout: 15_000 },
    );
    const shown: string[] = [];
    for (const value of canvasElement.querySelectorAll<HTMLElement>('.ek-kpi__value')) {
      const number = value.querySelector<HTMLElement>('.ek-kpi__number')!;
      // Not cut: the text is no wider than its box.
      await expect(number.getBoundingClientRect().right).toBeLessThanOrEqual(value.getBoundingClientRect().right);
      await expect(value.scrollWidth).toBeLessThanOrEqual(value.clientWidth);
      shown.push(number.textContent!);
      // The exact value is always there: shown, or in the screen reader's text when compact.
      const exact = value.getAttribute('title')!;
      await expect(number.textContent === exact || value.querySelector('.ek-sr-only')?.textContent === exact).toBe(
        true,
      );
    }
    await expect(shown).toEqual([
      expect.stringMatching(/^\$\d\.\dM$/),
      expect.stringMatching(/^\d,\d\sMio\.\s\$$/),
      expect.stringMatching(/^\$\d{3}\.\dK$/),
      expect.stringMatching(/^\d{3}\.\d{3}(,\d)?\s\$$/),
      expect.stringMatching(/^\d,\d{3}$/),
      expect.stringMatching(/^\$\d,\d{3}\.\d{2}$/),
    ]);
  },
};

/** Erin (every region) and Elias (Europe only) side by side: the same cards, each identity's numbers. */
export const ErinAndElias: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, width: 720 }}>
      {[
        ['Erin', ERIN],
        ['Elias', ELIAS],
      ].map(([name, identity]) => (
        <div key={name as string}>
          <p>{name as string}</p>
          <NativeFrame identity={identity as Record<string, unknown>} filters={{ dateRange: LAST_QUARTER, values: {} }}>
            <KpiCard measure="orders.revenue" title={`Revenue (${name as string})`} compare={false} />
          </NativeFrame>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const value = (name: string) =>
      canvas.getByRole('group', { name: `Revenue (${name})` }).querySelector('.ek-kpi__value')!;
    await waitFor(() => expect(value('Elias').textContent).toMatch(/\$/), { timeout: 15_000 });
    await waitFor(() => expect(value('Erin').textContent).toMatch(/\$/));
    // The exact amounts (the title): the text shown may be compact ("$6.3M", "$912.3K").
    const amount = (name: string) =>
      Number(
        value(name)
          .getAttribute('title')!
          .replace(/[^\d.]/g, ''),
      );
    await expect(amount('Erin')).toBeGreaterThan(amount('Elias'));
  },
};
