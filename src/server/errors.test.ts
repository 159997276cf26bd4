import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, documents, workspaces } from "@/server/db/schema";
import { withTestDatabase } from "@test/test-database-hooks";
import { AppError, inputErrorOf, LOGGED_CHARS, loggableError } from "./errors";

const database = withTestDatabase();

/** What a query rejects with (the test fails when it resolves). */
async function failureOf(query: PromiseLike<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe("inputErrorOf", () => {
  it("reads the data exceptions input causes through drizzle's wrapper, from the real database", async () => {
    const db = database.db;
    const cases: Array<[string, PromiseLike<unknown>, RegExp]> = [
      ["a NUL byte in text", db.select().from(documents).where(eq(documents.id, "a\u0000b")), /character that can't be stored/],
      ["a NUL in JSON", db.execute(sql`select ${JSON.stringify({ a: "x\u0000" })}::jsonb`), /character that can't be stored/],
      ["a malformed uuid", db.select().from(workspaces).where(eq(workspaces.id, "not-a-uuid")), /not in the form expected/],
      ["a year PostgreSQL can't read", db.select().from(auditEvents).where(eq(auditEvents.createdAt, new Date(Date.UTC(275_000, 0, 1)))), /date/],
      ["a year 0", db.execute(sql`select '0000-01-01T00:00:00Z'::timestamptz`), /date/],
      ["an integer past int4", db.execute(sql`select ${"99999999999"}::int4`), /number in this request is out of range/],
    ];
    for (const [label, query, message] of cases) {
      const refused = inputErrorOf(await failureOf(query));
      expect(refused, label).toBeInstanceOf(AppError);
      expect([label, refused?.code, refused?.message]).toEqual([label, "bad_request", expect.stringMatching(message)]);
    }
  });

  it("leaves every other error alone", async () => {
    expect(inputErrorOf(await failureOf(database.db.execute(sql`select * from no_such_table`)))).toBeNull();
    expect(inputErrorOf(new Error("boom"))).toBeNull();
    expect(inputErrorOf(Object.assign(new Error("pipe"), { code: "EPIPE" }))).toBeNull();
    expect(inputErrorOf("22021")).toBeNull();
  });
});

describe("loggableError", () => {
  it("keeps a failed query's parameters out of the log line, and the driver's reason in it", async () => {
    // QA fourth sweep #2: drizzle's "Failed query" message carries every parameter (a store's
    // whole state and HTML), and one failed store was logged as a 465 MB line.
    const body = "private body text ".repeat(50_000);
    const error = await failureOf(database.db.execute(sql`select ${body}::text, 1 from no_such_table`));
    expect(String((error as Error).message).length).toBeGreaterThan(body.length);
    const line = loggableError(error);
    expect(line.length).toBeLessThan(LOGGED_CHARS * 12);
    expect(line).toMatch(/cause: relation "no_such_table" does not exist/);
    expect(line).not.toContain(body.slice(0, LOGGED_CHARS * 2));
  });
});
