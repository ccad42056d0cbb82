import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { serveFolder } from '/work/wt/h17b/test/setup/static-server.ts';
const root = '/work/wt/h17b/test/reliability/fixtures/';
const outDir = '/tmp/hostile-out-build';
if (!process.env.NOBUILD) await build({ configFile: false, root, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: root + 'hostile-output.html' } } });
const { origin, server } = await serveFolder(outDir, { index: 'hostile-output.html' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
page.on('console', (m) => process.env.CONSOLE && console.log('console:', m.text().slice(0, 300)));
await page.goto(origin + '/');
await page.evaluate(() => (window as any).__warm());
const ids = (process.env.IDS ?? '').split(',').filter(Boolean);
for (const id of ids) {
  const t = Date.now();
  const r = await Promise.race([page.evaluate((i) => (window as any).__run(i), id), new Promise((res) => setTimeout(() => res('HANG'), Number(process.env.HANG ?? 30000)))]);
  console.log(id, Date.now() - t, "ms", JSON.stringify(r).slice(0, 600));
  if (r === 'HANG') break;
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/shot-${id.replace(/\W/g, '_')}.png` });
}
await browser.close();
server.close();
