/** Latency of one query category at one corpus size. */
export interface CategoryResult {
  name: string;
  p50: number;
  p95: number;
  max: number;
  /** Average number of matching documents of the category's queries. */
  matches: number;
}

export interface TargetResult {
  name: "PGlite" | "PostgreSQL";
  origin: string;
  sizes: Array<{ documents: number; insertSec: number; categories: CategoryResult[] }>;
  /** EXPLAIN ANALYZE of the ranked query at the largest size. */
  plans: Array<{ category: string; query: string; plan: string }>;
  skipped?: string;
}

export interface SearchBenchResults {
  machine: string;
  model: { realWords: number; sourceWords: number; exponent: number; vocabulary: number };
  queries: Record<string, string[]>;
  targets: TargetResult[];
  seconds: number;
}

export const SEARCH_TARGET_P95_MS = 50;
/** Where each target's p95 goal applies (issue #5). */
const TARGET_SIZE: Record<TargetResult["name"], number> = { PostgreSQL: 100_000, PGlite: 10_000 };

/** The "Search (issue #5)" section of docs/benchmarks.md. */
export function formatSearchSection(results: SearchBenchResults): string {
  const lines = [
    "## Search (issue #5)",
    "",
    `Written by \`npm run bench:search\` (${results.seconds.toFixed(0)} s; ${results.machine}). It times`,
    "`searchDocuments` itself — the ranked query, the `ts_headline` snippets and the ancestor paths of",
    "one 20-result page — called in-process on a database holding one workspace of generated documents.",
    `Goal: p95 < ${SEARCH_TARGET_P95_MS} ms at 100,000 documents on PostgreSQL and at 10,000 on PGlite.`,
    "",
    `Text: ${results.model.realWords.toLocaleString("en")} distinct words ranked by frequency in the final text of the editing traces`,
    `(\`../shared/data/editing-traces\`, ${results.model.sourceWords.toLocaleString("en")} words), frequency ∝ 1/rank^${results.model.exponent.toFixed(2)}`,
    `(fitted on ranks 5–2,000), extended with invented words to ${results.model.vocabulary.toLocaleString("en")} ranks for the long tail;`,
    "bodies of 250–750 words (500 on average) in sentences and paragraphs, titles of 2–6 words, one document in ten nested.",
    "Queries, each category cycling through its examples, 30 timed runs after 3 warm-ups:",
    "",
    ...Object.entries(results.queries).map(([name, list]) => `- ${name}: ${list.map((q) => `\`${q}\``).join(", ")}`),
    "",
  ];
  for (const target of results.targets) {
    lines.push(`### ${target.name}`, "");
    if (target.skipped) {
      lines.push(target.skipped, "");
      continue;
    }
    lines.push(`On ${target.origin}.`, "");
    lines.push("| documents | query | matches | p50 ms | p95 ms | max ms | goal |", "|---:|---|---:|---:|---:|---:|---|");
    for (const size of target.sizes) {
      for (const c of size.categories) {
        const hasGoal = size.documents === TARGET_SIZE[target.name];
        const goal = hasGoal ? (c.p95 < SEARCH_TARGET_P95_MS ? "met" : "**not met**") : "";
        lines.push(`| ${size.documents.toLocaleString("en")} | ${c.name} | ${Math.round(c.matches).toLocaleString("en")} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.max.toFixed(1)} | ${goal} |`);
      }
    }
    lines.push("", `Inserting: ${target.sizes.map((s) => `${s.documents.toLocaleString("en")} documents ${s.insertSec.toFixed(1)} s`).join(", ")} (cumulative sizes; batched multi-row INSERTs, the generated search vector and the GIN index maintained as rows arrive).`, "");
    for (const plan of target.plans) {
      lines.push(`<details><summary>EXPLAIN ANALYZE of the ranked query, ${plan.category} <code>${plan.query}</code>, at ${target.sizes.at(-1)?.documents.toLocaleString("en")} documents</summary>`, "", "```", plan.plan, "```", "", "</details>", "");
    }
  }
  return lines.join("\n");
}
