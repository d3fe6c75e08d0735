// Ends a run with one plain line, "tests: N passed, N failed, N skipped", that any CI log
// reader understands; vitest's own summary stays above it. With any LEANVM_REQUIRE_* flag set
// (CI) a run that skipped a test fails, naming each: a skip there is a check that silently did not
// happen.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    const skipped: string[] = [];
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        count[state]++;
        if (state === 'skipped' || state === 'pending') skipped.push(`${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}`);
      }
    }
    // A module that failed to load has no test cases: count it as a failure.
    const broken = modules.filter((m) => m.state() === 'failed' && [...m.children.allTests()].length === 0).length;
    console.log(`\ntests: ${count.passed} passed, ${count.failed + broken} failed, ${count.skipped + count.pending} skipped`);
    const required = Object.keys(process.env).filter((k) => k.startsWith('LEANVM_REQUIRE_') && process.env[k] === '1');
    if (required.length > 0 && skipped.length > 0) {
      console.log(`FAIL: ${skipped.length} test(s) skipped while ${required.join(', ')} ${required.length > 1 ? 'are' : 'is'} set:`);
      for (const s of skipped) console.log(`  skipped: ${s}`);
      process.exitCode = 1;
    }
  }
}
