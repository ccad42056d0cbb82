import { describe, expect, it, vi } from 'vitest';
import type { SemanticQuery } from '../../../../src/protocol';
import { drillItems, hostItems, runItem, type DrillContext } from '../../../../src/react/native/drill/drill-items';
import { DEFAULT_DRILL_LABELS } from '../../../../src/react/native/drill/drill-labels';
import type { DrillDatum, DrillItem } from '../../../../src/react/native/drill/drill-types';

const BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const DATUM: DrillDatum = { query: BY_REGION, label: 'Europe', values: [{ member: 'orders.region', value: 'Europe' }] };
const context = (more: Partial<DrillContext> = {}): DrillContext => ({
  meta: {
    cubes: [
      {
        name: 'orders',
        title: 'Orders',
        measures: [],
        dimensions: [
          { name: 'orders.region', title: 'Region', type: 'string' },
          { name: 'orders.country', title: 'Country', type: 'string' },
        ],
      },
    ],
  },
  labels: DEFAULT_DRILL_LABELS,
  title: 'Revenue by Region',
  push: () => {},
  ...more,
});

describe('drillItems', () => {
  it('offers break down, rows; ask, filter and explore only when their host gave them', () => {
    expect(drillItems(DATUM, context()).map((item) => item.key)).toEqual(['breakdown:orders.country', 'rows']);
    const setValues = vi.fn();
    const onDrilldown = vi.fn();
    const onExplore = vi.fn();
    const items = drillItems(
      DATUM,
      context({ onDrilldown, onExplore, filters: { setValues } as unknown as DrillContext['filters'] }),
    );
    expect(items.map((item) => item.key)).toEqual(['breakdown:orders.country', 'rows', 'ask', 'filter', 'explore']);
    for (const item of items.slice(2)) item.onSelect(DATUM);
    expect(onDrilldown).toHaveBeenCalledWith({ member: 'orders.region', value: 'Europe' });
    expect(setValues).toHaveBeenCalledWith('orders.region', ['Europe']);
    expect(onExplore.mock.calls[0]![0]).toMatchObject({
      measures: ['orders.revenue'],
      dimensions: ['orders.region'],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
    });
  });

  it('break down pushes the drilled query with a breadcrumb back', () => {
    const push = vi.fn();
    drillItems(DATUM, context({ push }))[0]!.onSelect(DATUM);
    expect(push).toHaveBeenCalledWith({
      query: {
        measures: ['orders.revenue'],
        dimensions: ['orders.country'],
        filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
      },
      back: 'Revenue by Region',
      title: 'Country (Europe)',
    });
  });
});

describe('hostItems', () => {
  const builtIn: DrillItem[] = [{ key: 'rows', label: 'See the rows', onSelect: () => {} }];

  it('adds, removes and reorders per datum', () => {
    const mine = { key: 'c360', label: 'Open customer 360', onSelect: () => {} };
    expect(hostItems(builtIn, DATUM, (items) => [mine, ...items], vi.fn()).map((item) => item.key)).toEqual([
      'c360',
      'rows',
    ]);
    expect(hostItems(builtIn, DATUM, () => [], vi.fn())).toEqual([]);
  });

  it('a throw or a bad answer leaves the built-in items and is reported', () => {
    const onError = vi.fn();
    expect(
      hostItems(
        builtIn,
        DATUM,
        () => {
          throw new Error('host bug');
        },
        onError,
      ),
    ).toBe(builtIn);
    expect(hostItems(builtIn, DATUM, () => 'nope' as unknown as DrillItem[], onError)).toBe(builtIn);
    expect(onError).toHaveBeenCalledTimes(2);
    // Entries that are not items, and repeated keys, are dropped.
    const odd = [
      { key: 'a', label: 'A', onSelect: () => {} },
      { key: 'a', label: 'A2', onSelect: () => {} },
      { key: 1 },
    ];
    expect(hostItems(builtIn, DATUM, () => odd as DrillItem[], onError).map((item) => item.label)).toEqual(['A']);
  });

  it('runItem contains a callback that throws', () => {
    const onError = vi.fn();
    runItem(
      {
        key: 'x',
        label: 'X',
        onSelect: () => {
          throw new Error('boom');
        },
      },
      DATUM,
      onError,
    );
    expect(onError).toHaveBeenCalledWith(new Error('boom'));
  });
});
