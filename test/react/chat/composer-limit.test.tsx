// The composer knows the longest question: a count near it, an alert past it, nothing sent,
// the text kept. Store-level refusal: input-length.test.ts.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AgentChat, createChatStore, type ChatTransport } from '../../../src';
import { recordingTransport } from './recording-transport';

function setup(extra: Partial<ChatTransport> = {}) {
  const { transport, requests } = recordingTransport(extra);
  const store = createChatStore({ transport: () => transport });
  render(
    <div style={{ height: 600 }}>
      <AgentChat transport={transport} store={store} />
    </div>,
  );
  const box = screen.getByRole('textbox', { name: 'Ask a question' });
  return { box, store, requests: () => requests.length };
}

describe('the composer and the length limit', () => {
  it('counts near the limit, refuses past it with an alert, keeps the text, sends once shortened', async () => {
    const { box, store, requests } = setup({ maxInputLength: 20 });
    await userEvent.type(box, 'x'.repeat(18));
    expect(screen.queryByText(/characters/)).toBeNull(); // 90% of the limit: no count yet
    await userEvent.type(box, 'x');
    expect(screen.getByText('19 / 20 characters')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('19 / 20 characters');
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.type(box, 'xx');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Too long to send: shorten it to 20 characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/21 \/ 20 characters/);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(box, '{Enter}');
    await userEvent.click(send);
    expect(requests()).toBe(0);
    expect(store.getState().status).toBe('idle');
    expect(box).toHaveValue('x'.repeat(21)); // nothing lost
    await userEvent.type(box, '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(store.getState().status).toBe('idle'));
    expect(requests()).toBe(1);
  });

  it('the default limit is the proxy’s, 10,000 characters', () => {
    const { box, requests } = setup();
    fireEvent.change(box, { target: { value: 'y'.repeat(10_001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('shorten it to 10,000 characters');
    expect(screen.getByText(/10,001 \/ 10,000 characters/)).toBeInTheDocument();
    fireEvent.submit(box.closest('form')!);
    expect(requests()).toBe(0);
  });

  it('a question past the limit sent another way (a host calling send) shows in the thread, typed, without Retry', async () => {
    const { store, requests } = setup({ maxInputLength: 10 });
    await store.getState().send('a question that is too long');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This question is too long to send.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('log')).toHaveTextContent('a question that is too long');
    expect(requests()).toBe(0);
  });
});
