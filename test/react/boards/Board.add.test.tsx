import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetaResponse } from '../../../src/protocol';
import type { BoardDefinition } from '../../../src/protocol/board/definition';
import { Board } from '../../../src/react/boards';
import { SemanticProvider, type DataSource } from '../../../src/react/native';

afterEach(() => cleanup());

// Adding a widget in edit mode: the form (lazy), its place (the first free one), focus on it,
// the announcement, undo; by keyboard alone.

const notes = (): BoardDefinition => ({
  version: 2,
  title: 'Team notes',
  widgets: [
    { id: 'a', kind: 'text', title: 'Plan', text: 'Ship it', layout: { x: 0, y: 0, w: 6, h: 2 } },
    { id: 'b', kind: 'text', title: 'Risks', text: 'None', layout: { x: 0, y: 2, w: 12, h: 2 } },
  ],
});

const META: MetaResponse = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      measures: [
        { name: 'orders.revenue', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number', aggType: 'sum' },
        { name: 'orders.secret', title: 'Secret', type: 'number', isVisible: false },
      ],
      dimensions: [
        { name: 'orders.region', title: 'Orders Region', shortTitle: 'Region', type: 'string' },
        { name: 'orders.createdAt', title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
      ],
    },
  ],
};

/** A source whose data model is {@link META}; its queries never answer (the form is what is tested). */
const source = (): DataSource => ({
  load: () => new Promise(() => undefined),
  meta: async () => META,
  reset: () => undefined,
});

async function editBoard(withData: boolean) {
  const onChange = vi.fn<(definition: BoardDefinition) => void>();
  const board = <Board definition={notes()} editable onChange={onChange} />;
  render(
    withData ? (
      <SemanticProvider source={source()} queryClient={new QueryClient()}>
        {board}
      </SemanticProvider>
    ) : (
      board
    ),
  );
  await screen.findByRole('group', { name: 'Plan' });
  return { onChange, last: () => onChange.mock.lastCall![0] };
}

const openForm = async () => {
  act(() => screen.getByRole('button', { name: 'Add widget' }).click());
  return screen.findByRole('dialog', { name: 'Add a widget' });
};

describe('Adding a widget', () => {
  it('adds a note at the first free place, focuses it, announces it, and undo takes it away', async () => {
    const { onChange, last } = await editBoard(false);
    const form = await openForm();
    expect(screen.getByRole('button', { name: 'Add widget' })).toHaveAttribute('aria-expanded', 'true');
    // Outside a provider only a note can be added: it is chosen, and has focus.
    const note = within(form).getByRole('radio', { name: 'Note' });
    await waitFor(() => expect(note).toHaveFocus());
    expect(within(form).getByRole('radio', { name: 'KPI' })).toBeDisabled();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Text' }), { target: { value: 'Call Elias' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title (optional)' }), { target: { value: 'To do' } });
    act(() => within(form).getByRole('button', { name: 'Add' }).click());

    expect(screen.queryByRole('dialog')).toBeNull();
    const added = screen.getByRole('group', { name: 'To do' });
    expect(document.activeElement).toBe(added);
    expect(screen.getByRole('status')).toHaveTextContent('To do added.');
    expect(onChange).toHaveBeenCalledTimes(1);
    // The gap right of Plan (6 columns wide) holds a 4-by-2 note.
    expect(last().widgets.at(-1)).toEqual({
      id: 'text-1',
      kind: 'text',
      text: 'Call Elias',
      title: 'To do',
      layout: { x: 6, y: 0, w: 4, h: 2 },
    });
    fireEvent.keyDown(added, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('status')).toHaveTextContent('Undone: To do added.');
    expect(last().widgets.map((w) => w.id)).toEqual(['a', 'b']);
  });

  it('Escape closes the form and gives focus back to Add widget; an empty note is not added', async () => {
    const { onChange } = await editBoard(false);
    const form = await openForm();
    act(() => within(form).getByRole('button', { name: 'Add' }).click());
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(within(form).getByRole('radio', { name: 'Note' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add widget' }));
  });

  it('offers the data model’s visible members: a chart by a time dimension with its granularity', async () => {
    const { last } = await editBoard(true);
    const form = await openForm();
    const measure = await within(form).findByRole('combobox', { name: 'Measure' });
    expect(
      within(measure)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Revenue']);
    act(() => within(form).getByRole('radio', { name: 'Chart' }).click());
    const by = within(form).getByRole('combobox', { name: 'By' });
    expect(
      within(by)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nothing (one total)', 'Region', 'Created at']);
    fireEvent.change(by, { target: { value: 'orders.createdAt' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Per' }), { target: { value: 'week' } });
    act(() => within(form).getByRole('button', { name: 'Add' }).click());
    expect(last().widgets.at(-1)).toEqual({
      id: 'chart-1',
      kind: 'chart',
      query: { measures: ['orders.revenue'], timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'week' }] },
      // The gap beside Plan is 2 rows high: a 4-row chart goes under Risks.
      layout: { x: 0, y: 4, w: 6, h: 4 },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Chart of revenue added.');
  });

  it('adds a KPI of the chosen measure, sized 3 by 2, into the gap', async () => {
    const { last } = await editBoard(true);
    const form = await openForm();
    await within(form).findByRole('combobox', { name: 'Measure' });
    act(() => within(form).getByRole('button', { name: 'Add' }).click());
    expect(last().widgets.at(-1)).toEqual({
      id: 'kpi-1',
      kind: 'kpi',
      measure: 'orders.revenue',
      layout: { x: 6, y: 0, w: 3, h: 2 },
    });
  });
});
