import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retriedTests, summaryLines, type JsonReport } from '../../scripts/ci-summary';

/**
 * A real report: Vitest 4's JSON reporter after a CI-mode browser run of a file whose first
 * test fails on its first try and passes on its second (`retry: 1`), beside a plain pass.
 */
const retried = JSON.parse(
  readFileSync(new URL('./fixtures/vitest-retried.json', import.meta.url), 'utf8'),
) as JsonReport;

const report = (tests: JsonReport['testResults'][number]['assertionResults'], name = '/ci/test/a.test.ts') => ({
  numPassedTests: tests.filter((test) => test.status === 'passed').length,
  numFailedTests: tests.filter((test) => test.status === 'failed').length,
  numPendingTests: tests.filter((test) => test.status === 'skipped').length,
  testResults: [{ name, assertionResults: tests }],
});

describe('the CI summary', () => {
  it('names a test that passed only on its retry, from the JSON report Vitest writes', () => {
    expect(retriedTests([retried], '/ci')).toEqual([
      {
        file: 'test/browser/zz-flaky.browser.test.ts',
        name: 'flaky once',
        failedTries: 1,
        firstError: 'AssertionError: expected 1 to be 2 // Object.is equality',
      },
    ]);
    expect(summaryLines([retried], '/ci')).toEqual([
      '1 test passed only on a retry (flaky, to be fixed):',
      '  test/browser/zz-flaky.browser.test.ts > flaky once (1 failed try first: AssertionError: expected 1 to be 2 // Object.is equality)',
      '2 passed, 0 failed',
    ]);
  });

  it('counts retried tests across every report; a test that failed every try is a failure, not a retry', () => {
    const other = report(
      [
        { fullName: 'steady', status: 'passed', failureMessages: [] },
        { fullName: 'second try', status: 'passed', failureMessages: ['Error: timed out\n    at x'] },
        { fullName: 'broken', status: 'failed', failureMessages: ['Error: no', 'Error: no'] },
        { fullName: 'later', status: 'skipped', failureMessages: [] },
      ],
      '/ci/test/static/storybook-static.test.ts',
    );
    const lines = summaryLines([retried, other], '/ci');
    expect(lines[0]).toBe('2 tests passed only on a retry (flaky, to be fixed):');
    expect(lines.slice(1, 3)).toEqual([
      expect.stringContaining('zz-flaky.browser.test.ts > flaky once'),
      '  test/static/storybook-static.test.ts > second try (1 failed try first: Error: timed out)',
    ]);
    expect(lines.at(-1)).toBe('4 passed, 1 failed, 1 skipped');
  });

  it('says so when no test needed a retry, and still ends with the totals', () => {
    const clean = report([{ fullName: 'steady', status: 'passed', failureMessages: [] }]);
    expect(summaryLines([clean])).toEqual(['No test needed a retry.', '1 passed, 0 failed']);
  });
});
