import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
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

const BY_REGION: ExploreState = {
  measures: ['orders.revenue'],
  dimensions: ['orders.region'],
  filters: [],
  order: [],
  view: 'auto',
};

/** A question of dimensions only (the measure taken away): the table of its values. */
export const DimensionsOnly: Story = {
  args: { link: serializeExplore({ ...BY_REGION, measures: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Latin America' }, { timeout: 15_000 });
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A time dimension alone, not grouped: the result says what it needs, in words. */
export const TimeOnly: Story = {
  args: {
    link: serializeExplore({ ...BY_REGION, measures: [], dimensions: [], time: { dimension: 'orders.createdAt' } }),
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Pick a granularity for Created at, or a measure or a dimension, to see a result.',
      {},
      { timeout: 15_000 },
    );
  },
};

/** A chart type the question cannot be drawn as (a line of measures alone): the chart it is shown as, said. */
export const ChartTypeThatDoesNotFit: Story = {
  args: { link: serializeExplore({ ...BY_REGION, dimensions: [], view: 'line' }) },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Line does not fit this question: shown as Number.',
      {},
      { timeout: 15_000 },
    );
  },
};

/**
 * "Add a filter on" by keyboard: the arrows move through the members and add nothing; Enter
 * adds the one reached, and focus stays on the control.
 */
export const AddAFilterByKeyboard: Story = {
  args: { link: serializeExplore(BY_REGION) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = await canvas.findByRole('combobox', { name: 'Add a filter on' }, { timeout: 15_000 });
    await waitFor(() => expect(add).toHaveTextContent('Choose a member'));
    add.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(canvasElement.querySelectorAll('.ek-explore__filter')).toHaveLength(0);
    const active = () => canvasElement.ownerDocument.getElementById(add.getAttribute('aria-activedescendant')!);
    await expect(active()).toHaveTextContent('Region');
    await userEvent.keyboard('{Enter}');
    await expect(canvasElement.querySelectorAll('.ek-explore__filter')).toHaveLength(1);
    await expect(document.activeElement).toBe(add);
  },
};

/** The list of "Add a filter on" open, grouped by cube, the arrows' place marked. */
export const SelectOpen: Story = {
  args: { link: serializeExplore(BY_REGION) },
  play: async ({ canvasElement }) => {
    const add = await within(canvasElement).findByRole('combobox', { name: 'Add a filter on' }, { timeout: 15_000 });
    await waitFor(() => expect(add).toHaveTextContent('Choose a member'));
    add.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await within(canvasElement).findByRole('listbox', { name: 'Add a filter on' });
  },
};

/** "Custom range" picked: its From and To fields, the last preset's days in them until one changes. */
export const CustomRange: Story = {
  args: {
    link: serializeExplore({
      ...BY_REGION,
      time: { dimension: 'orders.createdAt', granularity: 'month', dateRange: 'this year' },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const range = await canvas.findByRole('combobox', { name: 'Date range' }, { timeout: 15_000 });
    range.focus();
    await userEvent.keyboard('{ArrowDown}{End}{Enter}');
    await expect(range).toHaveTextContent('Custom range');
    await expect(canvas.getByLabelText('From', { selector: 'input' })).toBeVisible();
    await expect(canvas.getByLabelText('To', { selector: 'input' })).toBeVisible();
  },
};

/** Two dates whose start is after their end: named under them, not sent. */
export const CustomRangeBackwards: Story = {
  args: {
    link: serializeExplore({
      ...BY_REGION,
      time: { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-03-31'] },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = await canvas.findByLabelText('From', { selector: 'input' }, { timeout: 15_000 });
    // A date field takes a whole value as a change (what its picker does).
    fireEvent.change(from, { target: { value: '2024-06-01' } });
    await canvas.findByText('The start is after the end');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The result's drill menu, opened on a mark from the keyboard (its marks are one Tab stop, arrows between them). */
export const ResultDrillMenu: Story = {
  args: { link: serializeExplore({ ...BY_REGION, view: 'bar' }) },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const mark = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('.ek-qchart__marks button[tabindex="0"]');
      expect(button).not.toBeNull();
      return button!;
    });
    mark.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(document.activeElement).not.toBe(mark);
    await userEvent.keyboard('{Enter}');
    const menu = await within(canvasElement).findByRole('menu', {}, { timeout: 15_000 });
    await within(menu).findByRole('menuitem', { name: 'Explore from here' });
    await within(menu).findByRole('menuitem', { name: 'Break down by Country' }, { timeout: 10_000 });
  },
};

/** A break down in the result: the drilled chart, focus on its heading, the breadcrumb back. */
export const ResultBrokenDown: Story = {
  args: ResultDrillMenu.args,
  play: async (context) => {
    await ResultDrillMenu.play!(context);
    const { canvasElement } = context;
    const menu = within(canvasElement).getByRole('menu');
    const item = within(menu).getByRole('menuitem', { name: 'Break down by Country' });
    item.focus();
    await userEvent.keyboard('{Enter}');
    const heading = await within(canvasElement).findByRole('heading', { name: /^Country \(/ }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await within(canvasElement).findByRole('button', { name: '← Revenue by Region' });
  },
};

/** A link with problems: each one names the member by its title (never "f[2]"). */
export const BadLinkInTitles: Story = {
  args: {
    link: serializeExplore({
      ...revenueByCountry,
      measures: ['orders.region'],
      filters: [{ member: 'orders.revenue', operator: 'gte', values: ['ten'] }],
    } as ExploreState),
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('“Region” cannot be used as a measure.');
    await expect(alert).toHaveTextContent('The filter on “Revenue” has values it does not take (expected numbers).');
    await expect(alert.textContent).not.toMatch(/\[\d\]/);
  },
};
