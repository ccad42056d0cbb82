import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Explore, serializeExplore, type ExploreState } from '../../src/react/explore';
import { NativeOnMock } from '../../stories/support/native';
import {
  axeViolations,
  expectFocusIn,
  expectFocusOn,
  focused,
  liveLog,
  recordingFetch,
  ringProblems,
} from './keyboard-support';

// The explorer by keyboard and screen reader in Chromium, on the mock's data API, with real key
// presses: every action the issue lists (a member, its chip, a filter by the keyboard, a custom
// date range typed, the chart type, a drill, the breadcrumb, back and forward, reset, save),
// and after each one where focus is (never the page's body), what the live region said (each
// answer once, in words), and what was asked of the data API.

afterEach(cleanup);

const drawn = (container: HTMLElement) =>
  waitFor(
    () => expect(container.querySelector('.ek-qchart[data-state="ready"] .ek-chart__view[data-drawn]')).not.toBeNull(),
    {
      timeout: 20_000,
    },
  );
const settled = (container: HTMLElement) =>
  waitFor(
    () =>
      expect(
        container.querySelector(
          '.ek-qchart[data-state="ready"]:not([aria-busy]), .ek-qtable[data-state="ready"]:not([aria-busy])',
        ),
      ).not.toBeNull(),
    { timeout: 20_000 },
  );
const combobox = (name: string) => screen.getByRole('combobox', { name });

function setup(props: { link?: string } = {}) {
  const { sent, fetch } = recordingFetch();
  const changes: ExploreState[] = [];
  const saved: { state: ExploreState; title: string }[] = [];
  const view = render(
    <NativeOnMock fetch={fetch}>
      <Explore
        {...props}
        onChange={(state) => changes.push(state)}
        onSave={(state, { title }) => saved.push({ state, title })}
      />
    </NativeOnMock>,
  );
  return { ...view, sent, changes, saved };
}

describe('Explore by keyboard and screen reader', () => {
  it('builds, changes and drills a question by keyboard alone: focus always lands on a sensible element, each answer is said once', async () => {
    await page.viewport(1440, 900);
    const { container, sent, changes, saved } = setup();
    const announcer = await waitFor(() => {
      const region = container.querySelector('.ek-explore__announcer');
      expect(region).not.toBeNull();
      return region!;
    });
    expect(announcer).toHaveAttribute('role', 'status');
    // One live region in the explorer.
    expect(container.querySelectorAll('.ek-explore [role="status"], .ek-explore [aria-live]').length).toBeGreaterThan(
      0,
    );
    const log = liveLog(announcer);
    // What the region said since the last step: the step's answer, once.
    let heard = 0;
    const said = async (text: string | RegExp) => {
      await waitFor(
        () => {
          expect(log.said.length).toBeGreaterThan(heard);
          if (typeof text === 'string') expect(log.said.at(-1)).toBe(text);
          else expect(log.said.at(-1)).toMatch(text);
        },
        { timeout: 20_000 },
      );
      const since = log.said.slice(heard);
      heard = log.said.length;
      expect(since, `said: ${JSON.stringify(since)}`).toHaveLength(1);
    };

    // A measure and a dimension, each with Space on its checkbox: focus stays on it.
    const revenue = await screen.findByRole('checkbox', { name: /^Revenue/ }, { timeout: 20_000 });
    revenue.focus();
    await userEvent.keyboard(' ');
    expectFocusOn(revenue, 'Revenue picked');
    await settled(container);
    await said('Revenue: 1 row');
    const region = screen.getByRole('checkbox', { name: /^Region/ });
    region.focus();
    await userEvent.keyboard(' ');
    expectFocusOn(region, 'Region picked');
    await drawn(container);
    await said('Revenue by Region: 4 rows');

    // The measure's chip taken away: a question of dimensions only draws (the table of its
    // values), and focus goes to the next chip's button.
    screen.getByRole('button', { name: 'Remove Revenue' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expectFocusOn(screen.getByRole('button', { name: 'Remove Region' }), 'a chip removed'));
    await settled(container);
    expect(container.querySelector('.ek-explore__result')!.textContent).not.toMatch(/Cannot read|undefined|Could not/);
    expect(
      within(container.querySelector('.ek-explore__result')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Asia Pacific', 'Europe', 'Latin America', 'North America']);
    await said('Region: 4 rows');
    // The last chip: focus goes to the one before it, then to the search.
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expectFocusOn(screen.getByRole('searchbox', { name: 'Search members' }), 'the last chip removed'),
    );
    await said('Pick a measure or a dimension to see a result.');

    // Back to the first step: Back disables itself there and hands focus to Forward; Forward
    // to the last step hands it back; two steps back is the question again.
    const back = screen.getByRole('button', { name: 'Back' });
    const forward = screen.getByRole('button', { name: 'Forward' });
    back.focus();
    for (let i = 0; i < 6 && !back.hasAttribute('disabled'); i++) {
      await userEvent.keyboard('{Enter}');
      expect(document.activeElement, `Back ${i + 1}: focus is on ${focused()}`).not.toBe(document.body);
    }
    expect(back).toBeDisabled();
    await waitFor(() => expectFocusOn(forward, 'Back disabled itself'));
    for (let i = 0; i < 6 && !forward.hasAttribute('disabled'); i++) await userEvent.keyboard('{Enter}');
    expect(forward).toBeDisabled();
    await waitFor(() => expectFocusOn(back, 'Forward disabled itself'));
    await userEvent.keyboard('{Enter}{Enter}');
    expectFocusOn(back, 'Back twice');
    await settled(container);
    await waitFor(() => expect(log.said.at(-1)).toBe('Revenue by Region: 4 rows'), { timeout: 20_000 });
    heard = log.said.length;

    // "Add a filter on": arrows move through the list and add nothing; Enter adds the one reached.
    const add = combobox('Add a filter on');
    add.focus();
    const before = changes.length;
    await userEvent.keyboard('{ArrowDown}');
    expect(add).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 4; i++) await userEvent.keyboard('{ArrowDown}');
    expect(changes).toHaveLength(before);
    expect(container.querySelectorAll('.ek-explore__filter')).toHaveLength(0);
    const active = document.getElementById(add.getAttribute('aria-activedescendant')!)!;
    expect(active.textContent).toBe('Region');
    await userEvent.keyboard('{Enter}');
    expect(changes).toHaveLength(before + 1);
    expect(changes.at(-1)!.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: [] }]);
    expectFocusOn(add, 'a filter added');
    expect(add).toHaveAttribute('aria-expanded', 'false');
    // Escape and Tab close without a change.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(changes).toHaveLength(before + 1);
    expectFocusOn(add, 'Escape');
    // The filter's value, by keyboard (Space on a checkbox), then its remove button: focus
    // goes to "Add a filter on", the only control left there.
    const europe = await screen.findByRole('checkbox', { name: 'Europe' }, { timeout: 20_000 });
    europe.focus();
    await userEvent.keyboard(' ');
    await settled(container);
    await said('Revenue by Region: 1 row');
    screen.getByRole('button', { name: 'Remove the filter on Region' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expectFocusOn(add, 'the filter removed'));
    await settled(container);
    await said('Revenue by Region: 4 rows');

    // A time dimension, then "Custom range" (End, Enter): its From/To fields appear, nothing
    // asked yet; two dates typed are one query and one change.
    const time = combobox('Time dimension');
    time.focus();
    await userEvent.keyboard('{ArrowDown}{End}{Enter}');
    expect(time.textContent).toBe('Created at');
    expectFocusOn(time, 'a time dimension picked');
    await settled(container);
    await said(/^Revenue by Region: \d+ rows$/);
    const range = combobox('Date range');
    range.focus();
    const asked = sent.length;
    const changed = changes.length;
    await userEvent.keyboard('{ArrowDown}{End}{Enter}');
    expect(range.textContent).toBe('Custom range');
    expectFocusOn(range, 'Custom range picked');
    const from = screen.getByLabelText('From', { selector: 'input' });
    const to = screen.getByLabelText('To', { selector: 'input' });
    expect(changes).toHaveLength(changed);
    await userEvent.keyboard('{Tab}');
    expectFocusOn(from, 'Tab to From');
    await userEvent.keyboard('01022024');
    // Chrome's date field has its calendar button after the year: a Tab or two to leave it.
    for (let i = 0; i < 3 && document.activeElement !== to; i++) await userEvent.keyboard('{Tab}');
    expectFocusOn(to, 'Tab to To');
    await userEvent.keyboard('03312024');
    await waitFor(() => expect(changes).toHaveLength(changed + 1), { timeout: 5_000 });
    expect(changes.at(-1)!.time).toEqual({
      dimension: 'orders.createdAt',
      granularity: 'month',
      dateRange: ['2024-01-02', '2024-03-31'],
    });
    await settled(container);
    // The partial years typed (0002, 0020, 0202) were never asked for.
    const ranged = sent.slice(asked).filter((query) => query.timeDimensions?.some((t) => t.dateRange));
    expect(ranged.map((query) => query.timeDimensions![0]!.dateRange)).toEqual([['2024-01-02', '2024-03-31']]);
    expect(changes).toHaveLength(changed + 1);
    expectFocusOn(to, 'dates typed');
    await said('Revenue by Region: 12 rows');

    // Chart type by keyboard: the table, then bars again; focus stays on the control.
    const chartType = combobox('Chart type');
    chartType.focus();
    await userEvent.keyboard('{ArrowDown}{End}{Enter}');
    expect(chartType.textContent).toBe('Table');
    await settled(container);
    expectFocusOn(chartType, 'the table picked');
    await said('Revenue by Region: 12 rows');
    // The table's own row count is not said too (the explorer said the answer); a page turned would be.
    expect(container.querySelector('.ek-qtable .ek-table__count')).toHaveAttribute('aria-live', 'off');
    await userEvent.keyboard('{ArrowDown}{Home}{Enter}');
    expect(chartType.textContent).toBe('Automatic');
    await drawn(container);
    expectFocusOn(chartType, 'the automatic chart picked');
    await said('Revenue by Region: 12 rows');

    // The chart is one Tab stop for its marks (the toolbar's menus before it): arrows move
    // between marks, Enter opens a mark's drill menu, as on a board.
    let tabs = 0;
    while (!document.activeElement?.closest('.ek-qchart__marks') && tabs < 6) {
      await userEvent.keyboard('{Tab}');
      tabs++;
    }
    const marks = container.querySelector('.ek-qchart__marks')!;
    expectFocusIn(marks, 'Tab into the marks');
    const first = document.activeElement as HTMLElement;
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).not.toBe(first);
    expectFocusIn(marks, 'ArrowRight');
    expect(marks.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    await userEvent.keyboard('{ArrowLeft}');
    expectFocusOn(first, 'ArrowLeft');
    const mark = first.textContent!.split(':')[0]!;
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: `Drill into ${mark}` }, { timeout: 20_000 });
    await waitFor(() => expectFocusOn(within(menu).getAllByRole('menuitem')[0], 'the drill menu opened'));
    await userEvent.keyboard('{Escape}');
    expectFocusOn(first, 'the drill menu closed');
    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('menu');
    await waitFor(() => expect(within(again).getAllByRole('menuitem').length).toBeGreaterThan(1));
    within(again).getByRole('menuitem', { name: 'Break down by Country' }).focus();
    await userEvent.keyboard('{Enter}');
    // The drilled chart's heading takes focus; Tab goes on inside the drilled chart.
    const heading = await screen.findByRole('heading', { name: `Country (${mark})` }, { timeout: 20_000 });
    await waitFor(() => expectFocusOn(heading, 'a break down'));
    await userEvent.keyboard('{Tab}');
    expectFocusIn(heading.closest('.ek-qchart'), 'Tab after a break down');
    // The breadcrumb back: focus on the chart's heading again.
    screen.getByRole('button', { name: '← Revenue by Region' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expectFocusOn(screen.getByRole('heading', { name: 'Revenue by Region' }), 'the breadcrumb back'),
    );

    // Save: the question with its title.
    screen.getByRole('button', { name: 'Save to board' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(saved.at(-1)!.title).toBe('Revenue by Region');

    // Reset: focus stays on it, and the empty explorer says what to do.
    const reset = screen.getByRole('button', { name: 'Reset' });
    reset.focus();
    await userEvent.keyboard('{Enter}');
    expectFocusOn(reset, 'Reset');
    await waitFor(() => expect(log.said.at(-1)).toBe('Pick a measure or a dimension to see a result.'));
    log.stop();
  }, 180_000);

  it('"Explore from here" on a mark makes the datum the question (filtered to it); focus stays in the chart', async () => {
    await page.viewport(1440, 900);
    const question: ExploreState = {
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      filters: [],
      order: [],
      view: 'bar',
    };
    const { container, changes } = setup({ link: serializeExplore(question) });
    await drawn(container);
    const europe = await waitFor(() => {
      const button = [...container.querySelectorAll<HTMLElement>('.ek-qchart__marks button')].find((b) =>
        b.textContent!.startsWith('Europe'),
      );
      expect(button).toBeTruthy();
      return button!;
    });
    europe.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Drill into Europe' }, { timeout: 20_000 });
    const item = await within(menu).findByRole('menuitem', { name: 'Explore from here' });
    item.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(changes.at(-1)?.filters).toEqual([{ member: 'orders.region', operator: 'equals', values: ['Europe'] }]),
    );
    expect(changes.at(-1)!.view).toBe('bar');
    await settled(container);
    expectFocusIn(container.querySelector('.ek-qchart'), 'Explore from here');
    // Back undoes it.
    screen.getByRole('button', { name: 'Back' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(changes.at(-1)!.filters).toEqual([]));
  }, 60_000);

  it('every other control keeps focus as it changes the question: each select by keyboard, each checkbox by Space, a range removed', async () => {
    await page.viewport(1440, 900);
    const question: ExploreState = {
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      time: { dimension: 'orders.createdAt', granularity: 'month' },
      filters: [
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
        { member: 'orders.revenue', operator: 'gte', values: ['100'] },
        { member: 'orders.revenue', operator: 'lte', values: ['5000000'] },
        { member: 'orders.category', operator: 'contains', values: ['Soft'] },
      ],
      order: [['orders.revenue', 'desc']],
      view: 'auto',
    };
    const { container, changes } = setup({ link: serializeExplore(question) });
    await drawn(container);
    // Each select but "Add a filter on": open, move, Enter; a change, focus kept.
    const order = combobox('Order');
    order.focus();
    await userEvent.keyboard('{ArrowDown}{Home}{Enter}');
    expect(changes.at(-1)!.order).toEqual([['orders.revenue', 'asc']]);
    expectFocusOn(order, 'Order changed');
    const selects = [
      ['Granularity', '{ArrowDown}{ArrowDown}{Enter}'],
      ['Date range', '{ArrowDown}{ArrowDown}{Enter}'],
      ['Condition: Region', '{ArrowDown}{ArrowDown}{Enter}'],
      ['Condition: Product category', '{ArrowDown}{ArrowDown}{Enter}'],
      ['Sort by', '{ArrowDown}{Home}{Enter}'],
      ['Chart type', '{ArrowDown}{ArrowDown}{Enter}'],
      ['Time dimension', '{ArrowDown}{Home}{Enter}'],
    ] as const;
    for (const [name, keys] of selects) {
      const box = combobox(name);
      box.focus();
      const before = changes.length;
      await userEvent.keyboard(keys);
      expect(changes.length, name).toBe(before + 1);
      await waitFor(() => expectFocusOn(combobox(name), `${name} changed`));
    }
    // Checkboxes: a member, a value; Space, focus kept.
    for (const box of [
      screen.getByRole('checkbox', { name: /^Country/ }),
      await screen.findByRole('checkbox', { name: 'Asia Pacific' }, { timeout: 20_000 }),
    ]) {
      box.focus();
      await userEvent.keyboard(' ');
      expectFocusOn(box, `${box.getAttribute('aria-label') ?? box.parentElement?.textContent} toggled`);
    }
    // A number range's remove button (both its ends go): focus on the next filter's.
    screen.getByRole('button', { name: 'Remove the filter on Revenue' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expectFocusOn(screen.getByRole('button', { name: 'Remove the filter on Product category' }), 'a range removed'),
    );
    expect(changes.at(-1)!.filters.map((filter) => filter.member)).toEqual(['orders.region', 'orders.category']);
  }, 90_000);

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const)
    it(`at ${width} px: axe finds nothing, and every focus ring shows whole (Tab through everything)`, async () => {
      await page.viewport(width, height);
      const question: ExploreState = {
        measures: ['orders.revenue'],
        dimensions: ['orders.region'],
        time: { dimension: 'orders.createdAt', granularity: 'month', dateRange: ['2024-01-01', '2024-06-30'] },
        filters: [
          { member: 'orders.region', operator: 'equals', values: ['Europe', 'Asia Pacific'] },
          { member: 'orders.revenue', operator: 'gte', values: ['100'] },
          { member: 'orders.createdAt', operator: 'inDateRange', values: ['2024-01-01', '2024-03-31'] },
        ],
        order: [['orders.revenue', 'desc']],
        view: 'auto',
      };
      const { container } = setup({ link: serializeExplore(question) });
      await drawn(container);
      await screen.findByRole('checkbox', { name: 'Europe' }, { timeout: 20_000 });
      expect(await axeViolations(container)).toEqual([]);
      // A select open, and a drill menu open: still clean.
      combobox('Add a filter on').focus();
      await userEvent.keyboard('{ArrowDown}');
      expect(await axeViolations(container)).toEqual([]);
      await userEvent.keyboard('{Escape}');

      // Tab through the whole explorer: each stop's ring lies inside every box that clips.
      const problems: string[] = [];
      const stops: string[] = [];
      screen.getByRole('searchbox', { name: 'Search members' }).focus();
      for (let i = 0; i < 80; i++) {
        if (!container.contains(document.activeElement)) break;
        stops.push(focused());
        problems.push(...ringProblems());
        await userEvent.keyboard('{Tab}');
      }
      expect(problems).toEqual([]);
      // The chart's marks are one stop, not one per mark.
      expect(stops.filter((stop) => /^button "(Jan|Feb|Mar|Apr|May|Jun) 2024/.test(stop)).length).toBeLessThanOrEqual(
        1,
      );

      const mark = container.querySelector<HTMLElement>('.ek-qchart__marks button[tabindex="0"]')!;
      mark.focus();
      expect(ringProblems()).toEqual([]);
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu', {}, { timeout: 20_000 });
      await waitFor(() => expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(1));
      expect(await axeViolations(document.body)).toEqual([]);
      expect(ringProblems()).toEqual([]);
      await userEvent.keyboard('{Escape}');
    }, 90_000);
});
