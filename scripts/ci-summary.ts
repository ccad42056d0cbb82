/**
 * The end of `.ci/run`: the totals of every Vitest JSON report the run wrote, and the tests
 * that passed only on a retry (the browser and story projects get one in CI). Vitest's JSON
 * report has no retry field, but a retried test keeps its earlier tries' errors: a test whose
 * status is `passed` with failure messages is one that failed first and passed on a retry.
 * Prints the retried tests (always, "none" included) and then the totals as the last line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The part of Vitest's JSON report read here. */
export interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] | null }[];
  }[];
}

/** A test that failed first and passed on a retry. */
export interface RetriedTest {
  file: string;
  name: string;
  /** How many tries failed before the pass. */
  failedTries: number;
  /** The first line of the first try's error. */
  firstError: string;
}

/** Every test in `reports` that passed after failing. */
export function retriedTests(reports: JsonReport[], root = process.cwd()): RetriedTest[] {
  return reports.flatMap((report) =>
    report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0)
        .map((test) => ({
          file: relative(root, file.name),
          name: test.fullName,
          failedTries: test.failureMessages!.length,
          firstError: test.failureMessages![0]!.split('\n')[0]!,
        })),
    ),
  );
}

/** The summary's lines: the retried tests, then the totals. */
export function summaryLines(reports: JsonReport[], root = process.cwd()): string[] {
  const sum = (key: 'numPassedTests' | 'numFailedTests' | 'numPendingTests') =>
    reports.reduce((n, report) => n + report[key], 0);
  const retried = retriedTests(reports, root);
  const lines = [
    retried.length
      ? `${retried.length} ${retried.length === 1 ? 'test' : 'tests'} passed only on a retry (flaky, to be fixed):`
      : 'No test needed a retry.',
    ...retried.map(
      (test) =>
        `  ${test.file} > ${test.name} (${test.failedTries} failed ${test.failedTries === 1 ? 'try' : 'tries'} first: ${test.firstError})`,
    ),
  ];
  const pending = sum('numPendingTests');
  lines.push(
    `${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed` + (pending ? `, ${pending} skipped` : ''),
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2).filter((file) => existsSync(file));
  const reports = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as JsonReport);
  for (const line of summaryLines(reports)) console.log(line);
}
