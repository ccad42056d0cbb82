import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ResultTable } from '../src';
import type { SqlResult } from '../src/protocol';
import { sqlResultFor, syntheticResult } from './support/mock-results';

const meta = {
  title: 'Charts/ResultTable',
  component: ResultTable,
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
  // `result` comes from each story's loader or args.
  args: { result: syntheticResult(3), pageSize: 25 },
  argTypes: { result: { control: false }, pageSize: { control: { type: 'number', min: 1, max: 100 } } },
} satisfies Meta<typeof ResultTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const fromMock = (question: string) => [async () => ({ result: await sqlResultFor(question) })];
const render: Story['render'] = (args, { loaded }) => (
  <ResultTable {...args} result={(loaded as { result?: SqlResult }).result ?? args.result} />
);

/** A small result from the mock agent ("top 5 customers by revenue"). */
export const Default: Story = {
  loaders: fromMock('top 5 customers by revenue'),
  render,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('row').length).toBe(6);
  },
};

/** Pages of ten: Next and Previous move through 60 rows. */
export const Paged: Story = {
  args: { result: syntheticResult(60), pageSize: 10 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Jan 1, 2000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /next/i }));
    await expect(canvas.getByText('Jan 11, 2000')).toBeVisible();
  },
};

/** The service sent 100 of more rows: the table says how many it did not send. */
export const Truncated: Story = {
  loaders: fromMock('revenue by customer'),
  render,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toMatch(/100/);
  },
};

/** Nulls show as "—", numbers are right-aligned and grouped, big integers kept exact. */
export const NullsAndNumbers: Story = {
  args: {
    result: {
      sqlQuery: 'SELECT region, revenue, orders FROM orders',
      queryTitle: 'Nulls and numbers',
      columns: [
        { name: 'region', type: 'String', kind: 'string' },
        { name: 'revenue', type: 'Double', kind: 'number' },
        { name: 'orders', type: 'Int64', kind: 'number' },
      ],
      rows: [
        ['Europe', 1234567.5, '9007199254740993'],
        ['Asia Pacific', null, 42],
        [null, 0, null],
      ],
      totalRows: 3,
      truncated: false,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    // Past 2^53 the integer is formatted from its exact digits, not rounded through a double.
    await expect(canvasElement.textContent).toContain('9,007,199,254,740,993');
  },
};

/** A query that returned no rows. */
export const NoRows: Story = {
  args: { result: { ...syntheticResult(0), queryTitle: 'Nothing matched' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toBeInTheDocument();
  },
};
