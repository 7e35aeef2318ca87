/**
 * Reading Playwright's JSON report for scripts/test-all.ts. CI keeps only the end of a run's
 * output, and Playwright's own account of a failure is printed in the middle of it: a failure
 * seen once in CI could not be read afterwards. So each failed browser test's error is printed
 * again, in a few lines, beside the run's last line.
 */

type ReportSuite = {
  file?: string;
  suites?: ReportSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
};

/** Lines kept of each error: the assertion, what was expected and received, the call log's start. */
const ERROR_LINES = 8;

/** One entry per failed test: `file:line title`, then the first lines of its first error. */
export function browserFailureLines(report: { suites?: ReportSuite[] }): string[] {
  const lines: string[] = [];
  const walk = (suite: ReportSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const message = test.results.find((result) => result.error?.message)?.error?.message ?? "";
        const first = message
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
          .replace(/\u001b\[[0-9;]*m/g, "")
          .split("\n")
          .filter((line) => line.trim() !== "")
          .slice(0, ERROR_LINES);
        lines.push(`${file}:${spec.line} ${spec.title}\n  ${first.join("\n  ")}`);
      }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? "");
  return lines;
}
