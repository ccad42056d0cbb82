// Issue 12, hostile input: real Chromium renders <AgentChat> on a page served with a strict
// CSP and again with none (issue 17), every untrusted field holding XSS payloads and the
// charts' Vega specs trying to reach the network. Nothing may execute, navigate, open a
// dialog or leave the page. (The hostile agent-output corpus is hostile-output.test.ts.)
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../setup/static-server';
import { STRICT_CSP } from '../setup/commands';
import { buildFixturePage, launchChromium } from './support';

// Most host pages have no Content-Security-Policy: the same page with and without one.
const modes: [string, Record<string, string>][] = [
  ['a strict CSP', { 'Content-Security-Policy': STRICT_CSP }],
  ['no CSP', {}],
];

describe.each(modes)('hostile input with %s', (mode, headers) => {
  let browser: Browser;
  let origin: string;
  let close: () => void;
  beforeAll(async () => {
    const outDir = await buildFixturePage('hostile');
    const served = await serveFolder(outDir, { index: 'hostile.html', headers });
    origin = served.origin;
    close = () => served.server.close();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    close?.();
  });

  it('runs nothing, loads nothing from elsewhere, opens no dialog, does not navigate', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    const outside: string[] = [];
    const navigations: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('blob:')) outside.push(url);
    });
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.goto(`${origin}/`);
    // Ask the offered (hostile) question: the hostile turn streams in and renders.
    await page.getByRole('button', { name: /svg onload/ }).click();
    await page.waitForFunction(() => document.body.innerText.includes('constructor.constructor'), undefined, {
      timeout: 30_000,
    });
    // Open every panel so each chart is drawn; charts render (or refuse) asynchronously: wait
    // until the turn is done and every chart has settled, drawn or refused.
    await page.waitForFunction(() => document.querySelector('.ek-chat > [role="status"]')?.textContent === 'Done.');
    await page.$$eval('details', (all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await page.waitForFunction(
      () => {
        const charts = [...document.querySelectorAll('.ek-chart__canvas')];
        return charts.length > 0 && charts.every((chart) => chart.getAttribute('data-state') !== 'loading');
      },
      undefined,
      { timeout: 30_000 },
    );
    if (process.env.HOSTILE_SHOT) await page.screenshot({ path: process.env.HOSTILE_SHOT, fullPage: true });
    const report = await page.evaluate(() =>
      (window as unknown as { __collect: () => Record<string, unknown> }).__collect(),
    );
    const pwned = await page.evaluate(() => (window as unknown as { __pwned: string[] }).__pwned);
    // Clicking every link and button must not run or navigate anything either.
    for (const link of await page.locator('a[href]').all()) await link.click({ timeout: 1000 }).catch(() => {});
    // Then a link of the test's own, to a fragment: its navigation is queued after any the
    // clicks above started, so once it has happened, theirs would have too.
    await page.evaluate(() => {
      const sentinel = document.createElement('a');
      sentinel.href = '#sentinel';
      sentinel.textContent = 'sentinel';
      document.body.append(sentinel);
      sentinel.click();
      sentinel.remove();
    });
    await page.waitForFunction(() => location.hash === '#sentinel');

    expect(pwned).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
    expect(navigations).toEqual([`${origin}/`, `${origin}/#sentinel`]);
    expect(page.url()).toBe(`${origin}/#sentinel`);
    expect(report).toMatchObject({ scripts: 0, iframes: 0, objects: 0, jsLinks: 0, inlineHandlers: 0 });
    expect(report.text as number).toBeGreaterThan(2000); // the payloads are shown as text
    expect(report.charts as number).toBeGreaterThan(0); // Vega did run on the hostile specs
    console.info(
      `[reliability] hostile (${mode}): ${report.charts as number} charts, ${outside.length} requests out, CSP violations: ${JSON.stringify(report.violations)}`,
    );
    await page.close();
  }, 60_000);
});
