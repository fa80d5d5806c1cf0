import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  files: number;
  tests: number;
  /** When its first file started and its last file ended (ms since the epoch). */
  first: number;
  last: number;
  /** The files' own durations added up: more than the span where files ran side by side. */
  busyMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * At the end of `npm test`, one row per project: how many files and tests, from its first file's
 * start to its last file's end (projects run side by side, so the spans overlap), and the files'
 * own time added up. Where CI's minutes go, without reading the whole log.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly started = Date.now();

  private readonly starts = new Map<TestModule, number>();

  private readonly projects = new Map<string, ProjectTimes>();

  onTestModuleStart(module: TestModule): void {
    this.starts.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    const start = this.starts.get(module) ?? end;
    const name = module.project.name;
    const times = this.projects.get(name) ?? { files: 0, tests: 0, first: start, last: end, busyMs: 0 };
    times.files += 1;
    times.tests += [...module.children.allTests()].length;
    times.first = Math.min(times.first, start);
    times.last = Math.max(times.last, end);
    times.busyMs += module.diagnostic().duration;
    this.projects.set(name, times);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const rows = [...this.projects].sort(([, a], [, b]) => b.last - b.first - (a.last - a.first));
    const lines = rows.map(
      ([name, t]) =>
        `${name.padEnd(16)}${String(t.files).padStart(6)}${String(t.tests).padStart(7)}${seconds(t.last - t.first).padStart(11)}${seconds(t.busyMs).padStart(12)}`,
    );
    console.log(
      [
        '',
        `${'project'.padEnd(16)}${'files'.padStart(6)}${'tests'.padStart(7)}${'span'.padStart(11)}${'file time'.padStart(12)}`,
        ...lines,
        `whole run (with global setups): ${seconds(Date.now() - this.started)}`,
      ].join('\n'),
    );
  }
}
