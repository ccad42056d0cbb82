// The chat refuses a question over `maxInputLength` before the network: the proxy would
// answer 400 and the user would see a generic error. A typed `input-too-long` error, the
// question kept unsent, Retry that never sends it; at the limit it goes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_INPUT_LENGTH as PROTOCOL_MAX } from '../../../src/protocol';
import { DEFAULT_MAX_INPUT_LENGTH as SERVER_MAX } from '../../../src/server';
import { createChatStore, DEFAULT_MAX_INPUT_LENGTH, type ChatError, type ChatTransport } from '../../../src';
import { recordingTransport } from './recording-transport';

function setup(extra: Partial<ChatTransport> = {}) {
  const { transport, requests } = recordingTransport(extra);
  const errors: ChatError[] = [];
  const store = createChatStore({ transport: () => transport, onError: (error) => errors.push(error) });
  return { store, requests, errors };
}

describe('the longest question', () => {
  it('is one limit: the proxy’s default is the browser’s', () => {
    expect(DEFAULT_MAX_INPUT_LENGTH).toBe(10_000);
    expect(PROTOCOL_MAX).toBe(DEFAULT_MAX_INPUT_LENGTH);
    expect(SERVER_MAX).toBe(DEFAULT_MAX_INPUT_LENGTH);
  });

  it('send() past the limit fails typed, sends nothing, keeps the question unsent; Retry does not send it', async () => {
    const { store, requests, errors } = setup();
    const question = 'x'.repeat(DEFAULT_MAX_INPUT_LENGTH + 1);
    await store.getState().send(`  ${question}\n`);
    const state = store.getState();
    expect(requests).toEqual([]);
    expect(state.status).toBe('error');
    expect(state.error?.kind).toBe('input-too-long');
    expect(state.error?.message).toBe('Over 10000 characters');
    expect(state.unsent).toEqual({ content: question });
    expect(state.pending).toBeNull();
    expect(errors.map((e) => e.kind)).toEqual(['input-too-long']);
    await store.getState().retry();
    expect(requests).toEqual([]);
    expect(store.getState().error?.kind).toBe('input-too-long');
    // A shorter question goes, and replaces the unsent one.
    await store.getState().send('Revenue by region');
    expect(requests).toHaveLength(1);
    expect(store.getState()).toMatchObject({ status: 'idle', error: null, unsent: null });
  });

  it('counts the trimmed question; at the limit it is sent', async () => {
    const { store, requests } = setup({ maxInputLength: 20 });
    await store.getState().send(`   ${'y'.repeat(20)}   `);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ input: 'y'.repeat(20) });
    await store.getState().send('z'.repeat(21));
    expect(requests).toHaveLength(1);
    expect(store.getState().error?.kind).toBe('input-too-long');
  });
});
