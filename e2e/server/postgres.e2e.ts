import crypto from "node:crypto";
import { adminQuery } from "@test/test-db";
import { afterAll, describe, expect, it } from "vitest";
import { newPerson, signInViaApi } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// Runs where a PostgreSQL server is given (.ci/run starts one); PGlite is covered everywhere else.
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `quire_e2e_${crypto.randomBytes(4).toString("hex")}`;
const apps: RunningApp[] = [];

const admin = (sql: string) => adminQuery(serverUrl ?? "", sql);

afterAll(async () => {
  for (const app of apps) await stopApp(app);
  if (serverUrl) await admin(`drop database if exists ${databaseName} with (force)`);
});

describe.runIf(serverUrl)("on PostgreSQL", () => {
  it("two instances started at once migrate one database safely and share accounts", async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: crypto.randomBytes(32).toString("hex") };
    apps.push(...(await Promise.all([startApp({ env }), startApp({ env })])));
    const [first, second] = apps as [RunningApp, RunningApp];

    for (const app of apps) {
      const health = await fetch(`${app.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: "ok", database: { reachable: true, kind: "postgres" } });
    }
    const person = newPerson("pg");
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify({ name: person.name, email: person.email, password: person.password }),
    });
    expect(signUp.status).toBe(200);
    expect((await signInViaApi(second.url, person)).status).toBe(200);
  });
});
