import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, type AgentChatProps } from '../../src';
import { defaultFixture } from '../../src/mock';
import { dataModel } from '../../src/mock/data-api/model';
import type { MetaResponse } from '../../src/protocol';
import { useChatDataModel } from '../../src/react/native';
import { mockTransport } from '../support/chat';
import { NativeOnMock } from '../support/native';

/** The mock data API's `/meta` as a value (the stories that do not go through a SemanticProvider). */
const mockMeta: MetaResponse = dataModel(defaultFixture())!.meta;

const meta = {
  title: 'Chat/Suggestions',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ height: 640, maxWidth: 860, margin: '0 auto' }}>{Story()}</div>],
  args: {
    transport: mockTransport('storybook-suggest'),
    user: { displayName: 'Uma User', picture: undefined },
    agent: { name: 'Data analyst' },
  },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const starters = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('list', { name: 'Suggested questions' }, { timeout: 10_000 });
const followUps = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('list', { name: 'Ask next' }, { timeout: 15_000 });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((button) => button.textContent);
const answer = async (canvasElement: HTMLElement, question: string) => {
  // The suggestions come with their chunk (and the data model): waited for, not assumed.
  await userEvent.click(await within(canvasElement).findByRole('button', { name: question }, { timeout: 15_000 }));
  await waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('Done.'), {
    timeout: 15_000,
  });
};

/** The chat with the nearest SemanticProvider's model (`useChatDataModel()` of the native entry). */
function ChatWithModel(props: AgentChatProps) {
  return <AgentChat {...props} dataModel={useChatDataModel()} />;
}

/**
 * The empty chat asks about the data: questions built from the semantic layer's model (here the
 * mock's, through a SemanticProvider and its session): a measure by its most useful dimension,
 * over time, the top 10 of a dimension whose values are things, another measure.
 */
export const FromTheDataModel: Story = {
  render: (args) => (
    <NativeOnMock>
      <ChatWithModel {...args} />
    </NativeOnMock>
  ),
  play: async ({ canvasElement }) => {
    await expect(names(await starters(canvasElement))).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
  },
};

/** No data model (it failed to load, or the host has none): the fixed list, as before. */
export const FallbackList: Story = {
  args: { dataModel: () => Promise.reject(new Error('no model here')) },
  play: async ({ canvasElement }) => {
    await expect(names(await starters(canvasElement))).toEqual([
      'Revenue by region',
      'Orders over time',
      'Top 5 customers by revenue',
    ]);
  },
};

/**
 * After an answer: two to four questions to ask next, from its result and the model (over
 * time, by another dimension, the same as a table), each a button that asks it.
 */
export const FollowUpsAfterAnswer: Story = {
  args: { transport: mockTransport('storybook-suggest-follow'), dataModel: mockMeta },
  play: async ({ canvasElement }) => {
    await starters(canvasElement);
    await answer(canvasElement, 'Revenue by region');
    const list = await followUps(canvasElement);
    await expect(names(list)).toEqual([
      'Revenue over time',
      'Revenue by country',
      'Show revenue by region as a table',
      'Revenue by product category',
    ]);
    await expect(canvasElement.querySelector('.ek-followups [aria-live="polite"]')).toHaveTextContent(
      '4 suggested questions',
    );
  },
};

/** The host maps the follow-ups (`followUps`): here two of the defaults and one of its own. */
export const HostMappedFollowUps: Story = {
  args: {
    transport: mockTransport('storybook-suggest-mapped'),
    dataModel: mockMeta,
    followUps: (answer, defaults) => [
      ...defaults.slice(0, 2),
      `Which ${answer.results[0]?.columns[0]?.name ?? 'item'} grew fastest?`,
    ],
  },
  play: async ({ canvasElement }) => {
    await answer(canvasElement, 'Orders by country');
    await expect(names(await followUps(canvasElement))).toEqual([
      'Orders over time',
      'Orders by region',
      'Which country grew fastest?',
    ]);
  },
};

const hostileMeta: MetaResponse = {
  cubes: [
    {
      name: 'evil',
      title: 'Evil',
      measures: [
        { name: 'evil.m', title: `<img src=x onerror="alert(1)">${'Revenue '.repeat(1_250)}`, type: 'number' },
      ],
      dimensions: [
        { name: 'evil.d', title: '<script>alert(1)</script>\u202Egnirts desrever', type: 'string' },
        { name: 'evil.t', title: 'Created', type: 'time' },
      ],
    },
  ],
};

/**
 * Hostile titles in the model: markup stays text, a 10,000-character title is cut to 60
 * characters, direction marks are removed; the buttons wrap inside the chat.
 */
export const HostileTitles: Story = {
  args: { dataModel: hostileMeta },
  play: async ({ canvasElement }) => {
    const buttons = within(await starters(canvasElement)).getAllByRole('button');
    await expect(buttons).toHaveLength(2);
    await expect(buttons[0]!.textContent).toMatch(/^<img src=x onerror="alert\(1\)">Revenue .*… by <script>/);
    for (const button of buttons) await expect(button.textContent!.length).toBeLessThan(200);
    await expect(canvasElement.querySelector('.ek-chat img, .ek-chat script')).toBeNull();
    const chat = canvasElement.querySelector('.ek-chat')!.getBoundingClientRect();
    for (const button of buttons) await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(chat.right);
  },
};
