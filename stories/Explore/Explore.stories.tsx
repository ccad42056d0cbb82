import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  Explore,
  Explorer,
  GERMAN_EXPLORE_LABELS,
  serializeExplore,
  useExplorer,
  type ExploreState,
} from '../../src/react/explore';
import { withNative } from '../support/native';

const revenueByCountry: ExploreState = {
  measures: ['orders.revenue'],
  dimensions: ['orders.region'],
  time: { dimension: 'orders.createdAt', granularity: 'month' },
  filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
  order: [],
  view: 'auto',
};

const meta = {
  title: 'Explore/Explore',
  component: Explore,
  parameters: { layout: 'padded' },
  decorators: [withNative()],
  render: (args, { globals }) => <Explore {...args} locale={globals.locale} />,
} satisfies Meta<typeof Explore>;

export default meta;
type Story = StoryObj<typeof meta>;

const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
    timeout: 15_000,
  });

/** The default layout, built by pointing: a measure, then a dimension, from the member list. */
export const Default: Story = {
  args: { onSave: () => {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: /^Revenue/ }, { timeout: 15_000 }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Region/ }));
    await drawn(canvasElement);
    expect(canvas.getByRole('button', { name: 'Save to board' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    expect(canvas.getByRole('checkbox', { name: /^Region/ })).not.toBeChecked();
  },
};

/** A whole question from a link: revenue by region, monthly, Europe only. */
export const FromLink: Story = {
  args: { link: serializeExplore(revenueByCountry) },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** A link naming a member that does not exist: the message names it, the valid rest shows. */
export const BadLink: Story = {
  args: { link: serializeExplore({ ...revenueByCountry, dimensions: ['orders.region', 'orders.nope'] }) },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('orders.nope');
    await drawn(canvasElement);
  },
};

/** German words. */
export const German: Story = {
  args: { labels: GERMAN_EXPLORE_LABELS, link: serializeExplore(revenueByCountry) },
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('searchbox', { name: 'Felder suchen' }, { timeout: 15_000 });
  },
};

/** On a phone: the parts stack. */
export const Phone: Story = {
  args: { link: serializeExplore(revenueByCountry) },
  globals: { viewport: { value: 'mobile1' } },
};

/** The dark theme. */
export const Dark: Story = {
  args: { link: serializeExplore(revenueByCountry) },
  globals: { theme: 'Dark' },
};

/** Filters per member type: values from the data API (string), a number, a date range, a switch. */
export const FiltersPerType: Story = {
  render: () => <FiltersAlone />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 }));
    expect(canvas.getByRole('checkbox', { name: 'Europe' })).toBeChecked();
  },
};

function FiltersAlone() {
  const explorer = useExplorer({
    initial: {
      ...revenueByCountry,
      filters: [
        { member: 'orders.region', operator: 'equals', values: [] },
        { member: 'orders.revenue', operator: 'gte', values: ['100'] },
        { member: 'orders.createdAt', operator: 'inDateRange', values: ['2024-01-01', '2024-03-31'] },
      ],
    },
  });
  return (
    <Explorer.Root explorer={explorer}>
      <Explorer.Filters />
    </Explorer.Root>
  );
}

/** A number range (revenue at least 100, at most 5,000,000): text that is not a number is named. */
export const NumberRange: Story = {
  render: () => <RangeAlone />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const min = await canvas.findByRole('textbox', { name: 'Minimum: Revenue' }, { timeout: 15_000 });
    await userEvent.clear(min);
    await userEvent.type(min, '12abc');
    await canvas.findByText('"12abc" is not a number');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(min);
    await userEvent.type(min, '9000000');
    await canvas.findByText('The minimum is above the maximum');
    await userEvent.clear(min);
    await userEvent.type(min, '250');
    await waitFor(() => expect(canvas.queryByText('The minimum is above the maximum')).toBeNull());
  },
};

/** The number editor in German: a list of values for "ist", with a decimal comma. */
export const NumberListGerman: Story = {
  render: () => <RangeAlone list labels />,
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('textbox', { name: 'Wert: Revenue' }, { timeout: 15_000 });
    await userEvent.type(input, '10; 1,5; zehn');
    await canvas.findByText('„zehn“ ist keine Zahl');
  },
};

function RangeAlone({ list = false, labels = false }: { list?: boolean; labels?: boolean }) {
  const explorer = useExplorer({
    initial: {
      ...revenueByCountry,
      filters: list
        ? [{ member: 'orders.revenue', operator: 'equals', values: [] }]
        : [
            { member: 'orders.revenue', operator: 'gte', values: ['100'] },
            { member: 'orders.revenue', operator: 'lte', values: ['5000000'] },
          ],
    },
  });
  return (
    <Explorer.Root explorer={explorer} labels={labels ? GERMAN_EXPLORE_LABELS : undefined}>
      <Explorer.Filters />
    </Explorer.Root>
  );
}

/** Nothing asked yet: the result says what to do, in the place the chart will take. */
export const Empty: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Pick a measure or a dimension/, {}, { timeout: 15_000 });
  },
};

/** The result alone (the host's own controls around it). */
export const ResultAlone: Story = {
  render: () => <PartAlone part="result" />,
  play: async ({ canvasElement }) => drawn(canvasElement),
};

/** Back, forward, reset and "Save to board" alone. */
export const ActionsAlone: Story = { render: () => <PartAlone part="actions" /> };

/** The member list alone, searchable. */
export const MembersAlone: Story = {
  render: () => <PartAlone part="members" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search members' }), 'revenue');
    await canvas.findByRole('checkbox', { name: /^Revenue/ }, { timeout: 15_000 });
  },
};

/** Time, order and chart type alone. */
export const ControlsAlone: Story = { render: () => <PartAlone part="controls" /> };

function PartAlone({ part }: { part: 'members' | 'controls' | 'result' | 'actions' }) {
  const explorer = useExplorer({ initial: revenueByCountry });
  return (
    <Explorer.Root explorer={explorer}>
      {part === 'members' ? (
        <Explorer.Members />
      ) : part === 'result' ? (
        <Explorer.Result />
      ) : part === 'actions' ? (
        <div className="ek-explore__bar">
          <Explorer.History />
          <Explorer.Reset />
          <Explorer.Save onSave={() => {}} />
        </div>
      ) : (
        <>
          <Explorer.Time />
          <Explorer.Order />
          <Explorer.ChartType />
          <Explorer.Reset />
        </>
      )}
    </Explorer.Root>
  );
}
