import { setTimeout as sleep } from "node:timers/promises";

/**
 * How long the collaboration server checks and applies updates back to back before it lets the
 * rest of the server run. Hocuspocus handles the messages queued on a socket one after another in
 * one turn of the event loop (its hooks resolve as microtasks), so a burst of large updates was
 * applied whole before any page, API call or other socket was answered: a limit per message
 * bounded nothing if a client sent many at once. Each update now asks this budget first.
 *
 * Updates handled since the event loop last turned form a run. Once a run has lasted `msPerRun`,
 * whichever update comes next, in that turn or a later one and from any socket, rests until as
 * long again has passed: updates then take at most about half of the server's time while other
 * work waits. The rest is a `setTimeout`, so the event loop turns as often as other work needs
 * (a request takes several turns: one `setImmediate` between updates was not enough). Waiting
 * updates wake one at a time; each starts a run, so the next rests again after a long one.
 * Typing never waits: a keystroke takes a tenth of a millisecond, and a run ends at every turn.
 */
export class TurnBudget {
  /** When the current run of updates began (performance.now()), or null between runs. */
  private runStart: number | null = null;
  /** Until when (performance.now()) updates rest after a long run. */
  private restUntil = 0;

  /** @param msPerRun how long a run of updates may last before the next one rests as long */
  constructor(private readonly msPerRun: number) {}

  /** Resolves once an update may be checked and applied: at once, or after resting. */
  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (now < this.restUntil) {
        await sleep(this.restUntil - now);
        continue; // another update may have woken first and started a run meanwhile
      }
      if (this.runStart === null) {
        this.runStart = now;
        setImmediate(this.endRun); // the event loop turns: updates after it start a new run
        return;
      }
      if (!this.hasRunLong(now)) return;
    }
  }

  // At the end of the turn its run took, the last update's apply included.
  private readonly endRun = (): void => {
    this.hasRunLong(performance.now());
    this.runStart = null;
  };

  // Ends a run that has lasted `msPerRun` or more, with a rest as long.
  private hasRunLong(now: number): boolean {
    const ran = this.runStart === null ? 0 : now - this.runStart;
    if (ran < this.msPerRun) return false;
    this.restUntil = now + ran;
    this.runStart = null;
    return true;
  }
}
