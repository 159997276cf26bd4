import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { SignUpPage } from "../pages/sign-up-page";
import type { Person } from "./accounts";
import { newPerson } from "./accounts";
import { newContext } from "./browser";

export const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/images");

/** A new person signed up through the form, on their new workspace's home page. */
export async function signedUpPage(browser: Browser, baseUrl: string, label = "writer"): Promise<{ page: Page; person: Person }> {
  const person = newPerson(label);
  const page = await (await newContext(browser, baseUrl)).newPage();
  await new SignUpPage(page).signUp(person);
  return { page, person };
}
