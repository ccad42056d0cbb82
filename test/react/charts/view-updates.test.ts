import type { View } from 'vega';
import { describe, expect, it } from 'vitest';
import { drawInNextTask, replaceRows } from '../../../src/react/charts/view-updates';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('drawInNextTask', () => {
  it("moves the renderer's resize and draw into a later task, in that order", async () => {
    const calls: string[] = [];
    const renderer = {
      resize: (w: number) => calls.push(`resize ${w}`),
      renderAsync: (scene: string) => {
        calls.push(`draw ${scene}`);
        return Promise.resolve(renderer);
      },
    };
    expect(drawInNextTask({ _renderer: renderer } as unknown as View)).toBe(true);
    // As vega's View#evaluate calls them, one after the other in the dataflow's task.
    renderer.resize(640);
    const drawn = renderer.renderAsync('root');
    await Promise.resolve();
    expect(calls).toEqual([]);
    await nextTask();
    await drawn;
    expect(calls).toEqual(['resize 640', 'draw root']);
    // A draw without a resize leaves the size alone.
    await renderer.renderAsync('again');
    expect(calls).toEqual(['resize 640', 'draw root', 'draw again']);
  });

  it('leaves a view without a renderer as it is', () => {
    expect(drawInNextTask({ _renderer: null } as unknown as View)).toBe(false);
    expect(drawInNextTask({} as unknown as View)).toBe(false);
  });
});

describe('replaceRows', () => {
  it('does not run the dataflow for rows equal to the current ones', async () => {
    let runs = 0;
    const current = [{ x: 1 }, { x: 2 }];
    const view = {
      data: () => current,
      change: () => view,
      runAsync: async () => void runs++,
    } as unknown as View;
    await replaceRows(view, 'table', [{ x: 1 }, { x: 2 }]);
    expect(runs).toBe(0);
  });
});
