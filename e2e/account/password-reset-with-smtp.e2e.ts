import http from "node:http";
import { describe, expect, it } from "vitest";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson, signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import { actionRequest } from "../support/server-actions";
import { withSmtpAppAndBrowser } from "../support/app-with-smtp";

// "Forgot password?" with SMTP_URL set: the same answer for every address, a link on PUBLIC_URL
// (which SMTP_URL requires; startApp sets it to app.url) whatever Host the request named, a new
// password, and every session signed out (docs/product.md "Account security").

const { app, browser, sink } = withSmtpAppAndBrowser();

const RESET_LINK = /http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/;

function mailsTo(address: string): string[] {
  return sink.mailsTo(address);
}

function resetLinkTo(address: string): string | undefined {
  const body = mailsTo(address).findLast((mail) => mail.includes("Subject: Reset your Quire password"));
  return body ? RESET_LINK.exec(body)?.[0] : undefined;
}

describe("password reset with SMTP set up", () => {
  it("answers alike for any address, emails a link to PUBLIC_URL, and the new password signs in", async () => {
    const person = newPerson("reset");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).open();
    await new SignUpPage(page).fill(person);
    await new SignUpPage(page).submit();
    await page.waitForURL("**/signup/check-email");
    // Its address isn't confirmed: the password alone doesn't sign in (the reset below confirms it).
    expect((await signInViaApi(app.url, person)).status).toBe(403);

    const ask = async (email: string): Promise<string> => {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL("**/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      const status = page.getByRole("status").filter({ hasText: "we sent it a link" });
      await status.waitFor();
      return ((await status.textContent()) ?? "").replace(email, "<address>");
    };
    const nobody = `nobody-${person.email}`;
    expect(await ask(nobody)).toBe(await ask(person.email));
    await expect.poll(() => resetLinkTo(person.email)).toBeDefined();
    expect(mailsTo(nobody)).toEqual([]);

    const link = resetLinkTo(person.email) ?? "";
    expect(new URL(link).origin).toBe(new URL(app.url).origin);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("Use at least 8 characters.").waitFor();
    const newPassword = `${person.password}-reset`;
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login?reset=done");
    await page.getByText("Your password is changed, and every session is signed out.").waitFor();

    expect((await signInViaApi(app.url, person)).status).toBe(401);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);

    // The link works once: opened again, its page says so at once, with no form to fill, and the
    // reset itself refuses the used token.
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: "This link has expired or was already used." }).waitFor();
    expect(await page.getByLabel("New password").count()).toBe(0);
    const again = new FormData();
    again.set("token", new URL(link).searchParams.get("token") ?? "");
    again.set("newPassword", `${newPassword}-again`);
    const { headers, body } = await actionRequest(app.url, "resetPasswordAction", [{}, again]);
    const refused = await fetch(`${app.url}/reset-password`, { method: "POST", headers, body });
    expect(await refused.text()).toContain("This link has expired or was already used.");
    expect((await signInViaApi(app.url, { email: person.email, password: `${newPassword}-again` })).status).toBe(401);
  });

  it("mails the link to PUBLIC_URL whatever Host a client names, and refuses the action from any other Origin", async () => {
    // A client that is not a browser chooses its Host and Origin (QA: `Host: evil.example` made
    // the victim's genuine email link there). Its account exists; the asker is someone else.
    const victim = newPerson("forged-host");
    const signedUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: victim.name, email: victim.email, password: victim.password }),
    });
    expect(signedUp.status).toBe(200);

    // Host and Origin agree (Next's own check passes), but they are not PUBLIC_URL: refused, nothing sent.
    expect(await askForResetAs(victim.email, { host: "evil.example", origin: "http://evil.example" })).toBe(403);
    // Without an Origin every check passes and the form answers; the link is on PUBLIC_URL all the same.
    expect(await askForResetAs(victim.email, { host: "evil.example" })).toBe(200);
    await expect.poll(() => resetLinkTo(victim.email)).toBeDefined();
    expect(mailsTo(victim.email).filter((mail) => mail.includes("Subject: Reset your Quire password"))).toHaveLength(1);
    expect(new URL(resetLinkTo(victim.email) ?? "").origin).toBe(new URL(app.url).origin);
    expect(mailsTo(victim.email).join("\n")).not.toContain("evil.example");
  });
});

/** Posts the "Forgot password?" form's server action to the app with these Host and Origin headers (node:http: fetch sets Host itself); resolves to the status. */
async function askForResetAs(email: string, names: { host: string; origin?: string }): Promise<number> {
  const form = new FormData();
  form.set("email", email);
  const { headers, body } = await actionRequest(app.url, "requestPasswordResetAction", [{}, form]);
  const encoded = new Response(body);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  const { origin: _origin, ...actionHeaders } = headers;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: app.port,
        path: "/forgot-password",
        method: "POST",
        headers: { ...actionHeaders, "content-type": encoded.headers.get("content-type") ?? "", "content-length": bytes.length, ...names },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(bytes);
  });
}
