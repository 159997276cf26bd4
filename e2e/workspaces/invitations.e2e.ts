import path from "node:path";
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { ACCESS_CHANGED_MESSAGE } from "@/shared/protocol/close-codes";
import { EditorPage } from "../pages/editor-page";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { Sidebar } from "../pages/sidebar";
import type { Person } from "../support/accounts";
import { cookieHeader, newPerson, signInViaApi } from "../support/accounts";
import { launchBrowser, newContext } from "../support/browser";
import { connectCollab } from "@test/collab-client";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";
import { stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  // Its own server, not the worker's shared one: a test here stops and restarts it.
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(() => stopAppAndBrowser(app, browser));

// The steps build on each other: the owner invites, the invitee joins, then the owner manages them.
let owner: { page: Page; person: Person };
let ownerSettings: MemberSettingsPage;
let invitee: Person;
let inviteePage: Page;

describe("invitations and members", () => {
  it("invites an address as commenter; a new person opens the copied link signed out, signs up and joins as commenter", async () => {
    owner = await signedUpPage(browser, app.url, "owner");
    await owner.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    ownerSettings = new MemberSettingsPage(owner.page, owner.person.workspaceSlug);
    await ownerSettings.openMembers();
    await owner.page.getByRole("link", { name: "Invite people" }).click();
    await owner.page.waitForURL("**/settings/invitations");

    invitee = newPerson("invitee");
    const shownLink = await ownerSettings.invite(invitee.email.toUpperCase(), "commenter");
    expect(shownLink).toMatch(new RegExp(`^${app.url}/invite/[A-Za-z0-9_-]{43}$`));
    // No SMTP_URL on this server: the page says the link must be sent by hand.
    await owner.page.getByText("Email isn't set up on this server").waitFor();
    await owner.page.getByRole("button", { name: "Copy link" }).click();
    await owner.page.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shownLink);
    await expect.poll(() => ownerSettings.pendingList().textContent()).toContain(invitee.email);

    inviteePage = await (await newContext(browser, app.url)).newPage();
    await inviteePage.goto(copied);
    await inviteePage.getByRole("heading", { name: `Join ${owner.person.workspaceName}` }).waitFor();
    expect(await inviteePage.locator("main").textContent()).toContain(`invited ${invitee.email} to join ${owner.person.workspaceName} on Quire as a commenter`);
    await inviteePage.getByRole("link", { name: "Create an account" }).click();
    await inviteePage.waitForURL(/\/signup\?invite=/);
    expect(await inviteePage.getByLabel("Email").inputValue()).toBe(invitee.email);
    expect(await inviteePage.getByLabel("Workspace name").count()).toBe(0); // no first workspace of their own
    await inviteePage.getByLabel("Your name").fill(invitee.name);
    await inviteePage.getByLabel("Password").fill(invitee.password);
    await inviteePage.getByRole("button", { name: "Create account and join" }).click();
    await inviteePage.waitForURL(`**/w/${owner.person.workspaceSlug}`);

    // A commenter: no "New document", and Settings shows the role, read-only.
    expect(await inviteePage.locator("aside").getByRole("button", { name: "New document", exact: true }).count()).toBe(0);
    const inviteeSettings = new MemberSettingsPage(inviteePage, owner.person.workspaceSlug);
    await inviteeSettings.openMembers();
    expect(await inviteeSettings.memberRow(`${invitee.name} (you)`).textContent()).toContain("Commenter");
    expect(await inviteePage.getByRole("combobox").count()).toBe(0);
    expect(await inviteePage.getByRole("link", { name: "Invitations" }).count()).toBe(0);

    // The link is used up: the invitee goes straight to the workspace, anyone else is told.
    await inviteePage.goto(copied);
    await inviteePage.waitForURL(`**/w/${owner.person.workspaceSlug}`);
    const stranger = await (await newContext(browser, app.url)).newPage();
    await stranger.goto(copied);
    await stranger.getByRole("heading", { name: "This invitation has already been used" }).waitFor();
    await ownerSettings.openInvitations();
    await ownerSettings.pendingList().getByText("No pending invitations.").waitFor();
  });

  it("lets the owner change the member's role and then remove them, open connections included; the only owner can't leave", async () => {
    // The member has a document open over /collab while the owner changes their membership.
    await new Sidebar(owner.page).newTopLevelDocument();
    const documentId = new EditorPage(owner.page).documentId();
    const ownerSocket = connectCollab(app.port, documentId, { cookie: cookieHeader(await signInViaApi(app.url, owner.person)) });
    const memberSocket = connectCollab(app.port, documentId, { cookie: cookieHeader(await signInViaApi(app.url, invitee)) });
    const ownerText = () => ownerSocket.doc.getText("body").toString();
    const memberText = () => memberSocket.doc.getText("body").toString();
    try {
      await expect.poll(() => ownerSocket.events.includes("synced") && memberSocket.events.includes("synced")).toBe(true);

      await ownerSettings.openMembers();
      await ownerSettings.roleMenu(invitee.name).selectOption("editor");
      await expect.poll(() => ownerSettings.message().textContent()).toBe(`${invitee.name} is now an editor.`);
      await inviteePage.goto(`/w/${owner.person.workspaceSlug}`);
      await inviteePage.locator("aside").getByRole("button", { name: "New document", exact: true }).waitFor();
      // Within seconds the server tells the open connection it may write, and takes its edits.
      await expect.poll(() => memberSocket.events).toContain(`stateless: ${JSON.stringify({ type: ACCESS_CHANGED_MESSAGE, canEdit: true })}`);
      memberSocket.doc.getText("body").insert(0, "edited as editor ");
      await expect.poll(ownerText).toContain("edited as editor");

      await ownerSettings.roleMenu(invitee.name).selectOption("viewer");
      await expect.poll(() => ownerSettings.message().textContent()).toBe(`${invitee.name} is now a viewer.`);
      await expect.poll(() => memberSocket.events).toContain(`stateless: ${JSON.stringify({ type: ACCESS_CHANGED_MESSAGE, canEdit: false })}`);
      memberSocket.doc.getText("body").insert(0, "refused as viewer ");
      ownerSocket.doc.getText("body").insert(0, "owner after ");
      await expect.poll(memberText).toContain("owner after"); // the socket still relays to them…
      expect(ownerText()).not.toContain("refused as viewer"); // …but no longer takes their edits

      const leave = owner.page.getByRole("button", { name: "Leave workspace" });
      expect(await leave.isDisabled()).toBe(true);
      await owner.page.getByText("You're the only owner").waitFor();
      expect(await ownerSettings.roleMenu(`${owner.person.name}`).count()).toBe(0);

      await ownerSettings.remove(invitee.name);
      await expect.poll(() => ownerSettings.message().textContent()).toBe(`Removed ${invitee.name} from the workspace.`);
      expect(await ownerSettings.memberRow(invitee.name).count()).toBe(0);
      // Within seconds Hocuspocus closes the document's channel (code 1000) with our reason; the socket stays up.
      await expect.poll(() => memberSocket.events).toContain("closed: 1000 removed");
      ownerSocket.doc.getText("body").insert(0, "after removal ");
      memberSocket.doc.getText("body").insert(0, "from a removed member ");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(memberText()).not.toContain("after removal");
      expect(ownerText()).not.toContain("from a removed member");
      await inviteePage.goto(`/w/${owner.person.workspaceSlug}`);
      await inviteePage.getByText("This page could not be found").waitFor();
    } finally {
      ownerSocket.close();
      memberSocket.close();
    }
  });

  it("shows a clear page for a revoked link", async () => {
    await ownerSettings.openInvitations();
    const revokedEmail = newPerson("revoked").email;
    const revokedLink = await ownerSettings.invite(revokedEmail, "viewer");
    await ownerSettings.revokeInvitation(revokedEmail);
    await expect.poll(() => ownerSettings.pendingList().getByRole("listitem").filter({ hasText: revokedEmail }).count()).toBe(0);
    const visitor = await (await newContext(browser, app.url)).newPage();
    await visitor.goto(revokedLink);
    await visitor.getByRole("heading", { name: "This invitation was withdrawn" }).waitFor();
  });

  it("gives a pending invitation a new link to copy from the pending list; the earlier link is withdrawn", async () => {
    await ownerSettings.openInvitations();
    const email = newPerson("lost-link").email;
    const firstLink = await ownerSettings.invite(email, "editor");
    await ownerSettings.openInvitations(); // the link shown at invitation time is gone after a reload
    await ownerSettings.newLinkButton(email).click();
    const field = ownerSettings.pendingList().getByRole("textbox", { name: `New invitation link for ${email}` });
    await field.waitFor();
    const newLink = await field.inputValue();
    expect(newLink).toMatch(new RegExp(`^${app.url}/invite/[A-Za-z0-9_-]{43}$`));
    expect(newLink).not.toBe(firstLink);
    await ownerSettings.pendingList().getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => owner.page.evaluate(() => navigator.clipboard.readText())).toBe(newLink);
    expect(await ownerSettings.pendingList().getByRole("listitem").filter({ hasText: email }).count()).toBe(1);

    const visitor = await (await newContext(browser, app.url)).newPage();
    await visitor.goto(firstLink);
    await visitor.getByRole("heading", { name: "This invitation was withdrawn" }).waitFor();
    await visitor.goto(newLink);
    await visitor.getByRole("heading", { name: `Join ${owner.person.workspaceName}` }).waitFor();
  });

  it("tells someone signed in with another address, who signs in as the invited account and joins", async () => {
    const { person: invited } = await signedUpPage(browser, app.url, "existing");
    await ownerSettings.openInvitations();
    const link = await ownerSettings.invite(invited.email, "viewer");

    const { page: other, person: otherPerson } = await signedUpPage(browser, app.url, "other");
    await other.goto(link);
    await other.getByText(`This invitation is for ${invited.email}, but you're signed in as ${otherPerson.email}.`).waitFor();
    await other.getByRole("button", { name: "Sign in as another user" }).click();
    await other.waitForURL(/\/login\?next=%2Finvite%2F/);
    await other.getByLabel("Email").fill(invited.email);
    await other.getByLabel("Password").fill(invited.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await other.waitForURL(`**${new URL(link).pathname}`);
    await other.getByRole("button", { name: `Join ${owner.person.workspaceName}` }).click();
    await other.waitForURL(`**/w/${owner.person.workspaceSlug}`);
    const settings = new MemberSettingsPage(other, owner.person.workspaceSlug);
    await settings.openMembers();
    expect(await settings.memberRow(`${invited.name} (you)`).textContent()).toContain("Viewer");
  });

  it("shows a clear page for an expired link", async () => {
    await ownerSettings.openInvitations();
    const lateEmail = newPerson("late").email;
    const lateLink = new URL(await ownerSettings.invite(lateEmail, "editor"));
    // Seven days can't pass in a test. The server holds the embedded database open, so stop it,
    // move this invitation's expiry into the past in the database itself, and start it again.
    expect(await app.stop()).toBe(0);
    const db = await openDatabase({ dataDir: path.join(app.dataDir, "db") });
    await db.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where email = ${lateEmail}`);
    await db.close();
    app = await startApp({ dataDir: app.dataDir });

    const late = await (await newContext(browser, app.url)).newPage();
    await late.goto(`${lateLink.pathname}`);
    await late.getByRole("heading", { name: "This invitation has expired" }).waitFor();
    expect(await late.locator("main").textContent()).toContain("links work for 7 days");
    await late.goto(`/signup?invite=${lateLink.pathname.split("/").pop()}`);
    await late.waitForURL(`**${lateLink.pathname}`);
    await late.getByRole("heading", { name: "This invitation has expired" }).waitFor();
    await late.goto("/invite/not-a-real-token");
    await late.getByRole("heading", { name: "This invitation link isn't valid" }).waitFor();
  });
});
