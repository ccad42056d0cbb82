import { describe, expect, it } from 'vitest';
import type { BoardWidget } from '../../../src/protocol/board/widget';
import { defaultWidgetName } from '../../../src/react/boards/labels';

const layout = { x: 0, y: 0, w: 1, h: 1 };

describe('a widget’s name without a title', () => {
  it('says what it shows', () => {
    const name = (widget: Record<string, unknown>) => defaultWidgetName({ id: 'w', layout, ...widget } as BoardWidget);
    expect(name({ kind: 'kpi', measure: 'orders.averageOrderValue' })).toBe('Average order value');
    expect(name({ kind: 'kpi', measure: 'orders.revenue', title: '  Sales  ' })).toBe('Sales');
    expect(name({ kind: 'chart', query: { measures: ['orders.revenue', 'orders.count'] } })).toBe(
      'Chart of revenue, count',
    );
    expect(name({ kind: 'table', query: {} })).toBe('Table');
    expect(name({ kind: 'text', text: 'x'.repeat(50) })).toBe(`Note “${'x'.repeat(40)}…”`);
    expect(name({ kind: 'geo-map' })).toBe('geo-map');
    // The data model's short title when it is known.
    const titled = defaultWidgetName(
      { id: 'w', layout, kind: 'kpi', measure: 'orders.count' } as BoardWidget,
      (member) => (member === 'orders.count' ? 'Orders' : undefined),
    );
    expect(titled).toBe('Orders');
  });
});
