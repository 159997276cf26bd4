import crypto from "node:crypto";

/** A unique person for one test. */
export function newPerson(label = "user") {
  const id = crypto.randomBytes(4).toString("hex");
  return {
    name: `Test ${label} ${id}`,
    email: `${label}-${id}@example.com`,
    password: `pw-${id}-long-enough`,
    workspaceName: `Team ${id}`,
    workspaceSlug: `team-${id}`,
  };
}

export type Person = ReturnType<typeof newPerson>;

/** Signs in through the better-auth API (not the form); `headers` are added (an X-Forwarded-For, say). */
export async function signInViaApi(baseUrl: string, person: { email: string; password: string }, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
}

/** The `name=value` cookie pairs a response set, for a Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
