// The device check's clock: a wall-time budget for a lent GPU session, timestamped progress
// lines, and the rule for starting work — a unit starts only if the last unit of its kind
// would still end inside the budget, so the check stops between units, never inside one.
export class Budget {
  private readonly start: number;
  private readonly last = new Map<string, number>();
  /** Set when a unit was refused: every later unit is refused too and the summary says so. */
  stoppedAt: string | null = null;

  constructor(
    readonly budgetS: number,
    private readonly now: () => number = () => performance.now(),
    private readonly print: (line: string) => void = (line) => console.log(line),
  ) {
    this.start = now();
  }

  elapsedS(): number {
    return (this.now() - this.start) / 1e3;
  }

  log(line: string): void {
    this.print(`[${this.elapsedS().toFixed(1).padStart(6)}s] ${line}`);
  }

  /** Runs `body` as one unit of `kind` if it fits; false (and nothing run) once the budget is
   * spent. `scale`: this unit's expected time over the last one of its kind (a larger node). */
  async unit(kind: string, label: string, body: () => Promise<void>, scale = 1): Promise<boolean> {
    const estimateS = ((this.last.get(kind) ?? 0) * scale) / 1e3;
    if (this.stoppedAt === null && this.elapsedS() + estimateS > this.budgetS) {
      this.stoppedAt = `${kind} ${label}`;
      this.log(`BUDGET ${this.budgetS}s reached: stopping before ${this.stoppedAt}`);
    }
    if (this.stoppedAt !== null) return false;
    const t0 = this.now();
    await body();
    this.last.set(kind, this.now() - t0);
    return true;
  }
}

/**
 * Checks as units of `kind`: each body returns its PASS line, or one starting "FAIL"; a
 * failure (or a throw) is logged and kept in report.failures instead of ending the run.
 */
export function checker(budget: Budget, kind: string, report: { failures: string[]; ran: number }) {
  return (label: string, body: () => Promise<string>, scale = 1): Promise<boolean> =>
    budget.unit(kind, label, async () => {
      const line = await body().catch((e: Error) => `FAIL threw ${e.message.split('\n')[0]}`);
      if (line.startsWith('FAIL')) report.failures.push(`${label}: ${line.slice(5)}`);
      budget.log(`${line.startsWith('FAIL') ? 'FAIL' : 'PASS'} ${label}: ${line.replace(/^FAIL /, '')}`);
      report.ran++;
    }, scale);
}
