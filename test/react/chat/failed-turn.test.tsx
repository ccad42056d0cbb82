// A turn that fails mid-answer shows nothing still running: no "Thinking…", no tool step
// "running…", no busy row or panel. Everything received stays in the thread.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMockService, FAULTS_HEADER, MOCK_ADMIN_KEY } from '../../../src/mock';
import { chatStreamUrl } from '../../../src/protocol';
import { AgentChat, createChatStore, type ChatTransport } from '../../../src';

const ORIGIN = 'http://mock.test';

/** A chat whose first request drops after `lines` lines; no re-joins, so the turn fails there. */
function setup(lines: number) {
  const mock = createMockService({ lineDelayMs: 3 });
  let first = true;
  const transport: ChatTransport = {
    url: chatStreamUrl({ origin: ORIGIN, cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' }),
    fetch: mock.fetch,
    headers: () => {
      const headers: Record<string, string> = { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` };
      if (first) headers[FAULTS_HEADER] = JSON.stringify({ dropAfterLines: lines });
      first = false;
      return headers;
    },
    sessionSettings: { externalId: 'ui-user' },
  };
  const store = createChatStore({ transport: () => transport, rejoin: { attempts: 0 } });
  render(
    <div style={{ height: 600 }}>
      <AgentChat showThinking transport={transport} store={store} />
    </div>,
  );
  return store;
}

describe('a turn that fails mid-answer', () => {
  // The mock's "Revenue by region": thinking deltas on lines 3-29, the model search on 31-32,
  // the SQL call on 33-34, the answer from 35.
  it.each([
    ['while thinking', 12, '.ek-thinking', /^(Thought for \d+ s|Reasoning)/],
    ['while searching the data model', 31, '[data-kind="meta"]', 'Did not finish.'],
    ['while a query runs', 33, '[data-kind="sql"]', 'Did not finish.'],
    ['while the answer is written', 38, '.ek-message--final', 'North'],
  ])('%s shows nothing running', async (_, lines, part, shown) => {
    const store = setup(lines);
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The connection dropped before the answer was complete.');
    expect(store.getState().turn?.phase).toBe('failed');
    const log = screen.getByRole('log');
    expect(log.querySelector(part)).toHaveTextContent(shown); // what arrived is kept, as it ended
    expect(log).not.toHaveTextContent('Thinking…');
    expect(log).not.toHaveTextContent('running…');
    expect(log).not.toHaveTextContent('Searching the data model');
    // A chart still loading vega is busy with its own work, not the turn's: let it settle.
    await waitFor(() => expect(log.querySelector('.ek-chart__canvas[data-state="loading"]')).toBeNull());
    expect(log.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
    expect(store.getState().thread.messages.filter((m) => m.isInProcess)).toEqual([]);
    expect(document.querySelector('.ek-progress')).toBeNull();
    // Retry follows the turn the service still has: it finishes, with the answer.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(store.getState().status).toBe('idle'), { timeout: 5000 });
    expect(log.querySelector('.ek-message--final')).toHaveTextContent(/North America/);
  });
});
