import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { darkTheme, lightTheme } from '../../src';
import { Explore, serializeExplore, type ExploreState } from '../../src/react/explore';
import { NativeOnMock } from '../../stories/support/native';

// The explorer's default layout on the mock in Chromium, at a desktop and a phone width, light
// and dark: the members column beside the rest on a desktop, stacked on a phone, nothing wider
// than the screen. VITE_E2_SHOTS=1 saves screenshots to look at (node_modules/.cache/e2).

afterEach(cleanup);

const question: ExploreState = {
  measures: ['orders.revenue'],
  dimensions: ['orders.region'],
  time: { dimension: 'orders.createdAt', granularity: 'month' },
  filters: [
    { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    { member: 'orders.revenue', operator: 'gte', values: ['100'] },
    { member: 'orders.revenue', operator: 'lte', values: ['5000000'] },
  ],
  order: [],
  view: 'auto',
};

const shot = (name: string) =>
  import.meta.env.VITE_E2_SHOTS ? page.screenshot({ path: `/work/main/node_modules/.cache/e2/${name}.png` }) : null;

describe('the explorer’s layout', () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    for (const dark of [false, true])
      it(`at ${width} px, ${dark ? 'dark' : 'light'}: columns or stacked, nothing wider than the screen`, async () => {
        await page.viewport(width, height);
        render(
          <div style={{ padding: 12, background: dark ? darkTheme.colors.background : lightTheme.colors.background }}>
            <NativeOnMock theme={dark ? darkTheme : lightTheme}>
              <Explore link={serializeExplore(question)} onSave={() => {}} />
            </NativeOnMock>
          </div>,
        );
        await screen.findByRole('searchbox', { name: 'Search members' }, { timeout: 20_000 });
        await waitFor(() => expect(document.querySelector('.ek-chart__view[data-drawn]')).not.toBeNull(), {
          timeout: 20_000,
        }).catch(async (error: unknown) => {
          await shot(`explore-${width}-${dark ? 'dark' : 'light'}-failed`);
          throw error;
        });
        // The range is one row, with both ends in its fields.
        expect(screen.getByLabelText('Minimum: Revenue')).toHaveValue('100');
        expect(screen.getByLabelText('Maximum: Revenue')).toHaveValue('5000000');
        const side = document.querySelector('.ek-explore__side')!.getBoundingClientRect();
        const main = document.querySelector('.ek-explore__main')!.getBoundingClientRect();
        if (width >= 1000) expect(main.left).toBeGreaterThanOrEqual(side.right);
        else expect(main.top).toBeGreaterThanOrEqual(side.bottom);
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
        for (const control of document.querySelectorAll('.ek-explore input, .ek-explore select'))
          expect(control.getBoundingClientRect().right, control.outerHTML.slice(0, 80)).toBeLessThanOrEqual(width);
        await shot(`explore-${width}-${dark ? 'dark' : 'light'}`);
        document.querySelector('.ek-explore__actions')!.scrollIntoView({ block: 'end' });
        await shot(`explore-${width}-${dark ? 'dark' : 'light'}-end`);
      }, 60_000);
});
