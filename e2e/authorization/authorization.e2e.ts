import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exposedActionNames } from "../support/server-actions";
import { stopApp } from "../support/start-app";
import { ACCESS_TABLE } from "./access-table";
import type { ActorName, Fixture } from "./fixture";
import { ACTORS, startFixture } from "./fixture";
import type { Observation } from "./probes";

// Every page, server action, API route and the socket against anonymous, the five roles and a
// member of another workspace (docs/architecture.md, "Authorization test"). Rows live in
// access-table.ts: a feature adds one row per surface it opens.
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => stopApp(fx?.app));

describe("authorization table", () => {
  it.each(ACCESS_TABLE.map((row) => [`${row.surface} ${row.name}`, row] as const))(
    "%s",
    async (_label, row) => {
      const seen = {} as Record<ActorName, Observation>;
      // One actor at a time: rows that change state (trash, purge) make their own objects.
      for (const actor of ACTORS) seen[actor] = await row.probe(fx, actor, "real");
      const outcomes = Object.fromEntries(ACTORS.map((actor) => [actor, seen[actor].outcome]));
      expect(outcomes, JSON.stringify(seen, null, 1)).toEqual(row.expected);

      // A refusal that says "not found" must be exactly what the same caller gets for an id
      // that names nothing, so an id never confirms that something exists.
      for (const actor of ACTORS.filter((a) => row.expected[a] === "not_found")) {
        const missing = await row.probe(fx, actor, "missing");
        expect(missing.outcome, `${actor}, missing id`).toBe("not_found");
        expect(seen[actor].evidence, `${actor}: the answer for a real id vs a missing one`).toBe(missing.evidence);
      }
    },
    180_000,
  );

  it("has a row for every server action the build exposes", () => {
    // "revokeShareAction" or "revokeShareAction of the editor's own link": the export name, then what the row varies.
    const names = ACCESS_TABLE.filter((row) => row.surface === "action").map((row) => row.name);
    const missing = exposedActionNames().filter((action) => !names.some((name) => name === action || name.startsWith(`${action} `)));
    expect(missing, "actions with no row in access-table.ts").toEqual([]);
  });

  it("has a row for every page and API route in src/app", () => {
    const names = ACCESS_TABLE.filter((row) => row.surface === "page" || row.surface === "api").map((row) => row.name);
    const missing = appRoutes().filter((route) => !names.some((name) => name === route || name.startsWith(`${route} `) || name.includes(` ${route}`)));
    expect(missing, "routes with no row in access-table.ts").toEqual([]);
  });
});

/**
 * Every page and route handler under src/app, as a URL pattern: "/w/[workspace]/trash", "/api/health";
 * an intercepting route as its file path spells it: "/w/[workspace]/d/[doc]/@modal/(.)share".
 */
function appRoutes(): string[] {
  const appDir = path.resolve(import.meta.dirname, "../../src/app");
  const files = fs.readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => /(^|\/)(page\.tsx|route\.ts)$/.test(file));
  return files.map((file) => {
    const segments = path
      .dirname(file)
      .split(path.sep)
      // Route groups pick a layout only (an intercepting segment, "(.)share", is kept as spelled);
      // an optional catch-all also answers without its segment.
      .filter((segment) => segment !== "." && !/^\((?!\.)[^)]*\)$/.test(segment) && !/^\[\[\.\.\..*\]\]$/.test(segment));
    return `/${segments.join("/")}`;
  });
}
