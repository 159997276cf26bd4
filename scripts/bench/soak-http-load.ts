// The page loads and API reads `npm run soak` mixes in with the typing: each at a fixed rate
// (open loop: a slow answer does not slow the next request down, as it would not for people),
// every answer read to its end, and anything but a 200 counted as an error.

export interface HttpTarget {
  /** A document page's path (`/w/<slug>/d/<doc>`) and the document's id. */
  pagePath: string;
  documentId: string;
}

export interface HttpLoadOptions {
  baseUrl: string;
  cookie: string;
  apiToken: string;
  workspaceSlug: string;
  targets: HttpTarget[];
  pagesPerMinute: number;
  apiReadsPerMinute: number;
  timeoutMs?: number;
}

export interface HttpCounts {
  pageLoads: number;
  apiReads: number;
  /** Page loads' and API reads' times, ms, since the last take. */
  pageMs: number[];
  apiMs: number[];
  errors: number;
}

const MAX_KEPT_ERRORS = 20;

export class HttpLoad {
  private timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private counts: HttpCounts = emptyCounts();
  private pages = 0;
  private reads = 0;
  /** Totals over the run. */
  totalPageLoads = 0;
  totalApiReads = 0;
  totalErrors = 0;
  /** The first failures, for the report. */
  readonly errorSamples: string[] = [];

  constructor(private readonly options: HttpLoadOptions) {}

  start(): void {
    if (this.options.pagesPerMinute > 0) this.timers.push(setInterval(() => this.track(this.pageLoad()), 60_000 / this.options.pagesPerMinute));
    if (this.options.apiReadsPerMinute > 0) this.timers.push(setInterval(() => this.track(this.apiRead()), 60_000 / this.options.apiReadsPerMinute));
  }

  /** Stops sending and waits for the requests on their way. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all(this.inFlight);
  }

  /** The counts since the last take. */
  take(): HttpCounts {
    const counts = this.counts;
    this.counts = emptyCounts();
    return counts;
  }

  // Pages cycle through the documents with the session cookie, as people open them.
  private async pageLoad(): Promise<void> {
    const target = this.nextTarget(this.pages++);
    const ms = await this.get(target.pagePath, { cookie: this.options.cookie, accept: "text/html" });
    if (ms === null) return;
    this.counts.pageLoads += 1;
    this.counts.pageMs.push(ms);
    this.totalPageLoads += 1;
  }

  // API reads take turns: a document as Markdown with the API token, the workspace's document
  // list with the token, a document's delta with the session cookie.
  private async apiRead(): Promise<void> {
    const turn = this.reads++;
    const target = this.nextTarget(Math.floor(turn / 3));
    const bearer = { authorization: `Bearer ${this.options.apiToken}` };
    const read =
      turn % 3 === 0
        ? this.get(`/api/v1/documents/${target.documentId}?format=markdown`, bearer)
        : turn % 3 === 1
          ? this.get(`/api/v1/documents?workspace=${encodeURIComponent(this.options.workspaceSlug)}&limit=50`, bearer)
          : this.get(`/api/v1/documents/${target.documentId}?format=delta`, { cookie: this.options.cookie });
    const ms = await read;
    if (ms === null) return;
    this.counts.apiReads += 1;
    this.counts.apiMs.push(ms);
    this.totalApiReads += 1;
  }

  private nextTarget(turn: number): HttpTarget {
    const target = this.options.targets[turn % this.options.targets.length];
    if (!target) throw new Error("the soak has no documents to load");
    return target;
  }

  /** The request's time in ms, or null when it failed (counted as an error). */
  private async get(pathname: string, headers: Record<string, string>): Promise<number | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${this.options.baseUrl}${pathname}`, { headers, redirect: "manual", signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
      this.fail(`GET ${pathname}: ${response.status}`);
    } catch (error) {
      this.fail(`GET ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return null;
  }

  private fail(message: string): void {
    this.counts.errors += 1;
    this.totalErrors += 1;
    if (this.errorSamples.length < MAX_KEPT_ERRORS) this.errorSamples.push(message);
  }

  private track(request: Promise<void>): void {
    this.inFlight.add(request);
    void request.finally(() => this.inFlight.delete(request));
  }
}

function emptyCounts(): HttpCounts {
  return { pageLoads: 0, apiReads: 0, pageMs: [], apiMs: [], errors: 0 };
}
