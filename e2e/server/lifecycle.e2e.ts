import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newPerson, signInViaApi } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

const started: RunningApp[] = [];
afterAll(async () => {
  for (const app of started) await app.stop();
  if (started[0]) fs.rmSync(started[0].dataDir, { recursive: true, force: true });
});

async function signUpViaApi(baseUrl: string, person: ReturnType<typeof newPerson>) {
  return fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name: person.name, email: person.email, password: person.password }),
  });
}

describe("server lifecycle", () => {
  it("creates and migrates the data directory on first start in a child process, and restarts keep accounts", async () => {
    const first = await startApp({ isFresh: true });
    started.push(first);
    expect(first.output()).toMatch(/creating the embedded database/);
    // initdb and the migrations ran in a child that exited, not in the server (their memory
    // stayed in the server's malloc for its whole life: docs/performance-notes.md "Memory").
    const creator = Number(/creating the database in a separate process \(pid (\d+)\)/.exec(first.output())?.[1]);
    expect(creator).toBeGreaterThan(0);
    expect(creator).not.toBe(first.process.pid);
    expect(fs.existsSync(`/proc/${creator}`)).toBe(false);
    expect(fs.existsSync(path.join(first.dataDir, "db", "PG_VERSION"))).toBe(true);
    expect(fs.readdirSync(first.dataDir).filter((name) => name.startsWith("db"))).toEqual(["db"]);
    const landing = await fetch(first.url);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain("Documents your whole team writes together.");

    const person = newPerson("keeper");
    expect((await signUpViaApi(first.url, person)).status).toBe(200);
    expect(await first.stop("SIGTERM")).toBe(0);

    const second = await startApp({ dataDir: first.dataDir });
    started.push(second);
    expect(second.output()).not.toMatch(/creating the embedded database|separate process/);
    expect((await signInViaApi(second.url, person)).status).toBe(200);
    expect(await second.stop("SIGTERM")).toBe(0);

    // A database not marked as migrated by this version (an upgrade, a restored copy) is
    // migrated by a child process too, then opened here; the accounts are still there.
    fs.rmSync(path.join(first.dataDir, "db", "quire-migrated-through"));
    const third = await startApp({ dataDir: first.dataDir });
    started.push(third);
    expect(third.output()).toMatch(/applying any new migrations in a separate process \(pid \d+\)/);
    expect((await signInViaApi(third.url, person)).status).toBe(200);
  });

  it("refuses to create a database in a folder that holds other files, and exits 1 saying so", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-e2e-"));
    fs.mkdirSync(path.join(dataDir, "db"));
    fs.writeFileSync(path.join(dataDir, "db", "notes.txt"), "not a database");
    try {
      const app = await startApp({ dataDir, expectExit: true });
      expect(app.process.exitCode).toBe(1);
      expect(app.output()).toContain(`${path.join(dataDir, "db")} holds files but no database`);
      expect(fs.readdirSync(path.join(dataDir, "db"))).toEqual(["notes.txt"]);
      expect(fs.existsSync(path.join(dataDir, "quire.pid"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses to start with SMTP_URL but no PUBLIC_URL, and exits 1 saying why", async () => {
    // Emailed links are built on PUBLIC_URL only; without it they would name the request's Host.
    const app = await startApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" }, expectExit: true });
    try {
      expect(app.process.exitCode).toBe(1);
      expect(app.output()).toContain("Invalid environment:\n  PUBLIC_URL: required when SMTP_URL is set.");
      expect(app.output()).toContain("never on a request's Host header");
      expect(app.output()).not.toContain("Quire is ready");
    } finally {
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a second process on the same data directory and the first keeps working", async () => {
    const first = await startApp();
    started.push(first);
    const second = await startApp({ dataDir: first.dataDir, expectExit: true });
    expect(second.process.exitCode).toBe(1);
    expect(second.output()).toContain(`The data directory ${first.dataDir} is in use by another Quire process (pid ${first.process.pid})`);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    await stopApp(first);
  });
});
