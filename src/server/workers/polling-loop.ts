/**
 * A background loop over a queue kept in the database (webhook deliveries, notification emails):
 * `look` runs once at start, then again after `pollMs`, or at once when it says more is waiting.
 * A failed look is logged under `label` and retried after `pollMs`. Nothing is held between
 * looks, so a restart loses nothing; `stop` waits for the look under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly label: string,
    private readonly look: () => Promise<{ hasMore: boolean }>,
    private readonly pollMs: number,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.look().then(
        ({ hasMore }) => this.schedule(hasMore ? 0 : this.pollMs),
        (error: unknown) => {
          console.error(`${this.label} failed:`, error instanceof Error ? error.message : error);
          this.schedule(this.pollMs);
        },
      );
    }, delayMs);
    this.timer.unref();
  }
}
