import { chromium } from 'playwright';
const port = process.argv[2];
const shots = JSON.parse(process.argv[3]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--disable-dev-shm-usage'] });
for (const s of shots) {
  const page = await browser.newPage({ viewport: { width: s.width ?? 900, height: s.height ?? 700 } });
  const globals = s.theme ? `&globals=theme:${s.theme}` : '';
  await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${s.id}&viewMode=story${globals}`);
  try { await page.waitForSelector(s.wait ?? '[role="menu"]', { timeout: 40000 }); } catch (e) { console.log('no wait selector', s.id); }
  await page.waitForTimeout(s.delay ?? 1500);
  await page.screenshot({ path: `/tmp/h20a-${s.name}.png`, fullPage: !!s.full });
  await page.close();
  console.log('shot', s.name);
}
await browser.close();
