import { sql } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";
import type { Db } from "@/server/db/client";
import type { WordModel } from "./word-model";

/** One generated document row. */
export interface CorpusDocument {
  id: string;
  parentId: string | null;
  position: string;
  title: string;
  text: string;
  words: number;
  /** Spread over the two years before 2026-01-01, so "most recently updated" means something. */
  updatedAt: Date;
}

const EPOCH = Date.UTC(2026, 0, 1);
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/**
 * Writes `count` documents after `start` existing ones: bodies of 250–750 words (500 on
 * average) drawn from the word model in sentences of 5–20 words and paragraphs of 1–4
 * sentences; titles of 2–6 words skipping the 40 most frequent ones (titles name things); one
 * document in ten nested under an earlier one, so results carry a path.
 */
export function generateCorpus(model: WordModel, random: () => number, start: number, count: number): CorpusDocument[] {
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const word = () => model.words[model.sample(random)] ?? "word";
  const titleWord = () => {
    for (;;) {
      const index = model.sample(random);
      if (index >= 40) return model.words[index] ?? "word";
    }
  };
  const positions = generateNKeysBetween(null, null, count);
  return positions.map((position, i) => {
    const target = pick(250, 750);
    const paragraphs: string[] = [];
    let words = 0;
    while (words < target) {
      const sentences: string[] = [];
      for (let s = pick(1, 4); s > 0 && words < target; s -= 1) {
        const length = Math.min(pick(5, 20), target - words);
        const sentence = Array.from({ length }, word);
        sentences.push(`${capitalise(sentence.join(" "))}.`);
        words += length;
      }
      paragraphs.push(sentences.join(" "));
    }
    const n = start + i;
    const title = capitalise(Array.from({ length: pick(2, 6) }, titleWord).join(" "));
    const parentIndex = n > 10 && random() < 0.1 ? Math.floor(random() * n) : null;
    const updatedAt = new Date(EPOCH - Math.floor(random() * TWO_YEARS_MS));
    return { id: documentId(n), parentId: parentIndex === null ? null : documentId(parentIndex), position, title, text: `${paragraphs.join("\n")}\n`, words, updatedAt };
  });
}

/**
 * Inserts corpus rows (their title and text as given) naming only the columns every migration since
 * 0003 has: the benches that time a migration fill a database migrated only part of the way, where
 * Drizzle's insert would name the schema's newer columns too.
 */
export async function insertCorpus(db: Db, workspaceId: string, rows: Array<Omit<CorpusDocument, "words">>): Promise<void> {
  const json = JSON.stringify(rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })));
  await db.execute(sql`
    insert into documents (id, workspace_id, parent_id, position, title, text, created_at, updated_at)
    select r.id, ${workspaceId}::uuid, r."parentId", r.position, r.title, r.text, r."updatedAt", r."updatedAt"
    from jsonb_to_recordset(${json}::jsonb) as r(id text, "parentId" text, position text, title text, text text, "updatedAt" timestamptz)`);
}

/** 12 lower-case letters and digits, like newDocumentId(), but a function of the index. */
export function documentId(index: number): string {
  return `bench${index.toString(36).padStart(7, "0")}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
