// The verdicts of `npm run soak` (issue 13.8), apart from the run so they can be tested.

/** One reading of the server, taken every sampling interval of the soak. */
export interface SoakSample {
  /** Seconds since typing started. */
  atS: number;
  /**
   * The server's RSS through the interval: the median of readings every few seconds (a level,
   * not one moment between two garbage collections), and the highest reading.
   */
  rssMiB: number;
  rssMaxMiB: number;
  /** The server's event-loop delay over the interval (monitorEventLoopDelay), ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Updates the clients sent (one a keystroke), page loads and API reads in the interval, and their p95 times. */
  updates: number;
  pageLoads: number;
  pageP95Ms: number;
  apiReads: number;
  apiP95Ms: number;
  /** The server's CPU (100 = one core) over the interval, and how long per second its main thread waited for a core. */
  serverCpuPercent: number;
  serverWaitMsPerS: number;
  /** The machine's 1-minute load average at the reading. */
  loadAverage: number;
}

/** The level: RSS after the first 5 minutes. */
export const RSS_BASELINE_S = 300;
export const RSS_TOLERANCE = 0.1;

export interface RssVerdict {
  /** When the level is taken, and whether the run was too short for 5 minutes (then a fifth of it). */
  baselineAtS: number;
  isShortRun: boolean;
  baselineMiB: number | null;
  /** Largest and smallest later reading against the level (1.05 = 5% above). */
  highest: number | null;
  lowest: number | null;
  /** Every reading after the level within ±10% of it; null when there is no later reading to judge. */
  met: boolean | null;
}

/**
 * RSS must stay within 10% of its level after the first 5 minutes (after the first fifth of a
 * run shorter than that): the level is the first reading at or after that time, and every later
 * reading is judged against it.
 */
export function rssVerdict(samples: readonly SoakSample[], runSeconds: number): RssVerdict {
  const isShortRun = runSeconds < RSS_BASELINE_S;
  const baselineAtS = isShortRun ? runSeconds / 5 : RSS_BASELINE_S;
  const index = samples.findIndex((sample) => sample.atS >= baselineAtS - 1e-6);
  const baseline = index >= 0 ? samples[index] : undefined;
  const later = index >= 0 ? samples.slice(index + 1) : [];
  if (!baseline || later.length === 0) return { baselineAtS, isShortRun, baselineMiB: baseline?.rssMiB ?? null, highest: null, lowest: null, met: null };
  const ratios = later.map((sample) => sample.rssMiB / baseline.rssMiB);
  const highest = Math.max(...ratios);
  const lowest = Math.min(...ratios);
  return { baselineAtS, isShortRun, baselineMiB: baseline.rssMiB, highest, lowest, met: highest <= 1 + RSS_TOLERANCE && lowest >= 1 - RSS_TOLERANCE };
}

/** Everything that went wrong in a run; each must be 0. */
export interface SoakErrors {
  /** Page loads and API reads that failed (a network error, a timeout, or not 200). */
  http: number;
  /** Socket errors, and sockets the server closed. */
  socket: number;
  /** Clients that never synced, updates the server refused, and updates it never answered. */
  sync: number;
}

/** The run's correctness verdict: no errors, and every typed keystroke stored exactly once. */
export function soakCorrect(errors: SoakErrors, typed: number, stored: number, inexactLines: number): boolean {
  return errors.http === 0 && errors.socket === 0 && errors.sync === 0 && typed === stored && inexactLines === 0;
}

/** The median of some readings (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The sampling interval: a minute, or a tenth of a run shorter than 10 minutes, so short runs have readings too. */
export function sampleIntervalS(runSeconds: number): number {
  return Math.min(60, runSeconds / 10);
}
