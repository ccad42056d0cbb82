import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Board, type BoardDefinition, type BoardLabels } from '../../src/react/boards';
import { FilterBar } from '../../src/react/native';
import { ELIAS, LAST_QUARTER, NativeFrame, type NativeFrameOptions } from '../support/native-data';
import {
  answerBoard,
  badBoard,
  followingAnswerBoard,
  futureBoard,
  holedBoard,
  notesBoard,
  salesBoard,
} from './board-definitions';

// Boards on the mock's data API by the session path (Erin unless said otherwise), over the
// last quarter of the mock's data (its "now" is 2024-12-31): the native KPIs, charts and
// tables laid out by a board definition, and edited by keyboard and pointer.

const TODAY = new Date(Date.UTC(2024, 11, 31));

type Args = NativeFrameOptions & {
  definition: unknown;
  editable?: boolean;
  labels?: Partial<BoardLabels>;
  locale?: string;
  width?: number;
  filterBar?: boolean;
  onChange?: (definition: BoardDefinition) => void;
};

function BoardOnMock({ definition, editable, labels, locale, width = 1100, filterBar, onChange, ...frame }: Args) {
  // The host keeps what the board hands back, as an app saving it would.
  const [saved, setSaved] = useState(definition);
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }} {...frame}>
      <div style={{ display: 'grid', gap: 12, width, maxWidth: '100%' }}>
        {filterBar ? <FilterBar dimensions={['orders.region']} /> : null}
        <Board
          definition={saved}
          editable={editable}
          labels={labels}
          locale={locale}
          today={TODAY}
          onChange={(next) => {
            setSaved(next);
            onChange?.(next);
          }}
        />
      </div>
    </NativeFrame>
  );
}

const meta = {
  title: 'Boards/Board',
  component: BoardOnMock,
  parameters: { layout: 'padded' },
  args: { definition: salesBoard() },
} satisfies Meta<typeof BoardOnMock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every data widget of `root` has its answer and every chart has drawn. */
const allReady = (root: HTMLElement, widgets: number, charts: number) =>
  waitFor(
    () => {
      const shown = [...root.querySelectorAll<HTMLElement>('.ek-kpi, .ek-qchart, .ek-qtable')];
      expect(shown).toHaveLength(widgets);
      for (const widget of shown) expect(widget.dataset.state).toBe('ready');
      expect(root.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(charts);
    },
    { timeout: 30_000 },
  );

/** No two widgets overlap, and none sticks out of the board. */
const laidOut = (root: HTMLElement) => {
  const board = root.querySelector('.ek-board__grid')!.getBoundingClientRect();
  const cells = [...root.querySelectorAll('.ek-board__cell')].map((cell) => cell.getBoundingClientRect());
  for (const [i, a] of cells.entries()) {
    expect(a.left).toBeGreaterThanOrEqual(board.left - 0.5);
    expect(a.right).toBeLessThanOrEqual(board.right + 0.5);
    for (const b of cells.slice(i + 1))
      expect(
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5,
      ).toBe(true);
  }
};

/** View mode: four KPIs, two charts, a table and a note where the definition puts them. */
export const View: Story = {
  play: async ({ canvasElement }) => {
    await allReady(canvasElement, 7, 2);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Sales overview' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Software revenue' })).toHaveTextContent(/\$/);
    await expect(canvas.getByText(/Revenue is net of refunds/)).toBeVisible();
    // Nothing to edit in view mode.
    await expect(canvas.queryByRole('button', { name: /^Remove/ })).toBeNull();
    laidOut(canvasElement);
  },
};

/**
 * The page's filter bar reaches every widget of the board: Europe picked, the KPIs answer
 * again for Europe alone.
 */
export const WithPageFilters: Story = {
  args: { filterBar: true },
  play: async ({ canvasElement }) => {
    await allReady(canvasElement, 7, 2);
    const canvas = within(canvasElement);
    const value = () => canvas.getByRole('group', { name: 'Revenue' }).querySelector('.ek-kpi__value')!.textContent;
    const before = value();
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 }));
    await waitFor(() => expect(value()).not.toBe(before), { timeout: 15_000 });
    await allReady(canvasElement, 7, 2);
  },
};

/**
 * Edit mode by keyboard alone: Tab to a widget, arrows move it (onto a neighbour, the two swap
 * places: nothing is pushed down a row, no hole is left), Shift with arrows resizes it, each
 * change announced with focus kept on the widget; Ctrl+Z undoes, Shift+Ctrl+Z redoes, and every
 * change is handed to the host.
 */
export const EditByKeyboard: Story = {
  args: { definition: notesBoard(), editable: true, onChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const goals = await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    const status = canvas.getByRole('status');
    goals.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Goals moved to column 5, row 1, swapping places with Risks.'),
    );
    await expect(canvas.getByRole('group', { name: 'Goals' })).toHaveFocus();
    const placed = () =>
      ((args.onChange as ReturnType<typeof fn>).mock.lastCall![0] as BoardDefinition).widgets.map(
        (w) => `${w.id} ${w.layout.x},${w.layout.y}`,
      );
    await expect(placed()).toEqual(['goals 4,0', 'risks 0,0', 'revenue 8,0', 'owners 0,2']);
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Goals moved to column 1, row 1, swapping places with Risks.'),
    );
    await expect(canvas.getByRole('group', { name: 'Goals' })).toHaveFocus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() => expect(status).toHaveTextContent('Goals resized to 4 columns by 3 rows.'));
    await expect(args.onChange).toHaveBeenCalledTimes(3);
    // Owners went under it.
    await expect(placed()).toEqual(['goals 0,0', 'risks 4,0', 'revenue 8,0', 'owners 0,3']);
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(status).toHaveTextContent('Undone: Goals resized to 4 columns by 3 rows.'));
    await expect(canvas.getByRole('group', { name: 'Goals' })).toHaveFocus();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(status).toHaveTextContent('Redone: Goals resized to 4 columns by 3 rows.'));
    laidOut(canvasElement);
    await allReady(canvasElement, 1, 0);
  },
};

/** Edit mode with a pointer: drag a widget by its handle, and Remove. */
export const EditByPointer: Story = {
  args: { definition: notesBoard(), editable: true, onChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Owners' }, { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Risks' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Risks' })).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('Risks removed. Undo brings it back.');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await allReady(canvasElement, 1, 0);
  },
};

/** A widget kind from a newer version: "Not supported here", in its place, and saved back unchanged. */
export const UnknownWidget: Story = {
  args: { definition: futureBoard(), editable: true, onChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const map = await canvas.findByRole('group', { name: 'Revenue by country (map)' }, { timeout: 15_000 });
    await expect(map).toHaveTextContent('Not supported here');
    await expect(map).toHaveTextContent('geo-map');
    map.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall![0] as BoardDefinition;
    await expect(last.widgets.find((w) => w.id === 'map')).toMatchObject({
      projection: 'equalEarth',
      query: { measures: ['orders.revenue'], dimensions: ['orders.country'] },
      layout: { x: 0, y: 0, w: 8, h: 4 },
    });
    await allReady(canvasElement, 1, 0);
  },
};

/** Two bad widgets: each named by its path, the valid ones shown. */
export const BadDefinition: Story = {
  args: { definition: badBoard() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('2 widgets of this board could not be shown');
    await expect(alert).toHaveTextContent('widgets[1].layout');
    await expect(alert).toHaveTextContent('widgets[2].measure');
    await expect(canvas.getByText('Still here.')).toBeVisible();
    await allReady(canvasElement, 1, 0);
  },
};

/** A definition with no board in it at all (a newer version): what is wrong, by path. */
export const Unreadable: Story = {
  args: { definition: { version: 3, title: 'Next year', widgets: [] } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('This board cannot be shown');
    await expect(alert).toHaveTextContent(/version: saved by a newer version \(3\)/);
  },
};

/** A pinned chat answer, live: its SQL runs again with Erin's access (every region's countries). */
export const PinnedAnswer: Story = {
  args: { definition: answerBoard() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('What was revenue by country last quarter?', {}, { timeout: 15_000 }),
    ).toBeVisible();
    const answer = canvasElement.querySelector<HTMLElement>('[data-widget-id="answer"]')!;
    await waitFor(() => expect(within(answer).getByRole('cell', { name: 'United States' })).toBeVisible(), {
      timeout: 15_000,
    });
    await expect(within(answer).getByText(/board's filters do not apply/)).toBeVisible();
    await userEvent.click(canvas.getByText('SQL'));
    await expect(canvas.getByText(/GROUP BY country/)).toBeVisible();
    await allReady(canvasElement, 1, 0);
  },
};

/** The same board opened by Elias: the pinned SQL runs with his access, Europe's countries only. */
export const PinnedAnswerAsElias: Story = {
  args: { definition: answerBoard(), identity: ELIAS },
  play: async ({ canvasElement }) => {
    const answer = await waitFor(
      () => {
        const cell = canvasElement.querySelector<HTMLElement>('[data-widget-id="answer"]');
        if (!cell) throw new Error('the pinned answer is not on the board yet');
        return cell;
      },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(within(answer).getByRole('cell', { name: 'Germany' })).toBeVisible(), {
      timeout: 15_000,
    });
    await expect(within(answer).queryByRole('cell', { name: 'United States' })).toBeNull();
  },
};

/** A pinned SQL the data API refuses: the error in that widget only, with Retry; the KPI beside it draws. */
export const PinnedAnswerRefused: Story = {
  args: { definition: answerBoard('SELECT * FROM secrets') },
  play: async ({ canvasElement }) => {
    const answer = await waitFor(
      () => {
        const cell = canvasElement.querySelector<HTMLElement>('[data-widget-id="answer"]');
        if (!cell) throw new Error('the pinned answer is not on the board yet');
        return cell;
      },
      { timeout: 15_000 },
    );
    const alert = await within(answer).findByRole('alert', {}, { timeout: 15_000 });
    await expect(alert).toHaveTextContent('This answer could not be run');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    await allReady(canvasElement, 1, 0);
  },
};

/**
 * Pinned answers whose SQL is one grouped query over one cube run as semantic queries, so the
 * page's filter bar reaches them: Europe picked, the United States leaves the countries.
 */
export const PinnedAnswerFollowsFilters: Story = {
  args: { definition: followingAnswerBoard(), filterBar: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await allReady(canvasElement, 2, 1);
    const countries = canvasElement.querySelector<HTMLElement>('[data-widget-id="countries"]')!;
    await expect(within(countries).getByText('United States')).toBeVisible();
    await expect(within(countries).getByText("Live, with your data access and the board's filters.")).toBeVisible();
    await expect(canvas.queryByText(/filters do not apply/)).toBeNull();
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 }));
    await waitFor(() => expect(within(countries).queryByText('United States')).toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(within(countries).getByText('Germany')).toBeVisible(), { timeout: 15_000 });
    await allReady(canvasElement, 2, 1);
  },
};

/** A pinned SQL the board cannot read as a semantic query (a month range): the filter bar does not reach it, and it says so. */
export const PinnedAnswerFiltersDoNotApply: Story = {
  args: { definition: answerBoard(), filterBar: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answer = await waitFor(
      () => {
        const cell = canvasElement.querySelector<HTMLElement>('[data-widget-id="answer"]');
        if (!cell) throw new Error('the pinned answer is not on the board yet');
        return cell;
      },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(within(answer).getByRole('cell', { name: 'United States' })).toBeVisible(), {
      timeout: 15_000,
    });
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Europe' }, { timeout: 15_000 }));
    // The KPI beside it answers for Europe; the pinned SQL keeps every country, and says why.
    await allReady(canvasElement, 1, 0);
    await expect(within(answer).getByRole('cell', { name: 'United States' })).toBeVisible();
    await expect(within(answer).getByText(/The board's filters do not apply to this answer/)).toBeVisible();
  },
};

/**
 * Adding a widget by keyboard alone: Add widget opens the form (focus on its first field),
 * Tab to the measure and the title, Enter on Add; the KPI lands in the first free place,
 * takes focus and is announced; Ctrl+Z takes it away again.
 */
export const AddWidgetByKeyboard: Story = {
  args: { definition: notesBoard(), editable: true, onChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    canvas.getByRole('button', { name: 'Add widget' }).focus();
    await userEvent.keyboard('{Enter}');
    const form = await canvas.findByRole('dialog', { name: 'Add a widget' }, { timeout: 15_000 });
    await waitFor(() => expect(within(form).getByRole('radio', { name: 'KPI' })).toHaveFocus());
    await within(form).findByRole('combobox', { name: 'Measure' }, { timeout: 15_000 });
    await userEvent.tab();
    await expect(within(form).getByRole('combobox', { name: 'Measure' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('Revenue now');
    await userEvent.tab();
    await expect(within(form).getByRole('button', { name: 'Add' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // The cell (the KPI inside it is a group of the same name too).
    const added = await waitFor(() => {
      const cell = canvasElement.querySelector<HTMLElement>('[data-widget-id="kpi-1"]');
      if (!cell) throw new Error('not added yet');
      return cell;
    });
    await expect(added).toHaveAttribute('aria-label', 'Revenue now');
    await waitFor(() => expect(added).toHaveFocus());
    await expect(canvas.getByRole('status')).toHaveTextContent('Revenue now added.');
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall![0] as BoardDefinition;
    await expect(last.widgets.at(-1)).toMatchObject({ kind: 'kpi', measure: 'orders.revenue', title: 'Revenue now' });
    await allReady(canvasElement, 2, 0);
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(canvasElement.querySelector('[data-widget-id="kpi-1"]')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('Undone: Revenue now added.');
  },
};

/** The form adding a widget, left open (a chart by a time dimension, so its granularity shows), in the dark theme. */
export const AddWidgetForm: Story = {
  args: { definition: notesBoard(), editable: true },
  globals: { theme: 'Dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Add widget' }));
    const form = await canvas.findByRole('dialog', { name: 'Add a widget' }, { timeout: 15_000 });
    await userEvent.click(within(form).getByRole('radio', { name: 'Chart' }));
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'By' }), 'Created at');
    await expect(within(form).getByRole('combobox', { name: 'Per' })).toHaveValue('month');
    await expect(canvas.getByRole('button', { name: 'Add widget' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Adding a chart on a phone: the form wraps to the narrow board, and the new widget stacks in reading order. */
export const AddWidgetOnPhone: Story = {
  args: { definition: notesBoard(), editable: true, width: 370 },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Add widget' }));
    const form = await canvas.findByRole('dialog', { name: 'Add a widget' }, { timeout: 15_000 });
    await userEvent.click(within(form).getByRole('radio', { name: 'Chart' }));
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'By' }), 'Region');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const added = await canvas.findByRole('group', { name: 'Chart of revenue' });
    await waitFor(() => expect(added).toHaveFocus());
    for (const cell of canvasElement.querySelectorAll('.ek-board__cell'))
      expect(cell.getBoundingClientRect().width).toBeLessThanOrEqual(371);
    await allReady(canvasElement, 2, 1);
  },
};

/** On a phone: one column, in reading order, each widget as tall as on a wide screen. */
export const Phone: Story = {
  args: { width: 370 },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await allReady(canvasElement, 7, 2);
    const cells = [...canvasElement.querySelectorAll<HTMLElement>('.ek-board__cell')];
    const boxes = cells.map((cell) => cell.getBoundingClientRect());
    for (const box of boxes) expect(box.width).toBeLessThanOrEqual(371);
    // Stacked top to bottom in the order they read.
    for (const [i, box] of boxes.entries()) if (i) expect(box.top).toBeGreaterThan(boxes[i - 1]!.top);
    await expect(cells.map((cell) => cell.dataset.widgetId)).toEqual([
      'revenue',
      'orders',
      'aov',
      'software',
      'weekly',
      'note',
      'regions',
      'countries',
    ]);
  },
};

/** The dark theme, in edit mode. */
export const Dark: Story = {
  args: { editable: true },
  globals: { theme: 'Dark' },
  play: async ({ canvasElement }) => {
    await allReady(canvasElement, 7, 2);
    // Widgets are named as the data model titles them: `orders.count` is "Orders".
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Move Orders' })).toBeVisible());
  },
};

/** Two boards on one page, Erin's and Elias's (Europe only): each its own undo, its own announcements. */
export const TwoBoards: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <div style={{ display: 'grid', gap: 24, padding: 12 }}>
      <BoardOnMock definition={notesBoard('Erin’s plan')} editable width={900} />
      <BoardOnMock definition={notesBoard('Elias’s plan')} editable width={900} identity={ELIAS} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Both boards drawn (their placeholders, regions of the same names, are gone), then read.
    await waitFor(() => expect(canvasElement.querySelectorAll('.ek-kpi')).toHaveLength(2), { timeout: 30_000 });
    const [erin, elias] = [
      canvas.getByRole('region', { name: 'Erin’s plan' }),
      canvas.getByRole('region', { name: 'Elias’s plan' }),
    ];
    await allReady(erin!, 1, 0);
    await allReady(elias!, 1, 0);
    within(elias!).getByRole('group', { name: 'Goals' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(elias!).getByRole('status')).toHaveTextContent('Goals moved'));
    await expect(within(erin!).getByRole('status')).toHaveTextContent('');
    await expect(within(erin!).getByRole('button', { name: 'Undo' })).toBeDisabled();
    await expect(within(elias!).getByRole('button', { name: 'Undo' })).toBeEnabled();
  },
};

/** A brand theme (Ocean: its colours, serif font and rounder corners), in edit mode. */
export const Brand: Story = {
  args: { editable: true },
  globals: { theme: 'Ocean' },
  play: async ({ canvasElement }) => {
    await allReady(canvasElement, 7, 2);
  },
};

/** German words for the board's own text, German numbers in its widgets; moves announced in German. */
const GERMAN: Partial<BoardLabels> = {
  widget: 'Kachel',
  instructions:
    'Pfeiltasten verschieben die Kachel, Umschalt mit Pfeiltasten ändert ihre Größe, Entf entfernt sie. Strg oder Befehl mit Z macht rückgängig, mit Umschalt und Z wiederholt.',
  toolbar: 'Board bearbeiten',
  undo: 'Rückgängig',
  redo: 'Wiederholen',
  move: (name) => `${name} verschieben`,
  resize: (name) => `Größe von ${name} ändern`,
  remove: (name) => `${name} entfernen`,
  moved: (name, column, row) => `${name} nach Spalte ${column}, Zeile ${row} verschoben.`,
  resized: (name, columns, rows) => `${name} ist jetzt ${columns} Spalten breit und ${rows} Zeilen hoch.`,
  edge: (name) => `${name} ist am Rand des Boards.`,
  removed: (name) => `${name} entfernt. Rückgängig holt die Kachel zurück.`,
  undone: (change) => `Rückgängig: ${change}`,
  redone: (change) => `Wiederholt: ${change}`,
  nothing: 'Nichts rückgängig zu machen oder zu wiederholen.',
  unsupported: 'Hier nicht unterstützt',
  unsupportedDetail: (kind) => `Eine Kachel „${kind}“ aus einer neueren Version. Sie bleibt unverändert erhalten.`,
  problems: (count) =>
    count === 1 ? 'Eine Kachel kann nicht angezeigt werden' : `${count} Kacheln können nicht angezeigt werden`,
  unreadable: 'Dieses Board kann nicht angezeigt werden',
  addWidget: 'Kachel hinzufügen',
  addHeading: 'Eine Kachel hinzufügen',
  addKind: 'Art',
  addKinds: { kpi: 'Kennzahl', chart: 'Diagramm', table: 'Tabelle', text: 'Notiz' },
  addMeasure: 'Kennzahl',
  addBy: 'Nach',
  addByNothing: 'Nichts (eine Summe)',
  addGranularity: 'Je',
  addGranularities: { day: 'Tag', week: 'Woche', month: 'Monat', quarter: 'Quartal', year: 'Jahr' },
  addTitle: 'Titel (optional)',
  addText: 'Text',
  addSubmit: 'Hinzufügen',
  addCancel: 'Abbrechen',
  addLoading: 'Das Datenmodell wird geladen…',
  addNoMembers: 'Das Datenmodell hat hier keine Kennzahlen: eine Notiz geht immer.',
  added: (name) => `${name} hinzugefügt.`,
  swapped: (name, other, column, row) =>
    `${name} nach Spalte ${column}, Zeile ${row} verschoben, an die Stelle von ${other}.`,
};

export const German: Story = {
  args: { definition: notesBoard('Planung'), editable: true, labels: GERMAN, locale: 'de-DE' },
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const goals = await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    await expect(goals).toHaveAttribute('aria-roledescription', 'Kachel');
    goals.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        'Goals nach Spalte 5, Zeile 1 verschoben, an die Stelle von Risks.',
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Rückgängig' })).toBeEnabled();
    // German numbers in the KPI: a decimal comma.
    await allReady(canvasElement, 1, 0);
    await expect(canvasElement.querySelector('.ek-kpi__value')!.textContent).toMatch(/\d,\d/);
    // The form adding a widget, in German too.
    await userEvent.click(canvas.getByRole('button', { name: 'Kachel hinzufügen' }));
    const form = await canvas.findByRole('dialog', { name: 'Eine Kachel hinzufügen' }, { timeout: 15_000 });
    await expect(within(form).getByRole('radio', { name: 'Diagramm' })).toBeVisible();
  },
};

/**
 * A board saved with holes and an overlap shows compacted: every widget as high as the widgets
 * above it allow, none over another; the first edit saves it so.
 */
export const SavedWithHoles: Story = {
  args: { definition: holedBoard(), editable: true, onChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    const place = (id: string) => {
      const style = canvasElement.querySelector<HTMLElement>(`[data-widget-id="${id}"]`)!.style;
      return ['x', 'y'].map((axis) => Number(style.getPropertyValue(`--ek-board-${axis}`)) - 1).join(',');
    };
    // Goals rose to the top; Dates, which overlapped it, went under it; Owners under both.
    await expect(['goals', 'risks', 'dates', 'owners'].map(place)).toEqual(['0,0', '4,0', '2,2', '0,4']);
    laidOut(canvasElement);
    canvas.getByRole('group', { name: 'Risks' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    const saved = (args.onChange as ReturnType<typeof fn>).mock.lastCall![0] as BoardDefinition;
    await expect(saved.widgets.map((w) => `${w.id} ${w.layout.x},${w.layout.y}`)).toEqual([
      'goals 4,0',
      'risks 0,0',
      'owners 0,4',
      'dates 2,2',
    ]);
  },
};

/** A note longer than its cell scrolls, and takes focus so the keyboard can scroll it. */
export const LongNote: Story = {
  args: {
    definition: {
      version: 2,
      title: 'Weekly meeting',
      widgets: [
        {
          id: 'minutes',
          kind: 'text',
          title: 'Minutes',
          text: Array.from({ length: 30 }, (_, i) => `${i + 1}. A point that was discussed at length.`).join('\n'),
          layout: { x: 0, y: 0, w: 6, h: 3 },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole(
      'region',
      { name: 'Minutes', hidden: false },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(region.querySelector('.ek-board__note-text')).not.toBeNull());
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
  },
};
