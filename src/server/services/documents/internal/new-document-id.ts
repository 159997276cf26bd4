import crypto from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A new 12-character document id (36^12 ≈ 4.7e18: collisions are not a concern). */
export function newDocumentId(): string {
  const bytes = crypto.randomBytes(12);
  let id = "";
  // 256 % 36 = 4, so the first four letters are a hair more likely; harmless for ids.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
