import { describe, expect, it } from "vitest";
import type { SoakSample } from "./soak-verdicts";
import { median, rssVerdict, sampleIntervalS, soakCorrect } from "./soak-verdicts";

const sample = (atS: number, rssMiB: number): SoakSample => ({ atS, rssMiB, rssMaxMiB: rssMiB, loopP99Ms: 10, loopMaxMs: 12, updates: 0, pageLoads: 0, pageP95Ms: 0, apiReads: 0, apiP95Ms: 0, serverCpuPercent: 50, serverWaitMsPerS: 0, loadAverage: 1 });
const minutes = (rss: number[]) => rss.map((value, i) => sample(60 * (i + 1), value));

describe("rssVerdict", () => {
  it("judges every reading after the first 5 minutes against the 5-minute level", () => {
    const verdict = rssVerdict(minutes([400, 450, 480, 500, 500, 520, 549, 510]), 8 * 60);
    expect(verdict).toMatchObject({ baselineAtS: 300, isShortRun: false, baselineMiB: 500, met: true });
    expect(verdict.highest).toBeCloseTo(1.098);
    expect(verdict.lowest).toBeCloseTo(1.02);
  });

  it("fails a reading more than 10% above the level, or below it", () => {
    expect(rssVerdict(minutes([500, 500, 500, 500, 500, 560]), 6 * 60).met).toBe(false);
    expect(rssVerdict(minutes([500, 500, 500, 500, 500, 440]), 6 * 60).met).toBe(false);
    // The first minutes are before the level: growth while warming up does not count.
    expect(rssVerdict(minutes([100, 200, 300, 400, 500, 505]), 6 * 60).met).toBe(true);
  });

  it("takes the level after the first fifth of a run shorter than 5 minutes, and says so", () => {
    const readings = [10, 20, 30, 40, 50, 60].map((atS, i) => sample(atS, [300, 320, 330, 335, 340, 330][i] ?? 0));
    const verdict = rssVerdict(readings, 60);
    expect(verdict).toMatchObject({ baselineAtS: 12, isShortRun: true, baselineMiB: 320, met: true });
  });

  it("does not judge a run with no reading after its level", () => {
    expect(rssVerdict(minutes([500, 500, 500, 500, 500]), 5 * 60)).toMatchObject({ baselineMiB: 500, met: null });
    expect(rssVerdict([], 30)).toMatchObject({ baselineMiB: null, met: null });
  });
});

describe("soakCorrect", () => {
  const none = { http: 0, socket: 0, sync: 0 };

  it("passes only with no errors and every keystroke stored as typed", () => {
    expect(soakCorrect(none, 1000, 1000, 0)).toBe(true);
    expect(soakCorrect({ ...none, http: 1 }, 1000, 1000, 0)).toBe(false);
    expect(soakCorrect({ ...none, socket: 1 }, 1000, 1000, 0)).toBe(false);
    expect(soakCorrect({ ...none, sync: 1 }, 1000, 1000, 0)).toBe(false);
    expect(soakCorrect(none, 1000, 999, 1)).toBe(false);
    // All characters there, but a line carries text nobody typed on it.
    expect(soakCorrect(none, 1000, 1000, 1)).toBe(false);
  });
});

describe("sampleIntervalS", () => {
  it("reads every minute, or ten times in a shorter run", () => {
    expect(sampleIntervalS(30 * 60)).toBe(60);
    expect(sampleIntervalS(30)).toBe(3);
  });
});

describe("median", () => {
  it("is the middle reading, or the mean of the middle two", () => {
    expect(median([700, 600, 610])).toBe(610);
    expect(median([600, 640, 610, 700])).toBe(625);
    expect(median([])).toBeNaN();
  });
});
