import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import type { StoredLine } from "../pages/editor-page";
import { EditorPage } from "../pages/editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import type { Person } from "../support/accounts";
import { invitedMemberPage, signedUpPage } from "../support/workspace";

// docs/product.md "Editor rules": an action that opens a box or waits for the server acts where
// it was started, followed through what others type meanwhile. QA's t16, t17 and t18: a co-editor
// typing above while the template picker, the link box, the formula box or the table picker was
// open put the template, link, formula or table on other words (and Escape from a new comment
// selected other words).

const { app, browser } = withAppAndBrowser();

const FIRST = "First paragraph here.";
const TYPED = "B-typed-this ";

let owner: { page: Page; person: Person };
let coEditorPage: Page;
beforeAll(async () => {
  owner = await signedUpPage(browser, app.url, "picker");
  ({ page: coEditorPage } = await invitedMemberPage(browser, app.url, owner, "editor", "co-editor"));
});

/** A new document holding `text`, open in the owner's editor and in the co-editor's. */
async function openInBoth(text: string): Promise<{ editor: EditorPage; coEditor: EditorPage }> {
  const response = await owner.page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: owner.person.workspaceSlug, title: "Typed above", delta: { ops: [{ insert: text }] } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  const [editor, coEditor] = [new EditorPage(owner.page), new EditorPage(coEditorPage)];
  for (const each of [editor, coEditor]) {
    await each.page.goto(url);
    await each.waitUntilEditable();
  }
  return { editor, coEditor };
}

/** The co-editor types at the very start of the document; resolves once the owner's editor shows it. */
async function typeAtStartMeanwhile(coEditor: EditorPage, editor: EditorPage): Promise<void> {
  await coEditor.body().click();
  await coEditor.page.keyboard.press("Control+Home");
  await coEditor.page.keyboard.type(TYPED);
  await expect.poll(async () => (await editor.body().textContent())?.startsWith(`${TYPED}${FIRST}`)).toBe(true);
}

/** Puts the owner's caret at the start of line `line` (0-based) of the body. */
async function caretOnLine(editor: EditorPage, line: number): Promise<void> {
  await editor.body().click();
  await editor.page.keyboard.press("Control+Home");
  for (let i = 0; i < line; i += 1) await editor.page.keyboard.press("ArrowDown");
}

/** The stored lines once the first is the co-editor's, whole, and `isDone` says the owner's action is stored. */
async function storedOnceDone(editor: EditorPage, isDone: (lines: StoredLine[]) => boolean): Promise<StoredLine[]> {
  let lines: StoredLine[] = [];
  await expect
    .poll(async () => {
      lines = await editor.storedLines();
      return isDone(lines);
    })
    .toBe(true);
  expect(lines[0]?.text).toBe(`${TYPED}${FIRST}`);
  return lines;
}

/** Holds the page's call of the server action whose arguments hold `marker` until `release()`; `held` resolves once it is sent. */
async function holdAction(page: Page, marker: string): Promise<{ held: Promise<void>; release: () => void }> {
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/d/**", async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"] || !(request.postData() ?? "").includes(marker)) return route.fallback();
    markHeld();
    await released;
    await route.fallback();
  });
  return { held, release };
}

describe("an action started before a co-editor typed above it", () => {
  /** "/" → Template on the empty second line, then `meanwhile`, then "Decision record" is picked; the stored lines. */
  async function insertTemplate(meanwhile: "while the picker is open" | "while the server fills it") {
    const { editor, coEditor } = await openInBoth(`${FIRST}\n\nLast paragraph.\n`);
    await caretOnLine(editor, 1);
    await editor.page.keyboard.type("/templ");
    await editor.page.getByRole("option", { name: /Template/ }).waitFor();
    await editor.page.keyboard.press("Enter");
    const picker = editor.page.getByRole("dialog", { name: "Insert a template" });
    const decision = picker.getByRole("button", { name: /^Decision record/ });
    await decision.waitFor();
    if (meanwhile === "while the picker is open") {
      await typeAtStartMeanwhile(coEditor, editor);
      await decision.click();
    } else {
      const fill = await holdAction(editor.page, "timeZone");
      await decision.click();
      await fill.held;
      await typeAtStartMeanwhile(coEditor, editor);
      fill.release();
    }
    await picker.waitFor({ state: "hidden" });
    return storedOnceDone(editor, (lines) => lines.some((line) => line.text.includes("Status: Proposed")));
  }

  it.each(["while the picker is open", "while the server fills it"] as const)("puts a template from the / menu in place of its empty line (typed %s)", async (meanwhile) => {
    const lines = await insertTemplate(meanwhile);
    expect(lines[1]?.text).toBe("Status: Proposed");
    // The template's last line (an empty bullet) took the empty line's place, and the last paragraph follows it.
    expect(lines.slice(-2)).toEqual([
      { text: "", block: { list: "bullet" }, inline: [] },
      { text: "Last paragraph.", block: {}, inline: [] },
    ]);
  });

  it("links the words selected when the link box opened", async () => {
    const { editor, coEditor } = await openInBoth(`${FIRST}\nLink target word.\n`);
    await caretOnLine(editor, 1);
    for (let i = 0; i < "Link ".length; i += 1) await editor.page.keyboard.press("ArrowRight");
    for (let i = 0; i < "target".length; i += 1) await editor.page.keyboard.press("Shift+ArrowRight");
    await editor.toolbar().getByRole("button", { name: "Link", exact: true }).click();
    const field = editor.page.getByRole("textbox", { name: "Link address" });
    await field.fill("https://example.com/x");
    await typeAtStartMeanwhile(coEditor, editor);
    await field.press("Enter");
    const lines = await storedOnceDone(editor, (stored) => stored.some((line) => line.inline.length > 0));
    expect(lines.map((line) => line.inline)).toEqual([[], [["target", { link: "https://example.com/x" }]]]);
  });

  it("puts the formula where the caret was when the formula box opened", async () => {
    const { editor, coEditor } = await openInBoth(`${FIRST}\n\nLast paragraph.\n`);
    await caretOnLine(editor, 1);
    await editor.page.keyboard.type("/formula");
    await editor.page.getByRole("option", { name: /Formula/ }).waitFor();
    await editor.page.keyboard.press("Enter");
    const field = editor.page.getByRole("textbox", { name: "Formula (TeX)" });
    await field.fill("e=mc^2");
    await typeAtStartMeanwhile(coEditor, editor);
    await field.press("Enter");
    const lines = await storedOnceDone(editor, (stored) => stored.some((line) => line.text.includes("\uFFFC")));
    expect(lines.map((line) => line.text)).toEqual([`${TYPED}${FIRST}`, "\uFFFC ", "Last paragraph."]);
    expect((await editor.storedDocument()).delta.ops[1]?.insert).toEqual({ formula: "e=mc^2" });
  });

  it("selects a new comment's words again when Escape goes back to the text", async () => {
    const { editor, coEditor } = await openInBoth(`${FIRST}\nComment on these words.\n`);
    const comments = new CommentsPanelPage(editor.page);
    await comments.open();
    await comments.selectToComment("these words");
    await editor.page.keyboard.press("Control+Alt+KeyM");
    await editor.page.getByTestId("new-comment").waitFor();
    await editor.page.keyboard.type("Half a comment");
    await typeAtStartMeanwhile(coEditor, editor);
    await editor.page.keyboard.press("Escape");
    await expect.poll(() => editor.page.evaluate(() => document.getSelection()?.toString())).toBe("these words");
  });

  it("puts the table from the picker in place of the caret's empty line", async () => {
    const { editor, coEditor } = await openInBoth(`${FIRST}\n\nLast paragraph.\n`);
    await caretOnLine(editor, 1);
    await editor.page.keyboard.type("/table");
    await editor.page.getByRole("option", { name: /Table/ }).waitFor();
    await editor.page.keyboard.press("Enter");
    await editor.page.getByRole("dialog", { name: "Insert table" }).waitFor();
    await typeAtStartMeanwhile(coEditor, editor);
    await editor.page.keyboard.press("Enter"); // the 3 × 3 highlighted
    const lines = await storedOnceDone(editor, (stored) => stored.some((line) => "table" in line.block));
    expect(lines.map((line) => ("table" in line.block ? "cell" : line.text))).toEqual([
      `${TYPED}${FIRST}`,
      ...Array.from({ length: 9 }, () => "cell"),
      "",
      "Last paragraph.",
    ]);
  });
});
