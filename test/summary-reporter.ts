// Ends a run with one plain line, "tests: N passed, N failed, N skipped", that any CI log
// reader understands; vitest's own summary stays above it.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const m of modules) for (const t of m.children.allTests()) count[t.result().state]++;
    // A module that failed to load has no test cases: count it as a failure.
    const broken = modules.filter((m) => m.state() === 'failed' && [...m.children.allTests()].length === 0).length;
    console.log(`\ntests: ${count.passed} passed, ${count.failed + broken} failed, ${count.skipped + count.pending} skipped`);
  }
}
