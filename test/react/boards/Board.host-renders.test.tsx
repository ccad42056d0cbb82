import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Board, type BoardDefinition } from '../../../src/react/boards';

// A host that keeps the definition it is handed (as every real host does) re-renders the
// board on each edit: the widgets that did not change must not redraw for it.
const renders = vi.hoisted(() => new Map<string, number>());
const count = (name: string) => renders.set(name, (renders.get(name) ?? 0) + 1);
vi.mock('../../../src/react/native/KpiCard', () => ({
  KpiCard: function KpiCard({ measure }: { measure: string }) {
    count(measure);
    return <div>{measure}</div>;
  },
}));

const definition: BoardDefinition = {
  version: 2,
  title: 'Kept by the host',
  widgets: [
    { id: 'a', kind: 'kpi', title: 'A', measure: 'orders.revenue', layout: { x: 0, y: 0, w: 4, h: 2 } },
    { id: 'b', kind: 'kpi', title: 'B', measure: 'orders.count', layout: { x: 8, y: 0, w: 4, h: 2 } },
  ],
};

function Host({ onChange }: { onChange: (next: BoardDefinition) => void }) {
  const [kept, setKept] = useState(definition);
  return (
    <Board
      definition={kept}
      editable
      onChange={(next) => {
        setKept(next);
        onChange(next);
      }}
    />
  );
}

describe('a board whose host keeps each edit', () => {
  it('redraws no widget for a move, though the host renders it again', async () => {
    const changes: BoardDefinition[] = [];
    render(<Host onChange={(next) => changes.push(next)} />);
    const a = await screen.findByRole('group', { name: 'A' });
    const before = new Map(renders);
    a.focus();
    for (let i = 0; i < 3; i++)
      act(() => {
        fireEvent.keyDown(a, { key: 'ArrowRight' });
      });
    // The host got every move and rendered the board with it.
    expect(changes.map((next) => next.widgets[0]!.layout.x)).toEqual([1, 2, 3]);
    expect(screen.getByRole('status')).toHaveTextContent('A moved to column 4');
    expect(renders).toEqual(before);
  });
});
