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
  /** `load`: the 1-minute load average around the timed runs (the machine is shared). */
  sizes: Array<{ documents: number; insertSec: number; categories: CategoryResult[]; load: number }>;
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
    `(\`test/fixtures/editing-traces\`, ${results.model.sourceWords.toLocaleString("en")} words), frequency ∝ 1/rank^${results.model.exponent.toFixed(2)}`,
    `(fitted on ranks 5–2,000), extended with invented words to ${results.model.vocabulary.toLocaleString("en")} ranks for the long tail;`,
    "bodies of 250–750 words (500 on average) in sentences and paragraphs, titles of 2–6 words, one document in ten nested.",
    "Queries, each category cycling through its examples, 30 timed runs after 3 warm-ups (\"load\" is the",
    "machine's 1-minute load average while they ran: other work shares its cores and inflates the times):",
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
    lines.push("| documents | query | matches | p50 ms | p95 ms | max ms | goal | load |", "|---:|---|---:|---:|---:|---:|---|---:|");
    for (const size of target.sizes) {
      for (const c of size.categories) {
        const hasGoal = size.documents === TARGET_SIZE[target.name];
        const goal = hasGoal ? (c.p95 < SEARCH_TARGET_P95_MS ? "met" : "**not met**") : "";
        lines.push(`| ${size.documents.toLocaleString("en")} | ${c.name} | ${Math.round(c.matches).toLocaleString("en")} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.max.toFixed(1)} | ${goal} | ${size.load.toFixed(1)} |`);
      }
    }
    if (target.name === "PGlite" && !target.sizes.some((s) => s.documents === 100_000)) {
      lines.push("", "Not run at 100,000 documents by default (inserting them takes over 10 minutes here); `SEARCH_BENCH_PGLITE_SIZES=1000,10000,100000 npm run bench:search` does.");
    }
    if (!target.sizes.some((s) => s.documents === TARGET_SIZE[target.name])) {
      lines.push("", `Not run at ${TARGET_SIZE[target.name].toLocaleString("en")} documents, where its goal applies.`);
    }
    lines.push("", `Inserting: ${target.sizes.map((s) => `${s.documents.toLocaleString("en")} documents ${s.insertSec.toFixed(1)} s`).join(", ")} (cumulative sizes; batched multi-row INSERTs computing the generated search vector, the GIN indexes dropped meanwhile and built again).`, "");
    for (const plan of target.plans) {
      lines.push(`<details><summary>EXPLAIN ANALYZE of the ranked query, ${plan.category} <code>${plan.query}</code>, at ${target.sizes.at(-1)?.documents.toLocaleString("en")} documents</summary>`, "", "```", plan.plan, "```", "", "</details>", "");
    }
  }
  return lines.join("\n");
}
