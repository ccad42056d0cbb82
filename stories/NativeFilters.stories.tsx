import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FilterBar, QueryChart, SemanticFilters, type FilterBarProps } from '../src/react/native';
import { loadFaults, neverLoads, withNative } from './support/native';
import { flood, outage, rewriteLoad } from './support/native-hostile';

/** A filter bar over a chart: every widget inside the `SemanticFilters` follows it. */
function Page(props: FilterBarProps & { locale?: string }) {
  return (
    <SemanticFilters dateDimension="orders.createdAt">
      <div style={{ display: 'grid', gap: 12, maxWidth: 720 }}>
        <FilterBar {...props} />
        <QueryChart query={{ measures: ['orders.revenue'], dimensions: ['orders.category'] }} locale={props.locale} />
      </div>
    </SemanticFilters>
  );
}

const meta = {
  title: 'Native/FilterBar',
  component: FilterBar,
  args: { dimensions: ['orders.region', 'orders.category'] },
  parameters: { layout: 'padded' },
  decorators: [withNative()],
  render: (args, { globals }) => <Page {...args} locale={globals.locale} />,
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The region filter's disclosure, once the bar has drawn it (waitFor retries only on a throw). */
const regionFilter = (canvasElement: HTMLElement) =>
  waitFor(
    () => {
      const region = canvasElement.querySelector('details');
      expect(region).not.toBeNull();
      return region!;
    },
    { timeout: 15_000 },
  );

const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), { timeout: 15_000 });

/** A date range preset and a region's values: the chart below asks again, once. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await drawn(canvasElement);
    // The bar's controls load on their own (lazily): the chart may draw first.
    await userEvent.selectOptions(await canvas.findByLabelText('Date range', {}, { timeout: 15_000 }), 'this year');
    const region = await regionFilter(canvasElement);
    await userEvent.click(within(region).getByText('Region'));
    await userEvent.click(await within(region).findByRole('checkbox', { name: 'Europe' }, { timeout: 10_000 }));
    expect(within(region).getByText(/Europe/, { selector: 'summary' })).toBeTruthy();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeEnabled());
  },
};

/** Two dates of one's own. */
export const CustomRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText('Date range', {}, { timeout: 15_000 }), 'custom');
    expect(canvas.getByLabelText('From')).toBeTruthy();
    expect(canvas.getByLabelText('To')).toBeTruthy();
  },
};

/** The values load slowly: the list says so (the bar keeps its height). */
export const LoadingValues: Story = {
  decorators: [withNative({ fetch: neverLoads })],
  play: async ({ canvasElement }) => {
    const region = await regionFilter(canvasElement);
    // The title comes with the meta.
    await userEvent.click(await within(region).findByText('Region', {}, { timeout: 15_000 }));
    expect(within(region).getByText('Loading…')).toBeTruthy();
  },
};

/** The values query fails: said in the list, with the reason and Retry; the rest of the bar works. */
export const FailingValues: Story = {
  decorators: [withNative({ fetch: loadFaults({ httpStatus: 500 }) })],
  play: async ({ canvasElement }) => {
    const region = await regionFilter(canvasElement);
    // The title comes with the meta.
    await userEvent.click(await within(region).findByText('Region', {}, { timeout: 15_000 }));
    const alert = await within(region).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Could not load the values');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(within(canvasElement).getByLabelText('Date range')).toBeEnabled();
  },
};

const down = outage();

/** The data API is down, then back: Retry in the list asks again and the values come (no reload). */
export const RecoversOnRetry: Story = {
  decorators: [withNative({ fetch: down.fetch })],
  beforeEach: () => {
    down.state.down = true;
  },
  play: async ({ canvasElement }) => {
    const region = await regionFilter(canvasElement);
    await userEvent.click(await within(region).findByText('Region', {}, { timeout: 15_000 }));
    const alert = await within(region).findByRole('alert', {}, { timeout: 15_000 });
    down.state.down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(region).findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 });
    expect(within(region).queryByRole('alert')).toBeNull();
  },
};

/** A values query of one dimension, unsearched: what the flood below answers. */
const isValuesQuery = (query: Record<string, unknown>) => {
  const empty = (list: unknown) => !Array.isArray(list) || list.length === 0;
  return (
    Array.isArray(query.dimensions) && query.dimensions.length === 1 && empty(query.measures) && empty(query.filters)
  );
};

/**
 * The server answers the values query (100 asked for) with 2,000 values: 100 are listed, the
 * rest are said to be left out, and a search asks the server for the others.
 */
export const ManyValues: Story = {
  decorators: [
    withNative({
      fetch: rewriteLoad((answer) =>
        isValuesQuery(answer.query) ? flood(answer, (answer.query.dimensions as string[])[0]!, 2_000) : answer,
      ),
    }),
  ],
  play: async ({ canvasElement }) => {
    const region = await regionFilter(canvasElement);
    await userEvent.click(await within(region).findByText('Region', {}, { timeout: 15_000 }));
    await waitFor(() => expect(within(region).getAllByRole('checkbox')).toHaveLength(100), { timeout: 15_000 });
    expect(region.textContent).toContain('The first 100 values are listed');
    expect(region.textContent).toContain('1900 more values were sent than asked for');
    await userEvent.type(within(region).getByRole('searchbox', { name: 'Search Region' }), 'Eur');
    await within(region).findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 });
  },
};

/** "Continue wait" on the values query: they arrive after the server's polls. */
export const ContinueWait: Story = {
  decorators: [withNative({ fetch: loadFaults({ continueWaitTimes: 2 }) })],
  play: async ({ canvasElement }) => {
    const region = await regionFilter(canvasElement);
    // The title comes with the meta.
    await userEvent.click(await within(region).findByText('Region', {}, { timeout: 15_000 }));
    await within(region).findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 });
  },
};

/** Dark. */
export const Dark: Story = {
  globals: { theme: 'Dark' },
  play: async ({ canvasElement }) => drawn(canvasElement),
};

/** A brand theme ("Ocean"). */
export const Brand: Story = {
  globals: { theme: 'Ocean' },
  play: async ({ canvasElement }) => drawn(canvasElement),
};

/** German: the words and the presets replaced. */
export const German: Story = {
  args: {
    labels: {
      bar: 'Filter',
      dateRange: 'Zeitraum',
      allTime: 'Gesamter Zeitraum',
      custom: 'Eigener Zeitraum',
      from: 'Von',
      to: 'Bis',
      all: 'Alle',
      selected: (count) => `${count} ausgewählt`,
      loading: 'Lädt…',
      error: 'Die Werte konnten nicht geladen werden',
      clear: 'Filter löschen',
    },
    presets: [
      { label: 'Letzte 7 Tage', range: 'last 7 days' },
      { label: 'Letzte 30 Tage', range: 'last 30 days' },
      { label: 'Dieses Jahr', range: 'this year' },
    ],
  },
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByLabelText('Zeitraum', {}, { timeout: 15_000 })).toBeTruthy();
  },
};

/** 390 px wide: the controls wrap. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  render: (args) => (
    <div style={{ width: 358 }}>
      <Page {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => drawn(canvasElement),
};
