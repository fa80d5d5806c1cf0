import type { Reporter, TestModule } from 'vitest/node';

/**
 * In CI nothing may be skipped (a suite whose tool is missing must fail the run, not vanish).
 * Outside CI a skip is allowed and was announced by the suite with its reason.
 */
export default class NoSkipsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (process.env.CI !== 'true') return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped') skipped.push(`${module.project.name}: ${test.fullName}`);
      }
    }
    if (skipped.length > 0) {
      console.error(`\nCI=true and ${skipped.length} test(s) were skipped:\n  ${skipped.join('\n  ')}`);
      process.exitCode = 1;
    }
  }
}
