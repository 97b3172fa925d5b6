// The failed tests of a run by name (`<file> > <title>`), read from Vitest's and Playwright's JSON
// reports. scripts/test.mjs and .ci/run print them last, where a CI log's tail still shows them.
//
// `node scripts/failed-tests.mjs <label> <report.json>...` prints each failure of those reports
// as `<label> <name>`; a report that is missing is passed over (its run already counts as failed).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The failures of a Vitest JSON report. */
export function vitestFailures(report) {
  const failures = (report?.testResults ?? []).flatMap((file) => {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0)
      return [`${name} (${(file.message ?? '').split('\n')[0]})`];
    return failed.map((test) => `${name} > ${test.fullName}`);
  });
  // An error thrown outside every test (an uncaught exception, a rejection nobody awaited) fails
  // the run with no test to name: say where the log tells more.
  if (report && !report.success && failures.length === 0)
    failures.push('an error outside any test: see "Unhandled Errors" in the log');
  return failures;
}

/** The specs of a Playwright JSON report whose outcome is `status` (unexpected: failed every try). */
function playwrightSpecs(report, status) {
  const inSuites = (suites) =>
    suites.flatMap((suite) => [
      ...(suite.specs ?? [])
        .filter((spec) => spec.tests.some((test) => test.status === status))
        .map((spec) => `e2e/${spec.file} > ${spec.title}`),
      ...inSuites(suite.suites ?? []),
    ]);
  return inSuites(report?.suites ?? []);
}

/** The failures of a Playwright JSON report: tests that failed their retry too. */
export const playwrightFailures = (report) => playwrightSpecs(report, 'unexpected');

/** The tests that failed once and passed on their retry (playwright.config.ts): named, to be mended. */
export const playwrightFlaky = (report) => playwrightSpecs(report, 'flaky');

if (process.argv[1] === import.meta.filename) {
  const [label, ...reports] = process.argv.slice(2);
  for (const file of reports.filter((report) => existsSync(report))) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failures = 'testResults' in report ? vitestFailures(report) : playwrightFailures(report);
    for (const failure of failures) console.log(`${label} ${failure}`);
    if (!('testResults' in report))
      for (const flaky of playwrightFlaky(report)) console.log(`flaky (passed on its retry): ${flaky}`);
  }
}
