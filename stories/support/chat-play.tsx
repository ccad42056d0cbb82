import type { Decorator } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

// What the chat stories share: their frame, their people, and the steps their play functions take.

/** The chat's user in the stories (no picture: the avatar shows initials). */
export const STORY_USER = { displayName: 'Uma User', picture: undefined };
/** The agent's name in the stories. */
export const STORY_AGENT = { name: 'Data analyst' };

/** A container 640 px high (`parameters.containerHeight` changes it), 860 px wide at most, which the chat fills. */
export const chatFrame: Decorator = (Story, { parameters }) => (
  <div style={{ height: (parameters.containerHeight as number | undefined) ?? 640, maxWidth: 860, margin: '0 auto' }}>
    {Story()}
  </div>
);

/** Types `question` in the composer and sends it with Enter. */
export async function askChat(canvasElement: HTMLElement, question: string): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Ask a question' }), `${question}{Enter}`);
}

/** Until the chat announces that the answer is done. */
export const chatDone = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).getByRole('status')).toHaveTextContent('Done.'), { timeout: 15_000 });
