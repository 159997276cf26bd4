import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { EDITING_TRACES } from "./editing-traces";

/** Words with Zipf-like frequencies learned from real text, and a seeded sampler over them. */
export interface WordModel {
  /** Most frequent first: the real words, then invented rare ones filling the long tail. */
  words: string[];
  /** How many of `words` come from the real text. */
  realWords: number;
  /** The fitted exponent s of frequency ∝ 1 / rank^s. */
  exponent: number;
  /** Total words in the source text. */
  sourceWords: number;
  /** A word index drawn by frequency, using `random` (a number in [0, 1)). */
  sample(random: () => number): number;
}

const TRACES = EDITING_TRACES;
const WORD = /[\p{L}][\p{L}\p{N}']*/gu;

/**
 * Builds the model from the final text (`endContent`) of every editing trace in
 * the editing traces (editing-traces.ts): word ranks and an exponent fitted on log rank against log
 * frequency (ranks 5–2,000), extended with invented words to `vocabulary` ranks so that
 * 100,000 documents still have rare words, as real corpora do.
 */
export function buildWordModel(vocabulary = 60_000): WordModel {
  const counts = new Map<string, number>();
  let sourceWords = 0;
  for (const file of traceFiles()) {
    const trace = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")) as { endContent?: string };
    for (const match of (trace.endContent ?? "").toLowerCase().matchAll(WORD)) {
      const word = match[0].replace(/'+$/, "");
      counts.set(word, (counts.get(word) ?? 0) + 1);
      sourceWords += 1;
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const exponent = fitExponent(ranked.map(([, n]) => n));
  const words = ranked.map(([w]) => w);
  const realWords = words.length;
  const taken = new Set(words);
  const invent = syllableWords();
  while (words.length < vocabulary) {
    const word = invent();
    if (!taken.has(word)) {
      taken.add(word);
      words.push(word);
    }
  }
  // Cumulative weights of 1 / rank^s over the whole vocabulary, for binary search.
  const cumulative = new Float64Array(words.length);
  let total = 0;
  for (let i = 0; i < words.length; i += 1) {
    total += 1 / (i + 1) ** exponent;
    cumulative[i] = total;
  }
  return {
    words,
    realWords,
    exponent,
    sourceWords,
    sample(random) {
      const target = random() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((cumulative[mid] ?? 0) < target) low = mid + 1;
        else high = mid;
      }
      return low;
    },
  };
}

function traceFiles(): string[] {
  return ["sequential_traces", "concurrent_traces"].flatMap((dir) => {
    const folder = path.join(TRACES, dir);
    if (!fs.existsSync(folder)) return [];
    return fs.readdirSync(folder).filter((f) => f.endsWith(".json.gz")).map((f) => path.join(folder, f));
  });
}

/** Least-squares slope of log(frequency) on log(rank), negated. */
function fitExponent(frequencies: number[]): number {
  const points: Array<[number, number]> = [];
  for (let rank = 5; rank <= Math.min(2_000, frequencies.length); rank += 1) {
    points.push([Math.log(rank), Math.log(frequencies[rank - 1] ?? 1)]);
  }
  if (points.length < 10) return 1;
  const meanX = points.reduce((s, [x]) => s + x, 0) / points.length;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const slope = points.reduce((s, [x, y]) => s + (x - meanX) * (y - meanY), 0) / points.reduce((s, [x]) => s + (x - meanX) ** 2, 0);
  return -slope;
}

/** Pronounceable invented words (2–4 syllables), deterministic. */
function syllableWords(): () => string {
  const onsets = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "pl", "gr", "ch"];
  const vowels = ["a", "e", "i", "o", "u", "ai", "ou", "ea"];
  let n = 0;
  return () => {
    n += 1;
    let word = "";
    let k = n;
    const syllables = 2 + (n % 3);
    for (let i = 0; i < syllables; i += 1) {
      word += (onsets[k % onsets.length] ?? "") + (vowels[Math.floor(k / onsets.length) % vowels.length] ?? "");
      k = Math.floor(k / 7) + i * 13 + n;
    }
    return word;
  };
}
