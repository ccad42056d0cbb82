import { openBenchPage } from './browser-runner';
const b = await openBenchPage();
const { page, cdp } = b;
const sd = async () =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')!.value * 1000;
try {
  for (let r = 0; r < 2; r++)
    for (const chat of ['ours', 'naive']) {
      const a = await sd();
      const m = (await page.evaluate(
        (chat) => window.benches.chatRun!({ chat, historySize: 100, deltas: 300 }),
        chat,
      )) as { ms: number; longestTaskMs: number };
      console.log(chat, Math.round((await sd()) - a), Math.round(m.ms), m.longestTaskMs);
    }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await page.evaluate(() => window.benches.chatRun!({ chat: 'ours', historySize: 100, deltas: 300 }));
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas!;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples!.forEach((id, i) => {
    const n = byId.get(id)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${v.toFixed(1)} ${k}`)
      .join('\n'),
  );
} finally {
  await b.close();
}
