import { describe, expect, it } from "vitest";
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS, SIGN_IN_WINDOW_SECONDS, SignInLimiter } from "./sign-in-limiter";

const office = "203.0.113.7";
const home = "198.51.100.2";

/** `count` failed attempts; resolves to how many were let through to the password check. */
async function fail(limiter: SignInLimiter, count: number, attempt: { ip: string; email: string }): Promise<number> {
  let admitted = 0;
  for (let i = 0; i < count; i++) if ((await limiter.take(attempt)) === null) admitted++;
  return admitted;
}

describe("SignInLimiter", () => {
  it("refuses an account's 11th failure from one address, saying how long to wait", async () => {
    const limiter = new SignInLimiter();
    const attempt = { ip: office, email: "alice@example.com" };
    expect(await fail(limiter, ACCOUNT_ATTEMPTS, attempt)).toBe(ACCOUNT_ATTEMPTS);
    const wait = await limiter.take(attempt);
    expect(wait).toBeGreaterThan(SIGN_IN_WINDOW_SECONDS - 5);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
    // The email is one account however it is typed.
    expect(await limiter.take({ ip: office, email: "  ALICE@example.com " })).not.toBeNull();
  });

  it("keeps other accounts at that address, and that account at other addresses, open", async () => {
    const limiter = new SignInLimiter();
    await fail(limiter, ACCOUNT_ATTEMPTS + 5, { ip: office, email: "alice@example.com" });
    expect(await limiter.take({ ip: office, email: "bob@example.com" })).toBeNull();
    expect(await limiter.take({ ip: home, email: "alice@example.com" })).toBeNull();
  });

  it("counts refused attempts nowhere, so hammering one account can't close its address", async () => {
    const limiter = new SignInLimiter();
    await fail(limiter, ACCOUNT_ATTEMPTS, { ip: office, email: "alice@example.com" });
    expect(await fail(limiter, ADDRESS_ATTEMPTS * 2, { ip: office, email: "alice@example.com" })).toBe(0);
    expect(await limiter.take({ ip: office, email: "bob@example.com" })).toBeNull();
  });

  it("refuses every account from an address past its ceiling, and no other address", async () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < ADDRESS_ATTEMPTS; i++) expect(await limiter.take({ ip: office, email: `person${i}@example.com` })).toBeNull();
    expect(await limiter.take({ ip: office, email: "newcomer@example.com" })).toBeGreaterThan(0);
    expect(await limiter.take({ ip: home, email: "newcomer@example.com" })).toBeNull();
  });

  it("forgets an account's failures from an address once it signs in there", async () => {
    const limiter = new SignInLimiter();
    const attempt = { ip: office, email: "alice@example.com" };
    await fail(limiter, ACCOUNT_ATTEMPTS - 1, attempt);
    await limiter.take(attempt);
    await limiter.succeeded(attempt);
    expect(await fail(limiter, ACCOUNT_ATTEMPTS, attempt)).toBe(ACCOUNT_ATTEMPTS);
  });

  it("lets only the allowance through when attempts arrive at once", async () => {
    const limiter = new SignInLimiter();
    const attempt = { ip: office, email: "alice@example.com" };
    const waits = await Promise.all(Array.from({ length: 30 }, () => limiter.take(attempt)));
    expect(waits.filter((wait) => wait === null)).toHaveLength(ACCOUNT_ATTEMPTS);
    // The losers gave back what they took from the address.
    for (let i = 0; i < ADDRESS_ATTEMPTS - ACCOUNT_ATTEMPTS; i++) expect(await limiter.take({ ip: office, email: `p${i}@example.com` })).toBeNull();
  });
});
