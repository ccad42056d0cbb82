import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from '../../../src/react/charts/menu-keys';

const items = (...labels: string[]) => labels.map((textContent) => ({ textContent }) as HTMLElement);

describe('menuKeyTarget', () => {
  const menu = items('Break down by Country', 'Break down by Region', 'See the rows', 'Ask the analyst');

  it('moves with the arrows (wrapping), Home and End', () => {
    expect(menuKeyTarget('ArrowDown', menu, 3)).toBe(0);
    expect(menuKeyTarget('ArrowUp', menu, 0)).toBe(3);
    expect(menuKeyTarget('ArrowDown', menu, -1)).toBe(0);
    expect(menuKeyTarget('Home', menu, 2)).toBe(0);
    expect(menuKeyTarget('End', menu, 0)).toBe(3);
  });

  it('jumps to the next item starting with a letter, from after the focused one', () => {
    expect(menuKeyTarget('b', menu, 0)).toBe(1);
    expect(menuKeyTarget('B', menu, 1)).toBe(0);
    expect(menuKeyTarget('s', menu, 0)).toBe(2);
    expect(menuKeyTarget('z', menu, 0)).toBeUndefined();
  });

  it('leaves other keys, and an empty menu, alone', () => {
    expect(menuKeyTarget('Escape', menu, 0)).toBeUndefined();
    expect(menuKeyTarget(' ', menu, 0)).toBeUndefined();
    expect(menuKeyTarget('ArrowDown', [], -1)).toBeUndefined();
  });
});
