import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { FilterBar } from '../../src/react/native';
import { Board, type BoardDefinition } from '../../src/react/boards';
import { followingAnswerBoard, notesBoard } from '../../stories/Boards/board-definitions';
import { LAST_QUARTER, NativeFrame } from '../../stories/support/native-data';

// Adding a widget and pinned answers that follow the filters, in Chromium on the mock's data
// API, on a wide board and a phone-wide one: the form and the new widget stay inside the
// board, and no two cells overlap. VITE_B2_SHOTS=1 also saves screenshots to look at.

afterEach(cleanup);

const TODAY = new Date(Date.UTC(2024, 11, 31));
const shot = (name: string) =>
  import.meta.env.VITE_B2_SHOTS ? page.screenshot({ path: `/work/main/node_modules/.cache/b2/${name}.png` }) : null;

function OnMock({ definition, width, editable }: { definition: BoardDefinition; width: number; editable?: boolean }) {
  const [saved, setSaved] = useState<unknown>(definition);
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
      <div style={{ width, display: 'grid', gap: 12 }}>
        <FilterBar dimensions={['orders.region']} />
        <Board definition={saved} editable={editable} today={TODAY} onChange={setSaved} />
      </div>
    </NativeFrame>
  );
}

/** Every cell inside the board, none over another. */
function laidOut() {
  const board = document.querySelector('.ek-board')!.getBoundingClientRect();
  const cells = [...document.querySelectorAll('.ek-board__cell')].map((cell) => cell.getBoundingClientRect());
  for (const [i, a] of cells.entries()) {
    expect(a.left).toBeGreaterThanOrEqual(board.left - 0.5);
    expect(a.right).toBeLessThanOrEqual(board.right + 0.5);
    for (const b of cells.slice(i + 1))
      expect(
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5,
      ).toBe(true);
  }
}

describe.each([
  ['desktop', 1100, [1280, 900]],
  ['phone', 360, [390, 844]],
] as const)('on a %s', (name, width, [viewportWidth, viewportHeight]) => {
  beforeEach(async () => {
    await page.viewport(viewportWidth, viewportHeight);
  });

  it('adds a chart by region through the form, inside the board', async () => {
    render(<OnMock definition={notesBoard()} width={width} editable />);
    await screen.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    const form = await screen.findByRole('dialog', { name: 'Add a widget' }, { timeout: 15_000 });
    await userEvent.click(within(form).getByRole('radio', { name: 'Chart' }));
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'By' }), 'Region');
    const box = form.getBoundingClientRect();
    expect(box.right).toBeLessThanOrEqual(document.querySelector('.ek-board')!.getBoundingClientRect().right + 0.5);
    await shot(`add-form-${name}`);
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(
      () => expect(document.querySelector('[data-widget-id="chart-1"] .ek-chart__view[data-drawn]')).not.toBeNull(),
      {
        timeout: 20_000,
      },
    );
    laidOut();
    await shot(`added-${name}`);
  });

  it('pinned answers from the data model follow the filter bar', async () => {
    render(<OnMock definition={followingAnswerBoard()} width={width} />);
    const countries = await waitFor(
      () => {
        const cell = document.querySelector<HTMLElement>('[data-widget-id="countries"]');
        expect(cell?.textContent).toContain('United States');
        return cell!;
      },
      { timeout: 20_000 },
    );
    await waitFor(
      () => expect(document.querySelector('[data-widget-id="regions"] .ek-chart__view[data-drawn]')).not.toBeNull(),
      {
        timeout: 20_000,
      },
    );
    laidOut();
    await shot(`answers-${name}`);
    // The filter bar's region list opens from its summary where it is folded.
    const europe = await screen.findByRole('checkbox', { name: 'Europe', hidden: true }, { timeout: 15_000 });
    if (!europe.checkVisibility()) await userEvent.click(europe.closest('details')!.querySelector('summary')!);
    await userEvent.click(europe);
    await waitFor(() => expect(countries.textContent).not.toContain('United States'), { timeout: 15_000 });
    expect(countries.textContent).toContain('Germany');
    await shot(`answers-europe-${name}`);
  });
});
