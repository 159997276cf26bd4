import crypto from "node:crypto";

/** 24 random bytes: 192 bits, 32 base64url characters (docs/product.md "Entities" asks for 22+). */
const TOKEN_BYTES = 24;

// What a token in a URL may look like before any database lookup (old or future lengths included).
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** A new unguessable share token from the OS's CSPRNG, URL-safe as it stands. */
export function newShareToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Whether `value` can be a share token at all (cheap filter for `/p/[share]`). */
export function isShareToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
