import crypto from "node:crypto";
import { resolveAuthSecret } from "@/server/auth/auth-secret";
import { getEnv } from "@/server/env";
import type { NotificationKind } from "@/shared/notifications";
import { NOTIFICATION_KINDS } from "@/shared/notifications";

/**
 * The token of an email's unsubscribe link: `<kinds>.<userId>.<signature>` (kinds joined by "-":
 * a message batches several, and its one-click header turns off all it holds), an HMAC with a key of
 * its own derived from the auth secret (so it can't be replayed as anything else signed with
 * it). It works without a session, as RFC 8058 one-click needs, and never expires: it can only
 * ever turn one kind of email off for one person.
 */
export function unsubscribeToken(userId: string, kinds: readonly NotificationKind[], secret = currentSecret()): string {
  const list = [...new Set(kinds)].join("-");
  return `${list}.${userId}.${signature(secret, userId, list)}`;
}

/** The person and kind a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(token: string, secret = currentSecret()): { userId: string; kinds: NotificationKind[] } | null {
  const [list, userId, given, ...rest] = token.split(".");
  if (rest.length > 0 || !list || !userId || !given) return null;
  const kinds = list.split("-");
  if (!kinds.every(isKind)) return null;
  const expected = Buffer.from(signature(secret, userId, list));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  return { userId, kinds };
}

function signature(secret: string, userId: string, kinds: string): string {
  const key = crypto.createHmac("sha256", secret).update("quire/unsubscribe/v1").digest();
  return crypto.createHmac("sha256", key).update(`${kinds}.${userId}`).digest("base64url");
}

function isKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function currentSecret(): string {
  const env = getEnv();
  return resolveAuthSecret(env.AUTH_SECRET, env.dataDir);
}
