import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat } from '../../src';
import { mockTransport } from '../support/chat';
import { askChat, chatFrame, STORY_AGENT, STORY_USER } from '../support/chat-play';

const meta = {
  title: 'Chat/Edit and ask again',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [chatFrame],
  args: { transport: mockTransport('storybook-edit'), user: STORY_USER, agent: STORY_AGENT },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const answers = (canvasElement: HTMLElement, count: number) =>
  waitFor(
    () => {
      expect(canvasElement.querySelectorAll('.ek-message--final')).toHaveLength(count);
      expect(within(canvasElement).getByRole('status')).toHaveTextContent('Done.');
    },
    { timeout: 15_000 },
  );

/** Opens the editor of the last question and replaces its text (by keyboard). */
const edit = async (canvasElement: HTMLElement, text: string) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Edit question' }));
  const box = canvas.getByRole('textbox', { name: 'Edit your question' });
  await expect(box).toHaveFocus();
  await userEvent.clear(box);
  await userEvent.type(box, text);
  return box;
};

/** The last question's editor, open: Enter asks again, Escape cancels (focus back on Edit). */
export const EditorOpen: Story = {
  args: { transport: mockTransport('storybook-edit-open') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by country');
    await answers(canvasElement, 1);
    const box = await edit(canvasElement, 'Nothing');
    await userEvent.keyboard('{Escape}');
    await expect(box).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Edit question' })).toHaveFocus();
    await edit(canvasElement, 'Revenue by region');
  },
};

/**
 * The question edited and asked again in the same thread: the new wording's answer below,
 * the earlier answer folded under the earlier wording ("Show the answer to this wording").
 */
export const EditedQuestion: Story = {
  args: { transport: mockTransport('storybook-edit-folded') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by country');
    await answers(canvasElement, 1);
    await edit(canvasElement, 'Revenue by region');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-message--user')).toHaveLength(2), {
      timeout: 15_000,
    });
    await answers(canvasElement, 1); // the earlier answer is folded: one shows
    const questions = canvasElement.querySelectorAll('.ek-message--user');
    await expect(questions[0]).toHaveTextContent('Revenue by country');
    await expect(questions[0]).toHaveTextContent('Edited and asked again below.');
    await expect(questions[1]).toHaveTextContent('Revenue by region');
    await expect(canvas.getByRole('button', { name: 'Show the answer to this wording' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Only the last question can be edited.
    await expect(canvas.getAllByRole('button', { name: 'Edit question' })).toHaveLength(1);
  },
};

/** The earlier answer unfolded: labelled as the answer to the earlier wording. */
export const EarlierAnswerShown: Story = {
  args: { transport: mockTransport('storybook-edit-unfolded') },
  play: async (context) => {
    await EditedQuestion.play!(context);
    const canvas = within(context.canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Show the answer to this wording' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Hide the answer to this wording');
    await answers(context.canvasElement, 2);
    await expect(canvas.getByText('Answer to the earlier wording')).toBeVisible();
  },
};

/** Copy on a question: its text to the clipboard, "Copied" for a moment. */
export const CopyQuestion: Story = {
  args: { transport: mockTransport('storybook-copy-question') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const writes: string[] = [];
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (text: string) => void writes.push(text);
    try {
      await askChat(canvasElement, 'Orders over time');
      await answers(canvasElement, 1);
      // The question's actions load with the first answer: found, not got.
      const copy = await canvas.findByRole('button', { name: 'Copy question' });
      copy.focus(); // by keyboard: the actions show on focus
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(writes).toEqual(['Orders over time']));
      await waitFor(() => expect(copy).toHaveAccessibleName('Copied'));
    } finally {
      clipboard.writeText = original;
    }
  },
};

/** The question's actions, its editor and the fold in another language, through `labels`. */
export const Labels: Story = {
  args: {
    transport: mockTransport('storybook-edit-labels'),
    labels: {
      copyQuestion: 'Frage kopieren',
      editQuestion: 'Frage bearbeiten',
      editLabel: 'Ihre Frage bearbeiten',
      editSend: 'Erneut fragen',
      editCancel: 'Abbrechen',
      questionActions: 'Aktionen zur Frage',
      editedNote: 'Bearbeitet und unten erneut gefragt.',
      showEarlierAnswer: 'Antwort auf diese Formulierung zeigen',
      hideEarlierAnswer: 'Antwort auf diese Formulierung ausblenden',
      earlierAnswer: 'Antwort auf die frühere Formulierung',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by country');
    await answers(canvasElement, 1);
    await expect(canvas.getByRole('group', { name: 'Aktionen zur Frage' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Frage kopieren' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Frage bearbeiten' }));
    const box = canvas.getByRole('textbox', { name: 'Ihre Frage bearbeiten' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Revenue by region');
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut fragen' }));
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Antwort auf diese Formulierung zeigen' }, { timeout: 15_000 }),
    );
    await expect(canvas.getByText('Antwort auf die frühere Formulierung')).toBeVisible();
    await expect(canvas.getByText('Bearbeitet und unten erneut gefragt.')).toBeVisible();
  },
};
