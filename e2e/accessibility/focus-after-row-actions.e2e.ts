import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "@test/webhook-receiver";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { NotificationsPage } from "../pages/notifications-page";
import { WebhooksPage } from "../pages/webhooks-page";
import { newPerson } from "../support/accounts";
import { withAppAndBrowser } from "../support/app-and-browser";
import { callAction } from "../support/server-actions";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

// Where focus goes after a list's row action that has no dialog (docs/product.md "Keyboard and
// screen readers"; WCAG 2.4.3): on the same button in the next row (else the previous row), else
// on the list's heading; an action that leaves its button in place keeps focus on it. Never on
// <body>, where the next key would go nowhere. Keyboard only: focus, then Enter.

const { app, browser } = withAppAndBrowser();

/** What has focus: the tag and its accessible name (aria-label, else its label's words, else its text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
    const name = element.getAttribute("aria-label") ?? label ?? element.textContent ?? "";
    return `${element.tagName.toLowerCase()}: ${name.replace(/\s+/g, " ").trim()}`;
  });
}

/** A control's accessible description: the words of what its aria-describedby names, in order. */
function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent ?? "" : ""))
      .join(" ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/**
 * Enter on `control` from the keyboard. A disabled button (its list busy refreshing after the last
 * action) takes no focus and the Enter would go elsewhere, so it waits for the button to be enabled
 * and to hold the focus first.
 */
async function press(page: Page, control: ReturnType<Page["getByRole"]>) {
  await expect.poll(() => control.isEnabled()).toBe(true);
  await control.focus();
  await expect.poll(() => control.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
}

describe("focus after a row action without a dialog", () => {
  it("Notifications: Mark read moves to the next unread row's, past read ones, else the previous, else the heading; Mark all read keeps it", async () => {
    const ada = await signedUpPage(browser, app.url, "inbox");
    const bob = await invitedMemberPage(browser, app.url, ada, "commenter", "noisy");
    const cookie = (await bob.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const thread = async (title: string) => {
      const { id } = await createDocumentViaApi(ada.page, app.url, ada.person.workspaceSlug, { title, markdown: "Words to comment on." });
      const response = await callAction(app.url, { name: "createCommentThreadAction", path: `/w/${ada.person.workspaceSlug}/d/${id}`, args: [{ documentId: id, body: { ops: [{ insert: `On ${title}\n` }] } }], cookie });
      expect(response.result).toMatchObject({ ok: true });
    };
    // Newest first: Plan 4, Plan 3, Plan 2, Plan 1.
    for (const title of ["Plan 1", "Plan 2", "Plan 3", "Plan 4"]) await thread(title);
    const text = (title: string) => `${bob.person.name} started a thread on ${title}`;
    const markRead = (title: string) => `button: Mark read: ${text(title)}`;

    const inbox = new NotificationsPage(ada.page, ada.person.workspaceSlug);
    await inbox.open();
    expect(await inbox.markReadButtons().count()).toBe(4);
    // The polite line is in the page before anything is said (a screen reader may miss a live
    // region added with its words), and what it says, in order, is recorded from here.
    await ada.page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      for (const region of document.querySelectorAll("main [role=status]")) {
        new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, { childList: true, characterData: true, subtree: true });
      }
    });
    const saidSoFar = () => ada.page.evaluate(() => (window as unknown as { said: string[] }).said.filter((text) => text !== ""));

    // A middle row: the next row's.
    await press(ada.page, inbox.markRead(text("Plan 3")));
    await inbox.status("Marked read.").waitFor();
    await expect.poll(() => focused(ada.page)).toBe(markRead("Plan 2"));

    // The first row, whose next row is read now: the next unread one after it.
    await press(ada.page, inbox.markRead(text("Plan 4")));
    await expect.poll(() => inbox.markRead(text("Plan 4")).count()).toBe(0);
    await expect.poll(() => focused(ada.page)).toBe(markRead("Plan 2"));

    // The same sentence twice is said twice: the line empties before each.
    await expect.poll(saidSoFar).toEqual(["Marked read.", "Marked read."]);

    // The last row: the previous one's.
    await press(ada.page, inbox.markRead(text("Plan 1")));
    await expect.poll(() => inbox.markRead(text("Plan 1")).count()).toBe(0);
    await expect.poll(() => focused(ada.page)).toBe(markRead("Plan 2"));

    // The last unread one: the page's heading.
    await ada.page.keyboard.press("Enter");
    await ada.page.getByText("All read.").waitFor();
    await expect.poll(() => focused(ada.page)).toBe("h1: Notifications");

    // Mark all read stays on the page: focus stays on it, and what it did is said.
    await thread("Plan 5");
    await thread("Plan 6");
    await inbox.open();
    expect(await inbox.markReadButtons().count()).toBe(2);
    await press(ada.page, inbox.markAllRead());
    await inbox.status("All notifications are marked read.").waitFor();
    await ada.page.getByText("All read.").waitFor();
    await expect.poll(() => focused(ada.page)).toBe("button: Mark all read");
    // Nothing left to mark: pressing it again does nothing, and focus is still there.
    expect(await inbox.markAllRead().getAttribute("aria-disabled")).toBe("true");
    await ada.page.keyboard.press("Enter");
    expect(await focused(ada.page)).toBe("button: Mark all read");
  });
});

describe("focus after Settings → Invitations' row actions", () => {
  it("at 360 px in dark mode: New link moves to the new link's field; Revoke asks, then moves to the next row's Revoke, else the previous, else the heading", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "inviter");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    const settings = new MemberSettingsPage(page, person.workspaceSlug);
    await settings.openInvitations();
    const invited = ["one", "two", "three"].map((label) => newPerson(label).email);
    for (const email of invited) await settings.invite(email, "viewer");
    // The sentence above the invite form's link is the field's description, for whoever comes back to copy it.
    expect(await description(page.getByLabel("Invitation link", { exact: true }))).toBe(
      `${invited[2]} is invited as a viewer. Email isn't set up on this server, so send them this link yourself:`,
    );
    await settings.openInvitations(); // the links shown at invitation time are gone after a reload
    const revokeName = "Revoke the invitation for ";
    /** The pending rows' addresses, top to bottom. */
    const rows = () =>
      settings
        .pendingList()
        .getByRole("button", { name: new RegExp(`^${revokeName}`) })
        .evaluateAll((buttons, prefix) => buttons.map((button) => button.getAttribute("aria-label")?.slice(prefix.length) ?? ""), revokeName);

    // New link: focus goes to the new link, to be copied. (The row, a new invitation now, moves to the top.)
    const renewed = (await rows())[1]!;
    await press(page, settings.newLinkButton(renewed));
    await expect.poll(() => focused(page)).toBe(`input: New invitation link for ${renewed}`);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    // What the sentence above it says is said with it: the field is described by it.
    expect(await description(page.getByLabel(`New invitation link for ${renewed}`, { exact: true }))).toBe(
      `${renewed}: A new link to send them yourself. The earlier link no longer works.`,
    );

    // The refreshed list has the renewed row on top (its buttons are disabled until then).
    await expect.poll(async () => (await rows())[0]).toBe(renewed);
    const emails = await rows();
    expect(emails).toHaveLength(3);
    const [first, second, third] = emails as [string, string, string];

    // Revoke asks first; Escape leaves everything as it was, focus back on Revoke.
    await press(page, settings.revokeButton(second));
    await settings.revokeDialog().waitFor();
    expect(await settings.revokeDialog().textContent()).toContain(`The link sent to ${second} stops working at once.`);
    await page.keyboard.press("Escape");
    await settings.revokeDialog().waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe(`button: ${revokeName}${second}`);
    expect(await settings.revokeButton(second).count()).toBe(1);

    // Confirmed (Cancel has focus first, then Tab to "Revoke invitation"): the next row's Revoke.
    await page.keyboard.press("Enter");
    await settings.revokeDialog().waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("button: Revoke invitation");
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: `Revoked the invitation for ${second}.` }).waitFor();
    await expect.poll(() => focused(page)).toBe(`button: ${revokeName}${third}`);

    // The last row: the previous row's Revoke.
    await page.keyboard.press("Enter");
    await settings.revokeDialog().getByRole("button", { name: "Revoke invitation" }).press("Enter");
    await page.getByRole("status").filter({ hasText: `Revoked the invitation for ${third}.` }).waitFor();
    await expect.poll(() => focused(page)).toBe(`button: ${revokeName}${first}`);

    // The only row: the list's heading.
    await page.keyboard.press("Enter");
    await settings.revokeDialog().getByRole("button", { name: "Revoke invitation" }).press("Enter");
    await settings.pendingList().getByText("No pending invitations.").waitFor();
    await expect.poll(() => focused(page)).toBe("h2: Pending invitations");
  });
});

describe("focus after Settings → Members' role menu", () => {
  it("changing a member's role from the keyboard keeps focus on that member's role menu, twice in a row", async () => {
    const owner = await signedUpPage(browser, app.url, "roles");
    const member = await invitedMemberPage(browser, app.url, owner, "viewer", "promoted");
    const settings = new MemberSettingsPage(owner.page, owner.person.workspaceSlug);
    await settings.openMembers();
    const menu = settings.roleMenu(member.person.name);
    const menuName = `select: Role for ${member.person.name}`;

    // ArrowDown on the closed menu picks the next role at once; the menu is disabled while the change runs.
    await menu.focus();
    await expect.poll(() => focused(owner.page)).toBe(menuName);
    await owner.page.keyboard.press("ArrowDown");
    await settings.message().filter({ hasText: `${member.person.name} is now a commenter.` }).waitFor();
    await expect.poll(() => menu.inputValue()).toBe("commenter");
    await expect.poll(() => focused(owner.page)).toBe(menuName);

    // Focus is back where the next key works: another ArrowDown changes the role again.
    await expect.poll(() => menu.isEnabled()).toBe(true);
    await owner.page.keyboard.press("ArrowDown");
    await settings.message().filter({ hasText: `${member.person.name} is now an editor.` }).waitFor();
    await expect.poll(() => menu.inputValue()).toBe("editor");
    await expect.poll(() => focused(owner.page)).toBe(menuName);
  });
});

describe("focus after Settings → Webhooks' Resend", () => {
  // A delivery needs a webhook, whose address must resolve: the receiver listens on 127.0.0.1, which
  // only a server started with WEBHOOKS_ALLOW_PRIVATE accepts (docs/configuration.md), so this
  // block starts its own.
  let own: RunningApp | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
  beforeAll(async () => {
    [receiver, own] = await Promise.all([startWebhookReceiver(), startApp({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } })]);
  });
  afterAll(async () => {
    await stopApp(own);
    await receiver?.close();
  });

  it("Resend from the keyboard keeps focus on that delivery's Resend while the resent one is listed above it", async () => {
    const { page, person } = await signedUpPage(browser, own!.url, "resender");
    const webhooks = new WebhooksPage(page, person.workspaceSlug);
    await webhooks.open();
    const url = `${receiver!.url}/focus`;
    await webhooks.create({ url, events: ["Document created"] });
    await createDocumentViaApi(page, own!.url, person.workspaceSlug, { title: "Launch plan", markdown: "Words." });
    await expect.poll(() => receiver!.received.filter((r) => r.path === "/focus").length).toBe(1);
    await webhooks.openDeliveries(url);
    const deliveries = page.getByRole("list", { name: "Deliveries" }).getByRole("listitem");
    expect(await deliveries.count()).toBe(1);
    const name = (await page.getByRole("button", { name: /^Resend document\.created from / }).getAttribute("aria-label"))!;

    await press(page, page.getByRole("button", { name, exact: true }));
    await page.getByRole("status").filter({ hasText: "Queued document.created again" }).waitFor();
    await expect.poll(() => deliveries.count()).toBe(2);
    await expect.poll(() => focused(page)).toBe(`button: ${name}`);
    // The control itself, in the delivery's own row (now the second), not the new row's.
    expect(await page.evaluate(() => document.activeElement?.closest("li") === document.querySelectorAll("[aria-label=Deliveries] > li")[1])).toBe(true);
  });
});
