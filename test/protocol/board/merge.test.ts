import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseMergeVersion,
  compactWidgets,
  mergeBoardDefinitions,
  overlaps,
  parseBoardDefinition,
  type BoardDefinition,
  type BoardMergeConflict,
  type BoardWidget,
} from '../../../src/protocol/board';
import { ValidationError } from '../../../src/protocol/schema';

const note = (id: string, text: string, x: number, y: number, w = 4, h = 2): BoardWidget => ({
  id,
  kind: 'text',
  text,
  layout: { x, y, w, h },
});

/** Three notes on the first row, a KPI under them. */
const base = (): BoardDefinition => ({
  version: 2,
  title: 'Sales',
  description: 'For the team',
  filters: { values: { 'orders.region': ['Europe'] } },
  widgets: [
    note('a', 'A', 0, 0),
    note('b', 'B', 4, 0),
    note('c', 'C', 8, 0),
    { id: 'k', kind: 'kpi', measure: 'orders.revenue', layout: { x: 0, y: 2, w: 12, h: 2 } },
  ],
});

const edit = (definition: BoardDefinition, id: string, change: Partial<BoardWidget>): BoardDefinition => ({
  ...definition,
  widgets: definition.widgets.map((widget) => (widget.id === id ? ({ ...widget, ...change } as BoardWidget) : widget)),
});
const without = (definition: BoardDefinition, id: string): BoardDefinition => ({
  ...definition,
  widgets: definition.widgets.filter((widget) => widget.id !== id),
});
const widget = (definition: BoardDefinition, id: string) => definition.widgets.find((w) => w.id === id);

describe('mergeBoardDefinitions', () => {
  it('keeps both sides’ changes to different widgets and fields, with no conflict', () => {
    const mine = edit({ ...base(), title: 'Sales 2025' }, 'a', { text: 'A, mine' } as Partial<BoardWidget>);
    const theirs = edit({ ...base(), description: 'Theirs' }, 'b', { text: 'B, theirs' } as Partial<BoardWidget>);
    const { merged, conflicts } = mergeBoardDefinitions(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.title).toBe('Sales 2025');
    expect(merged.description).toBe('Theirs');
    expect(widget(merged, 'a')).toMatchObject({ text: 'A, mine' });
    expect(widget(merged, 'b')).toMatchObject({ text: 'B, theirs' });
    expect(parseBoardDefinition(merged).success).toBe(true);
  });

  it('conflicts only where both changed the same widget differently, carrying every version', () => {
    const mine = edit(base(), 'a', { text: 'mine' } as Partial<BoardWidget>);
    const theirs = edit(base(), 'a', { text: 'theirs' } as Partial<BoardWidget>);
    const { merged, conflicts } = mergeBoardDefinitions(base(), mine, theirs);
    expect(conflicts).toEqual([
      { type: 'widget', id: 'a', base: widget(base(), 'a'), mine: widget(mine, 'a'), theirs: widget(theirs, 'a') },
    ]);
    // Mine until someone chooses; theirs when asked to prefer theirs.
    expect(widget(merged, 'a')).toMatchObject({ text: 'mine' });
    expect(widget(mergeBoardDefinitions(base(), mine, theirs, { prefer: 'theirs' }).merged, 'a')).toMatchObject({
      text: 'theirs',
    });
    // The same change on both sides is no conflict.
    expect(mergeBoardDefinitions(base(), mine, mine).conflicts).toEqual([]);
    // Choosing theirs in the merged board.
    expect(widget(chooseMergeVersion(merged, conflicts[0]!, 'theirs'), 'a')).toMatchObject({ text: 'theirs' });
  });

  it('a field both changed differently is a conflict; one changed is no conflict', () => {
    const { merged, conflicts } = mergeBoardDefinitions(
      base(),
      { ...base(), title: 'Mine', filters: { values: { 'orders.region': ['Asia'] } } },
      { ...base(), title: 'Theirs' },
    );
    expect(conflicts).toEqual([{ type: 'field', field: 'title', base: 'Sales', mine: 'Mine', theirs: 'Theirs' }]);
    expect(merged.filters).toEqual({ values: { 'orders.region': ['Asia'] } });
    expect(chooseMergeVersion(merged, conflicts[0]!, 'theirs').title).toBe('Theirs');
    // A field one side removed.
    const { description: _gone, ...bare } = base();
    const removed = mergeBoardDefinitions(base(), bare, base());
    expect(removed.conflicts).toEqual([]);
    expect('description' in removed.merged).toBe(false);
  });

  it('removing a widget the other side only moved removes it; removing one the other changed is a conflict', () => {
    const moved = edit(base(), 'c', { layout: { x: 0, y: 4, w: 4, h: 2 } });
    const onlyMoved = mergeBoardDefinitions(base(), without(base(), 'c'), moved);
    expect(onlyMoved.conflicts).toEqual([]);
    expect(widget(onlyMoved.merged, 'c')).toBeUndefined();
    const changed = edit(base(), 'c', { text: 'changed' } as Partial<BoardWidget>);
    const removed = mergeBoardDefinitions(base(), without(base(), 'c'), changed);
    expect(removed.conflicts).toEqual([
      { type: 'widget', id: 'c', base: widget(base(), 'c'), mine: undefined, theirs: widget(changed, 'c') },
    ]);
    expect(widget(removed.merged, 'c')).toBeUndefined();
    // Keeping theirs puts it back; from the other side, preferring mine keeps my change.
    expect(widget(chooseMergeVersion(removed.merged, removed.conflicts[0]!, 'theirs'), 'c')).toMatchObject({
      text: 'changed',
    });
    expect(widget(mergeBoardDefinitions(base(), changed, without(base(), 'c')).merged, 'c')).toMatchObject({
      text: 'changed',
    });
    // Both removed it: gone, no conflict.
    expect(mergeBoardDefinitions(base(), without(base(), 'c'), without(base(), 'c'))).toMatchObject({
      conflicts: [],
    });
  });

  it('adds what each side added, theirs after the widget it follows in theirs', () => {
    const mine = { ...base(), widgets: [...base().widgets, note('m', 'mine', 0, 4)] };
    const theirs = base();
    theirs.widgets.splice(1, 0, note('t', 'theirs', 0, 4));
    const { merged, conflicts } = mergeBoardDefinitions(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.widgets.map((w) => w.id)).toEqual(['a', 't', 'b', 'c', 'k', 'm']);
    // The same id added with different content by both: a conflict.
    const clash = mergeBoardDefinitions(
      base(),
      { ...base(), widgets: [...base().widgets, note('n', 'one', 0, 4)] },
      { ...base(), widgets: [...base().widgets, note('n', 'two', 0, 4)] },
    );
    expect(clash.conflicts).toMatchObject([{ type: 'widget', id: 'n', base: undefined }]);
  });

  it('never conflicts on places: mine for what I moved, theirs for the rest, compacted with mine kept', () => {
    // I swapped a and b; they moved the KPI up over the notes' row and changed c's text.
    const mine = edit(edit(base(), 'a', { layout: { x: 4, y: 0, w: 4, h: 2 } }), 'b', {
      layout: { x: 0, y: 0, w: 4, h: 2 },
    });
    const theirs = edit(edit(base(), 'k', { layout: { x: 0, y: 0, w: 12, h: 2 } }), 'c', {
      text: 'C2',
      layout: { x: 8, y: 2, w: 4, h: 2 },
    } as Partial<BoardWidget>);
    const { merged, conflicts } = mergeBoardDefinitions(base(), mine, theirs);
    expect(conflicts).toEqual([]);
    const at = (id: string) => widget(merged, id)!.layout;
    // My swap kept at the top; their KPI, which covered it, under the notes.
    expect(at('a')).toEqual({ x: 4, y: 0, w: 4, h: 2 });
    expect(at('b')).toEqual({ x: 0, y: 0, w: 4, h: 2 });
    expect(at('k').y).toBeGreaterThanOrEqual(2);
    expect(widget(merged, 'c')).toMatchObject({ text: 'C2' });
    for (const p of merged.widgets)
      for (const q of merged.widgets) if (p !== q) expect(overlaps(p.layout, q.layout)).toBe(false);
    // Both moved the same widget: mine.
    const both = mergeBoardDefinitions(
      base(),
      edit(base(), 'k', { layout: { x: 0, y: 2, w: 6, h: 2 } }),
      edit(base(), 'k', { layout: { x: 6, y: 2, w: 6, h: 2 } }),
    );
    expect(both.conflicts).toEqual([]);
    expect(widget(both.merged, 'k')!.layout).toEqual({ x: 0, y: 2, w: 6, h: 2 });
  });

  it('compares values as JSON, key order aside (an undefined key is an absent one)', () => {
    const reordered: BoardDefinition = {
      ...base(),
      filters: { values: { 'orders.region': ['Europe'] } },
      widgets: base().widgets.map((w) => Object.fromEntries(Object.entries(w).reverse()) as BoardWidget),
    };
    const theirs = edit(base(), 'a', { text: 'theirs' } as Partial<BoardWidget>);
    const { merged, conflicts } = mergeBoardDefinitions(base(), { ...reordered, description: 'For the team' }, theirs);
    expect(conflicts).toEqual([]);
    expect(widget(merged, 'a')).toMatchObject({ text: 'theirs' });
    const undefinedKey = edit(base(), 'b', { title: undefined });
    expect(mergeBoardDefinitions(base(), undefinedKey, theirs).conflicts).toEqual([]);
  });

  it('keeps a `__proto__` key as data, never as a prototype, and changes no input', () => {
    const hostile = (text: string) =>
      JSON.parse(
        `{"version":2,"title":"x","__proto__":{"polluted":"${text}"},"widgets":[{"id":"a","kind":"text","text":"${text}","layout":{"x":0,"y":0,"w":4,"h":2},"__proto__":{"polluted":"${text}"}}]}`,
      ) as BoardDefinition;
    const [b, m, t] = [hostile('b'), hostile('m'), hostile('b')];
    const frozen = JSON.stringify([b, m, t]);
    const { merged, conflicts } = mergeBoardDefinitions(b, m, t);
    expect(conflicts).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(merged.widgets[0])).toBe(Object.prototype);
    expect((merged as unknown as Record<string, { polluted: string }>)['__proto__']!.polluted).toBe('m');
    expect(JSON.stringify([b, m, t])).toBe(frozen);
  });

  it('compares deep values without overflowing the stack, and refuses what it cannot finish', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { deep };
    const withDeep = (value: unknown) => edit(base(), 'a', { extra: value } as Partial<BoardWidget>);
    expect(mergeBoardDefinitions(base(), withDeep(deep), base()).conflicts).toEqual([]);
    expect(mergeBoardDefinitions(base(), withDeep(deep), withDeep({ deep: 1 })).conflicts).toHaveLength(1);
    // A cycle (no JSON has one) runs out of its budget: a typed error, not a hang.
    const cycle = (): Record<string, unknown> => {
      const value: Record<string, unknown> = {};
      value.self = value;
      return value;
    };
    expect(() => mergeBoardDefinitions(base(), withDeep(cycle()), withDeep(cycle()))).toThrow(ValidationError);
  });

  it('refuses what is no definition, naming the path', () => {
    const fails = (mine: unknown) => {
      try {
        mergeBoardDefinitions(base(), mine as BoardDefinition, base());
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues[0]!.path;
      }
      throw new Error('no error');
    };
    expect(fails(null)).toBe('mine');
    expect(fails({ ...base(), widgets: 'none' })).toBe('mine.widgets');
    expect(fails({ ...base(), widgets: [{ kind: 'text' }] })).toBe('mine.widgets[0].id');
    expect(fails({ ...base(), widgets: [{ id: 'a', kind: 'text' }] })).toBe('mine.widgets[0].layout');
    expect(fails({ ...base(), widgets: [note('a', 'x', 0, 0), note('a', 'y', 4, 0)] })).toBe('mine.widgets[1].id');
    expect(fails({ ...base(), widgets: Array.from({ length: 201 }, (_, i) => note(`w${i}`, '', 0, i)) })).toBe(
      'mine.widgets',
    );
  });
});

// Property tests: a base board, and two sides made of random edits of it.
type Edit =
  | { type: 'text'; at: number; text: string }
  | { type: 'move'; at: number; x: number; y: number }
  | { type: 'remove'; at: number }
  | { type: 'add'; id: number; text: string }
  | { type: 'title'; title: string };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), at: fc.nat(), text: fc.constantFrom('x', 'y', 'z') }),
  fc.record({ type: fc.constant('move' as const), at: fc.nat(), x: fc.nat(8), y: fc.nat(10) }),
  fc.record({ type: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('add' as const), id: fc.nat(3), text: fc.constantFrom('x', 'y') }),
  fc.record({ type: fc.constant('title' as const), title: fc.constantFrom('One', 'Two') }),
);

const boardArb = fc
  .array(fc.tuple(fc.nat(8), fc.nat(10), fc.constantFrom('p', 'q')), { minLength: 1, maxLength: 8 })
  .map((places): BoardDefinition => ({
    version: 2,
    title: 'Board',
    widgets: compactWidgets(places.map(([x, y, text], i) => note(`w${i}`, text, x, y))),
  }));

function applyEdits(definition: BoardDefinition, edits: readonly Edit[]): BoardDefinition {
  let out = definition;
  for (const change of edits) {
    const target = out.widgets.length ? out.widgets[(change as { at?: number }).at! % out.widgets.length] : undefined;
    if (change.type === 'title') out = { ...out, title: change.title };
    else if (change.type === 'add') {
      if (!out.widgets.some((w) => w.id === `new${change.id}`))
        out = { ...out, widgets: [...out.widgets, note(`new${change.id}`, change.text, 0, 20)] };
    } else if (!target) continue;
    else if (change.type === 'text') out = edit(out, target.id, { text: change.text } as Partial<BoardWidget>);
    else if (change.type === 'move')
      out = edit(out, target.id, { layout: { ...target.layout, x: change.x, y: change.y } });
    else out = without(out, target.id);
  }
  return { ...out, widgets: compactWidgets(out.widgets) };
}

const sides = fc
  .tuple(boardArb, fc.array(editArb, { maxLength: 6 }), fc.array(editArb, { maxLength: 6 }))
  .map(([b, mineEdits, theirEdits]) => ({
    base: b,
    mine: applyEdits(b, mineEdits),
    theirs: applyEdits(b, theirEdits),
  }));

const contentOf = (w: BoardWidget | undefined) => w && { ...w, layout: undefined };
const byId = (definition: BoardDefinition) => new Map(definition.widgets.map((w) => [w.id, w]));
const json = (value: unknown) => JSON.stringify(value ?? null);
const conflictIds = (conflicts: readonly BoardMergeConflict[]) =>
  conflicts.map((c) => (c.type === 'widget' ? c.id : `field:${c.field}`)).sort();

// Property tests take a few hundred ms; a busy machine may take seconds (a generous timeout, not a limit).
describe('mergeBoardDefinitions (property)', () => {
  it('one side unchanged: the merge is the other side, with no conflict', () => {
    fc.assert(
      fc.property(sides, ({ base: b, mine }) => {
        expect(mergeBoardDefinitions(b, mine, b)).toEqual({ merged: mine, conflicts: [] });
        const theirsOnly = mergeBoardDefinitions(b, b, mine);
        expect(theirsOnly.conflicts).toEqual([]);
        expect(theirsOnly.merged).toEqual(mine);
        expect(mergeBoardDefinitions(mine, mine, mine)).toEqual({ merged: mine, conflicts: [] });
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('a conflict exactly where both sides changed a unit differently; every other change kept', () => {
    fc.assert(
      fc.property(sides, ({ base: b, mine, theirs }) => {
        const { merged, conflicts } = mergeBoardDefinitions(b, mine, theirs);
        const [bw, mw, tw, out] = [byId(b), byId(mine), byId(theirs), byId(merged)];
        const expected: string[] = [];
        for (const id of new Set([...bw.keys(), ...mw.keys(), ...tw.keys()])) {
          const [x, y, z] = [bw, mw, tw].map((map) => json(contentOf(map.get(id))));
          const clash = y !== z && y !== x && z !== x;
          if (clash) expected.push(id);
          // Unchanged by one side: the other's content (or absence) is taken as it is.
          else if (y === x) expect(json(contentOf(out.get(id)))).toBe(z);
          else expect(json(contentOf(out.get(id)))).toBe(y);
        }
        if (mine.title !== theirs.title && mine.title !== b.title && theirs.title !== b.title)
          expected.push('field:title');
        expect(conflictIds(conflicts)).toEqual(expected.sort());
        // The merge is a valid, compacted definition with unique ids and no overlap.
        expect(parseBoardDefinition(merged).success).toBe(true);
        expect(compactWidgets(merged.widgets)).toBe(merged.widgets);
        for (const p of merged.widgets)
          for (const q of merged.widgets) if (p !== q) expect(overlaps(p.layout, q.layout)).toBe(false);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('is symmetric in what it keeps: swapping the sides and the preference gives the same contents', () => {
    fc.assert(
      fc.property(sides, ({ base: b, mine, theirs }) => {
        const one = mergeBoardDefinitions(b, mine, theirs);
        const other = mergeBoardDefinitions(b, theirs, mine, { prefer: 'theirs' });
        const contents = (definition: BoardDefinition) => definition.widgets.map((w) => json(contentOf(w))).sort();
        expect(contents(other.merged)).toEqual(contents(one.merged));
        expect(conflictIds(other.conflicts)).toEqual(conflictIds(one.conflicts));
        expect(other.merged.title).toBe(one.merged.title);
      }),
      { numRuns: 200 },
    );
  });

  it('does not depend on the order of keys in any object', () => {
    const shuffle = (value: unknown, seed: number): unknown =>
      Array.isArray(value)
        ? value.map((item) => shuffle(item, seed))
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => ((a.charCodeAt(0) * seed) % 7) - ((b.charCodeAt(0) * seed) % 7))
                .map(([key, item]) => [key, shuffle(item, seed)]),
            )
          : value;
    fc.assert(
      fc.property(sides, fc.integer({ min: 1, max: 50 }), ({ base: b, mine, theirs }, seed) => {
        const plain = mergeBoardDefinitions(b, mine, theirs);
        const shuffled = mergeBoardDefinitions(b, shuffle(mine, seed) as BoardDefinition, theirs);
        expect(conflictIds(shuffled.conflicts)).toEqual(conflictIds(plain.conflicts));
        expect(shuffled.merged).toEqual(plain.merged);
      }),
      { numRuns: 200 },
    );
  });
});
