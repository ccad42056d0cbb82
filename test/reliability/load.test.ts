// Issue 12, load (small, for CI): the same runs as `npm run load` at a size that takes
// seconds on a shared 2-core machine. Loopback only; bounded in count and time.
import { describe, expect, it } from 'vitest';
import { chatLoad, sessionLoad } from './load';

describe('load on the mock over loopback', () => {
  it('concurrent chat streams, half aborted at random moments: all end, no turn or timer left', async () => {
    const report = await chatLoad({ streams: 30, deadlineMs: 20_000 });
    expect(report.errors).toEqual([]);
    expect(report.completed + report.aborted).toBe(30);
    expect(report.aborted).toBeGreaterThan(0);
    // An abort ends its stream sooner than a whole turn takes on this machine in this run (a
    // ratio, not a fixed time: both slow down alike under load; `npm run load` reports the ms).
    expect(report.completed).toBeGreaterThan(0);
    expect(report.slowestAbortMs).toBeLessThan(report.medianTurnMs);
    expect(report.runsLeft).toBe(0);
    expect(report.timersAfter).toBeLessThanOrEqual(report.timersBefore);
  }, 30_000);

  it('Generate Session from concurrent clients: every answer right, the user limit exact', async () => {
    const report = await sessionLoad({ requests: 200, clients: 10, limit: 20, deadlineMs: 20_000 });
    expect(report.wrong).toEqual([]);
    expect(report.ok + report.refusedAtLimit).toBe(200);
    expect(report.refusedAtLimit).toBeGreaterThan(0);
    expect(report.distinctAdmitted).toBe(20);
    expect(report.persistentUsers).toBe(20);
  }, 30_000);
});
