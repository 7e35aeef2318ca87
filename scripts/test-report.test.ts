import { expect, test } from "bun:test";
import { browserFailureLines } from "./test-report";

// Trimmed from a real report of a spec that failed on purpose (Playwright 1.x, JSON reporter).
const failed = {
  status: "unexpected",
  results: [
    {
      error: {
        message:
          "Error: \u001b[2mexpect(\u001b[22m\u001b[31mlocator\u001b[39m\u001b[2m).\u001b[22mtoBeVisible\u001b[2m(\u001b[22m\u001b[2m)\u001b[22m failed\n\nLocator: getByText('no such text anywhere')\nExpected: visible\nTimeout: 1000ms\nError: element(s) not found\n\nCall log:\n\u001b[2m  - Expect \"toBeVisible\" getByText('no such text anywhere') with timeout 1000ms\u001b[22m\n\u001b[2m  - waiting for getByText('no such text anywhere')\u001b[22m\n",
      },
    },
  ],
};

test("a failed browser test's error is kept in a few plain lines, passed ones not at all", () => {
  const report = {
    suites: [
      {
        file: "zz-fail.e2e.ts",
        specs: [
          { title: "passes", line: 2, tests: [{ status: "expected", results: [{}] }] },
          { title: "fails on purpose", line: 7, tests: [failed] },
        ],
        suites: [{ specs: [{ title: "in a describe", line: 12, tests: [failed] }] }],
      },
    ],
  };
  const lines = browserFailureLines(report);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe(
    [
      "zz-fail.e2e.ts:7 fails on purpose",
      "  Error: expect(locator).toBeVisible() failed",
      "  Locator: getByText('no such text anywhere')",
      "  Expected: visible",
      "  Timeout: 1000ms",
      "  Error: element(s) not found",
      "  Call log:",
      `    - Expect "toBeVisible" getByText('no such text anywhere') with timeout 1000ms`,
      "    - waiting for getByText('no such text anywhere')",
    ].join("\n"),
  );
  expect(lines[1]).toStartWith("zz-fail.e2e.ts:12 in a describe\n");
});
