import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** The window both sign-in limits count failures in. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins allowed for one account from one client address each window. */
export const ACCOUNT_ATTEMPTS = 10;
/**
 * Failed sign-ins allowed from one client address each window, whatever the accounts: it stops
 * one address trying passwords across many accounts, and stays far above what the people behind
 * one office NAT mistype.
 */
export const ADDRESS_ATTEMPTS = 100;

/** Who is signing in, from where; the email as typed (trimmed and lower-cased here). */
export interface SignInAttempt {
  ip: string | null;
  email: string | undefined;
}

interface Counter {
  limiter: RateLimiterMemory;
  key: string;
}

/**
 * Counts failed sign-ins (docs/product.md "Limits") per account and client address, and per client
 * address alone. An account's failures are counted per address, so failures from one address
 * never refuse that account's right password from another, and they refuse no other account
 * until the address itself reaches its much higher ceiling. Each attempt takes its point before
 * the password is checked, so parallel guesses can't all slip in; a successful sign-in gives it
 * back and clears the account's failures from that address.
 */
export class SignInLimiter {
  private readonly byAccount = new RateLimiterMemory({ keyPrefix: "sign-in-account", points: ACCOUNT_ATTEMPTS, duration: SIGN_IN_WINDOW_SECONDS });
  private readonly byAddress = new RateLimiterMemory({ keyPrefix: "sign-in-address", points: ADDRESS_ATTEMPTS, duration: SIGN_IN_WINDOW_SECONDS });

  /** Takes one attempt; resolves to the seconds to wait when a limit is spent (the attempt then counts nowhere), else null. */
  async take(attempt: SignInAttempt): Promise<number | null> {
    const counters = this.countersFor(attempt);
    // A refused attempt takes nothing: a script hammering one account must not use up the
    // address's allowance and lock out everyone else behind that address.
    const waitMs = Math.max(0, ...(await Promise.all(counters.map(msUntilFree))));
    if (waitMs > 0) return toSeconds(waitMs);
    const taken = await Promise.allSettled(counters.map(({ limiter, key }) => limiter.consume(key)));
    const refusals = taken.flatMap((result) => (result.status === "rejected" ? [refusal(result.reason)] : []));
    if (refusals.length === 0) return null;
    // Parallel attempts raced past the check and this one lost: it gives back what it took.
    await Promise.all(counters.map(({ limiter, key }, i) => (taken[i]?.status === "fulfilled" ? limiter.reward(key, 1) : null)));
    return toSeconds(Math.max(...refusals.map((result) => result.msBeforeNext)));
  }

  /** A successful sign-in: its attempt is given back, and the account's failures from this address are forgotten. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    const [address, account] = this.countersFor(attempt);
    await Promise.all([address && this.byAddress.reward(address.key, 1), account && this.byAccount.delete(account.key)]);
  }

  private countersFor({ ip, email }: SignInAttempt): Counter[] {
    const address = ip ?? "unknown";
    const counters: Counter[] = [{ limiter: this.byAddress, key: address }];
    const account = email?.trim().toLowerCase();
    if (account) counters.push({ limiter: this.byAccount, key: `${account} ${address}` });
    return counters;
  }
}

async function msUntilFree({ limiter, key }: Counter): Promise<number> {
  const result = await limiter.get(key);
  return result && result.remainingPoints <= 0 ? result.msBeforeNext : 0;
}

function refusal(reason: unknown): RateLimiterRes {
  if (reason instanceof RateLimiterRes) return reason;
  throw reason;
}

function toSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
