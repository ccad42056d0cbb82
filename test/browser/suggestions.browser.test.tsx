import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { AgentChat, type AgentChatProps } from '../../src';
import { defaultFixture } from '../../src/mock';
import { dataModel } from '../../src/mock/data-api/model';
import type { MetaResponse } from '../../src/protocol';
import { mockTransport } from '../../stories/support/chat';

// How the suggestions lay out in a real browser: long questions wrap inside the chat (never
// widen it), and the follow-ups sit under the answer's text, clear of the avatars' column.

const mockMeta = dataModel(defaultFixture())!.meta;
const hostile: MetaResponse = {
  cubes: [
    {
      name: 'c',
      title: 'C',
      measures: [{ name: 'c.m', title: `<b>${'Wide'.repeat(2_500)}</b>`, type: 'number' }],
      dimensions: [
        { name: 'c.d', title: 'Region', type: 'string' },
        { name: 'c.t', title: 'Created', type: 'time' },
      ],
    },
  ],
};

function chat(width: number, props: Partial<AgentChatProps>) {
  return render(
    <div style={{ height: 700, width }}>
      <AgentChat transport={mockTransport(`suggest-layout-${Date.now()}`)} {...props} />
    </div>,
  );
}

afterEach(() => document.body.replaceChildren());

for (const width of [390, 760]) {
  it(`at ${width} px: the questions wrap inside the chat, the follow-ups under the answer`, async () => {
    const { unmount } = chat(width, { dataModel: hostile });
    const region = document.querySelector('.ek-chat')!.getBoundingClientRect();
    const starters = await screen.findByRole('list', { name: 'Suggested questions' });
    for (const button of within(starters).getAllByRole('button')) {
      const box = button.getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(region.left);
      expect(box.right).toBeLessThanOrEqual(region.right);
    }
    expect(document.querySelector('.ek-list')!.scrollWidth).toBeLessThanOrEqual(
      document.querySelector('.ek-list')!.clientWidth,
    );
    unmount();

    chat(width, { dataModel: mockMeta });
    await userEvent.click(
      await within(await screen.findByRole('list', { name: 'Suggested questions' })).findByRole('button', {
        name: 'Revenue by region',
      }),
    );
    const followUps = await screen.findByRole('list', { name: 'Ask next' }, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    // Aligned with the answer's column (its rule), below it, inside the chat. Measured once a
    // frame has passed: until the browser's next rendering step finds the new answer's row on
    // screen, the row (`content-visibility: auto`) keeps its placeholder height.
    await waitFor(() => {
      const answer = document.querySelector('.ek-message--final .ek-message__body')!.getBoundingClientRect();
      const list = followUps.getBoundingClientRect();
      expect(Math.abs(list.left - answer.left)).toBeLessThanOrEqual(1);
      expect(list.top).toBeGreaterThanOrEqual(answer.bottom);
    });
    for (const button of within(followUps).getAllByRole('button'))
      expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(region.right);
  }, 30_000);
}
