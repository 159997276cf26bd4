import path from "node:path";
import type { Browser, Page } from "playwright-core";
import type { Role } from "@/shared/roles";
import { MemberSettingsPage } from "../pages/member-settings-page";
import type { Person } from "./accounts";
import { newPerson } from "./accounts";
import { newContext } from "./browser";
import { actionRequest } from "./server-actions";

export const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/images");

/**
 * A new person signed up, on their new workspace's home page. The form's own server action makes
 * the account (the session cookie lands in the page's context), skipping the form's page load: on
 * a slow machine a sign-up page and its submission cost seconds of CPU each, for the hundred-odd
 * people the suite signs up. The form itself is tested in e2e/auth/.
 */
export async function signedUpPage(browser: Browser, baseUrl: string, label = "writer"): Promise<{ page: Page; person: Person }> {
  const person = newPerson(label);
  const context = await newContext(browser, baseUrl);
  const form = new FormData();
  for (const field of ["name", "email", "password", "workspaceName", "workspaceSlug"] as const) form.set(field, person[field]);
  // Arguments holding a FormData encode as one: a multipart body.
  const { headers, body } = await actionRequest(baseUrl, "signUpAction", [{}, form]);
  const response = await context.request.post("/signup", { headers, multipart: body as FormData, maxRedirects: 0 });
  const landing = response.headers()["x-action-redirect"]?.split(";")[0];
  if (landing !== `/w/${person.workspaceSlug}`) throw new Error(`sign-up for ${person.email}: ${response.status()} ${landing ?? (await response.text()).slice(0, 500)}`);
  const page = await context.newPage();
  await page.goto(landing);
  return { page, person };
}

/**
 * A new person invited into `owner`'s workspace with `role` through the real flow (the owner's
 * Settings → Invitations, then sign-up from the link), on the workspace home in their own browser context.
 */
export async function invitedMemberPage(
  browser: Browser,
  baseUrl: string,
  owner: { page: Page; person: Person },
  role: Role,
  label = "member",
): Promise<{ page: Page; person: Person }> {
  const settings = new MemberSettingsPage(owner.page, owner.person.workspaceSlug);
  await settings.openInvitations();
  const person = newPerson(label);
  const link = await settings.invite(person.email, role);
  const page = await (await newContext(browser, baseUrl)).newPage();
  await page.goto(`/signup?invite=${link.split("/").pop()}`);
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL(`**/w/${owner.person.workspaceSlug}`);
  return { page, person };
}

/** Creates a document through the API with the page's session (faster than the editor when the body is only a fixture). */
export async function createDocumentViaApi(
  page: Page,
  baseUrl: string,
  workspaceSlug: string,
  document: { title: string; markdown: string },
): Promise<{ id: string; title: string }> {
  const response = await page.request.post("/api/v1/documents", { headers: { origin: baseUrl }, data: { workspace: workspaceSlug, ...document } });
  if (response.status() !== 201) throw new Error(`create document: ${response.status()} ${await response.text()}`);
  return response.json();
}
