import { describe, expect, it } from 'vitest';
import { tooltipsOnHover } from '../../../src/react/charts/chart-spec';

describe('tooltipsOnHover', () => {
  it('moves every mark tooltip from the update encoding to the hover encoding, in nested groups too', () => {
    const tooltip = { signal: '{"x": datum.x}' };
    const spec = {
      marks: [
        { type: 'symbol', encode: { update: { x: { field: 'x' }, tooltip } } },
        {
          type: 'group',
          marks: [{ type: 'rect', encode: { update: { tooltip }, hover: { fill: { value: 'red' } } } }],
        },
        { type: 'text', encode: { update: { text: { field: 'x' } } } },
      ],
    };
    const out = tooltipsOnHover(structuredClone(spec)) as unknown as {
      marks: [{ encode: unknown }, { marks: [{ encode: unknown }] }, { encode: unknown }];
    };
    expect(out.marks[0].encode).toEqual({ update: { x: { field: 'x' } }, hover: { tooltip } });
    expect(out.marks[1].marks[0].encode).toEqual({ update: {}, hover: { fill: { value: 'red' }, tooltip } });
    expect(out.marks[2].encode).toEqual({ update: { text: { field: 'x' } } });
  });
});
