import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { DemoApp } from '../../demo/App';
import { urlWithExplore } from '../../demo/explore-link';
import { EMPTY_EXPLORE, serializeExplore } from '../../src/react/explore';
import { fixtureDashboards, storybookDemoBackend } from '../../stories/support/demo-backend';

// The demo's "My board" and "Explore" in Chromium on the mock: an answer pinned from the chat
// is on the user's own board, live with that user's rows; an explored question saved to the
// board is there too; the explorer's question is in the URL, and back brings it again.
// VITE_D2_SHOTS=1 also saves screenshots (desktop and phone) to look at.

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', urlWithExplore(undefined));
  localStorage.clear();
});

/** `element` (default the whole demo), scrolled into view, as a PNG when asked for (VITE_D2_SHOTS=1). */
async function shot(name: string, element = document.querySelector<HTMLElement>('.demo')!) {
  if (!import.meta.env.VITE_D2_SHOTS) return;
  element.scrollIntoView({ block: 'start' });
  await page.screenshot({ path: `/work/main/node_modules/.cache/d2/${name}.png`, element });
}

function renderDemo(user: string, boardsKey: string | null = null) {
  return render(
    <DemoApp
      backend={storybookDemoBackend}
      dashboards={fixtureDashboards}
      initialUserId={user}
      conversationsKey={null}
      boardsKey={boardsKey}
    />,
  );
}

const answered = () =>
  waitFor(() => expect(document.querySelector('.ek-chat > [role="status"]')).toHaveTextContent('Done.'), {
    timeout: 20_000,
  });

const cell = (id: string) =>
  waitFor(
    () => {
      const found = document.querySelector<HTMLElement>(`[data-widget-id="${id}"]`);
      if (!found) throw new Error(`widget ${id} is not on the board`);
      return found;
    },
    { timeout: 15_000 },
  );

/** Asks `question` from the empty chat's suggestions and pins its answer. */
async function askAndPin(question: string) {
  await userEvent.click(await screen.findByRole('button', { name: question }, { timeout: 15_000 }));
  await answered();
  const panel = (await screen.findAllByRole('group', { name: 'Querying data' })).at(-1)!;
  await userEvent.click(await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
  await userEvent.click(within(await within(panel).findByRole('menu')).getByRole('menuitem', { name: 'Pin to board' }));
  await within(panel).findByText('Pinned to the board', {}, { timeout: 10_000 });
}

/** The text of every body cell of the tables in `root`. */
const cellsOf = (root: HTMLElement) => [...root.querySelectorAll('td, th[scope="row"]')].map((c) => c.textContent);

describe('the demo: My board and Explore', () => {
  it("pins a chat answer to the user's board, live with that user's rows", async () => {
    await page.viewport(1280, 900);
    renderDemo('elias', 'd2-test-boards');
    await askAndPin('Top 10 customers by revenue');
    await userEvent.click(screen.getByRole('button', { name: 'My board' }));
    const answer = await cell('answer-4');
    await waitFor(() => expect(within(answer).getAllByRole('row').length).toBeGreaterThan(1), { timeout: 15_000 });
    const eliasRows = cellsOf(answer);
    await shot('pinned-desktop');
    await shot('pinned-answer-desktop', answer);
    await page.viewport(390, 844);
    await shot('pinned-phone');
    await shot('pinned-answer-phone', answer);
    await page.viewport(1280, 900);

    // Kept in the user's store: a new page load (a new mount) finds it again.
    cleanup();
    renderDemo('elias', 'd2-test-boards');
    await userEvent.click(screen.getByRole('button', { name: 'My board' }));
    await cell('answer-4');

    // Erin's own board is another board: the seed only, until she pins the same question.
    cleanup();
    renderDemo('erin', 'd2-test-boards');
    await userEvent.click(screen.getByRole('button', { name: 'My board' }));
    await cell('weekly');
    expect(document.querySelector('[data-widget-id="answer-4"]')).toBeNull();
    await askAndPin('Top 10 customers by revenue');
    const erins = await cell('answer-4');
    await waitFor(() => expect(within(erins).getAllByRole('row').length).toBeGreaterThan(1), { timeout: 15_000 });
    // The same SQL, another identity: Erin's top customers are not Elias's (he sees Europe only).
    await waitFor(() => expect(cellsOf(erins)).not.toEqual(eliasRows), { timeout: 15_000 });
  }, 60_000);

  it('keeps an edit of the board made just before a pin (the board saves it before the pin reads)', async () => {
    await page.viewport(1280, 900);
    renderDemo('erin', 'd2-test-race');
    await userEvent.click(screen.getByRole('button', { name: 'My board' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revenue by region' }, { timeout: 15_000 }));
    await answered();
    // A move waits for the board's pause before it is saved: the pin comes inside that pause.
    // (Right onto Orders: the two swap places, Revenue to column 5.)
    const revenue = await cell('revenue');
    revenue.focus();
    await userEvent.keyboard('{ArrowRight}');
    const panel = (await screen.findAllByRole('group', { name: 'Querying data' })).at(-1)!;
    await userEvent.click(await within(panel).findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    await userEvent.click(
      within(await within(panel).findByRole('menu')).getByRole('menuitem', { name: 'Pin to board' }),
    );
    await within(panel).findByText('Pinned to the board', {}, { timeout: 10_000 });
    await cell('answer-4');
    await waitFor(() =>
      expect(
        document.querySelector<HTMLElement>('[data-widget-id="revenue"]')!.style.getPropertyValue('--ek-board-x'),
      ).toBe('5'),
    );
    // And in the store: a new page load shows both.
    cleanup();
    renderDemo('erin', 'd2-test-race');
    await userEvent.click(screen.getByRole('button', { name: 'My board' }));
    await cell('answer-4');
    expect((await cell('revenue')).style.getPropertyValue('--ek-board-x')).toBe('5');
  }, 60_000);

  it('saves an explored question to My board, and keeps the question in the URL', async () => {
    await page.viewport(1280, 900);
    renderDemo('erin');
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Revenue/ }, { timeout: 15_000 }));
    const afterRevenue = new URL(window.location.href).searchParams.get('explore');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Region/ }));
    await waitFor(() => expect(document.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
    const link = new URL(window.location.href).searchParams.get('explore');
    expect(link).toBeTruthy();
    expect(link).not.toBe(afterRevenue);
    await shot('explore-desktop');
    await page.viewport(390, 844);
    await shot('explore-phone');
    await page.viewport(1280, 900);

    // Back: the question as it was before Region (the explorer starts again from the URL).
    window.history.back();
    await waitFor(() => expect(new URL(window.location.href).searchParams.get('explore')).toBe(afterRevenue));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Region/ })).not.toBeChecked(), {
      timeout: 15_000,
    });
    expect(screen.getByRole('checkbox', { name: /^Revenue/ })).toBeChecked();
    window.history.forward();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Region/ })).toBeChecked(), { timeout: 15_000 });

    await userEvent.click(screen.getByRole('button', { name: 'Save to board' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open My board' }, { timeout: 5_000 }));
    expect(new URL(window.location.href).searchParams.get('explore')).toBeNull();
    const saved = await cell('explore-4');
    await waitFor(() => expect(saved.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
      timeout: 15_000,
    });
    await shot('board-desktop');
    await shot('board-saved-desktop', saved);
    await page.viewport(390, 844);
    await shot('board-phone');
    await shot('board-saved-phone', saved);
    await page.viewport(1280, 900);

    // Back from the board: the explorer with the saved question.
    window.history.back();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Explore'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Region/ })).toBeChecked(), { timeout: 15_000 });
  }, 60_000);

  it('opens the explorer from a link', async () => {
    renderDemo('erin');
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Country/ }, { timeout: 15_000 }));
    const link = new URL(window.location.href).searchParams.get('explore')!;
    cleanup();
    window.history.replaceState(null, '', urlWithExplore(link));
    renderDemo('erin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Explore');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Country/ })).toBeChecked(), { timeout: 15_000 });
  });

  it('opens a link naming what the user may not see: named above the explorer, the valid rest kept', async () => {
    const link = serializeExplore({ ...EMPTY_EXPLORE, measures: ['secret.salary', 'orders.revenue'] });
    window.history.replaceState(null, '', urlWithExplore(link));
    renderDemo('erin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Explore');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('secret.salary');
    expect(screen.getByRole('checkbox', { name: /^Revenue/ })).toBeChecked();
  });

  it('opens a link that is not a question at all as an empty explorer that says so', async () => {
    window.history.replaceState(null, '', urlWithExplore('{"measures":["orders.revenue"]}'));
    renderDemo('erin');
    await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(screen.getByRole('checkbox', { name: /^Revenue/ })).not.toBeChecked();
  });
});
