// The slowest test files of a run, read from Vitest's and Playwright's JSON reports: where the
// time goes, file by file. scripts/test.mjs prints them with its durations; .ci/run prints each
// runner's in its durations table.
//
// `node scripts/slowest-files.mjs <label> <report.json>` prints the ten slowest files of that
// report, one line each, indented under `<label>`; a missing report prints nothing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each file of a Vitest JSON report with its seconds (from its start to its end). */
function vitestFiles(report) {
  return (report?.testResults ?? []).map((file) => ({
    file: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** Each spec file of a Playwright JSON report with the seconds of all its tests' tries. */
function playwrightFiles(report) {
  const seconds = new Map();
  const walk = (suites) => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? []) {
        const file = `e2e/${spec.file}`;
        const tries = spec.tests.flatMap((test) => test.results.map((result) => result.duration));
        seconds.set(file, (seconds.get(file) ?? 0) + tries.reduce((sum, ms) => sum + ms, 0) / 1000);
      }
      walk(suite.suites ?? []);
    }
  };
  walk(report?.suites ?? []);
  return [...seconds].map(([file, s]) => ({ file, seconds: s }));
}

/** The `count` slowest files of a Vitest or Playwright JSON report, slowest first. */
export function slowestFiles(report, count = 10) {
  const files = 'testResults' in report ? vitestFiles(report) : playwrightFiles(report);
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** The lines that print them, under a label. */
export function slowestLines(label, report, count = 10) {
  return [
    `  ${label}: the ${count} slowest files`,
    ...slowestFiles(report, count).map(
      ({ file, seconds }) => `    ${file.padEnd(58)} ${seconds.toFixed(1).padStart(7)} s`,
    ),
  ];
}

if (process.argv[1] === import.meta.filename) {
  const [label, file] = process.argv.slice(2);
  if (file && existsSync(file))
    console.log(slowestLines(label, JSON.parse(readFileSync(file, 'utf8'))).join('\n'));
}
