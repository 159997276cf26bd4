import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Document, Packer, Paragraph, TextRun } from "docx";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { ApiTokensPage } from "../pages/api-tokens-page";
import { newPerson } from "../support/accounts";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { newContext } from "../support/browser";
import { callAction } from "../support/server-actions";
import type { RunningApp } from "../support/start-app";
import { SignUpPage } from "../pages/sign-up-page";

// Every ```sh block of docs/api.md runs against a real server, with the environment the
// document promises (helper brief: QUIRE_URL, QUIRE_TOKEN, DOC_ID, REV_ID and three files).
const DOCS = path.resolve(import.meta.dirname, "../../docs/api.md");
const run = promisify(execFile);

let app: RunningApp | undefined;
let browser: Browser | undefined;
let workDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // The worker's shared server: no other file signs up `acme`.
  [app, browser] = await startAppAndBrowser();
  // The owner of `acme`, signed up through the form; the token made in Settings → API tokens.
  const person = { ...newPerson("owner"), workspaceSlug: "acme" };
  const page = await (await newContext(browser, app.url)).newPage();
  await new SignUpPage(page).signUp(person);
  const tokens = new ApiTokensPage(page, "acme");
  await tokens.open();
  const token = await tokens.create({ name: "Docs examples", scope: "write" });
  expect(token).toMatch(/^quire_/);

  const post = async (body: unknown) => {
    const response = await fetch(`${app?.url}/api/v1/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}\n${app?.output().slice(-3000)}`);
    return (await response.json()) as { id: string; title: string };
  };
  const doc = await post({ title: "Handbook", markdown: "Welcome to the team.\n\nRead this first." });
  await post({ title: "Chapter one", parentId: doc.id, markdown: "The first chapter." });

  // A named revision, saved as Save version… saves it (its server action, with the owner's session).
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const saved = await callAction(app.url, { name: "saveVersionAction", path: `/w/acme/d/${doc.id}`, args: [{ documentId: doc.id, name: "First draft" }], cookie });
  const revId = (saved.result as { ok: boolean; data?: { revisionId: string } } | undefined)?.data?.revisionId; // ActionResult's shape
  if (!revId) throw new Error(`saving a version: ${saved.status} ${JSON.stringify(saved.result)}`);

  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-docs-"));
  fs.writeFileSync(path.join(workDir, "photo.png"), SAMPLE_IMAGES["image/png"]);
  fs.writeFileSync(path.join(workDir, "notes.md"), "# Notes\n\nSome *notes* with a [link](https://example.com).\n");
  const docx = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun({ text: "Notes from Word", bold: true })] })] }] });
  fs.writeFileSync(path.join(workDir, "notes.docx"), await Packer.toBuffer(docx));
  env = { QUIRE_URL: app.url, QUIRE_TOKEN: token, DOC_ID: doc.id, REV_ID: revId };
});

afterAll(async () => {
  await stopAppAndBrowser(app, browser);
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The ```sh blocks of docs/api.md with the heading each sits under. */
function shellBlocks(markdown: string): Array<{ heading: string; line: number; code: string }> {
  const blocks: Array<{ heading: string; line: number; code: string }> = [];
  const lines = markdown.split("\n");
  let heading = "(top)";
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? "";
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, "");
    if (line.trim() !== "```sh") continue;
    const start = i + 1;
    const code: string[] = [];
    for (i += 1; i < lines.length && lines[i]?.trim() !== "```"; i += 1) code.push(lines[i] ?? "");
    blocks.push({ heading, line: start, code: code.join("\n") });
  }
  return blocks;
}

describe("docs/api.md", () => {
  const blocks = shellBlocks(fs.readFileSync(DOCS, "utf8"));

  it("has examples to run", () => {
    expect(blocks.length).toBeGreaterThan(5);
  });

  it.each(blocks.map((block) => [`"${block.heading}" (line ${block.line})`, block] as const))("runs the sh block under %s", async (_name, block) => {
    try {
      await run("bash", ["-c", `set -eo pipefail\n${block.code}`], { cwd: workDir, env: { ...process.env, ...env }, timeout: 60_000 });
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string };
      throw new Error(
        `docs/api.md block under "${block.heading}" (line ${block.line}) exited with ${failure.code}:\n${block.code}\n--- stdout\n${failure.stdout ?? ""}\n--- stderr\n${failure.stderr ?? ""}`,
      );
    }
  });
});
