import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { passkeyRelyingPartyId } from "@/server/auth/passkey-relying-party";
import { passkeys } from "@/server/db/schema";
import { passkeysUsableAt } from "@/server/http/passkey-host";
import { listPasskeys } from "./list-passkeys";
import { passkeyRegistrationOptions } from "./passkey-registration-options";
import { removePasskey } from "./remove-passkey";
import { renamePasskey } from "./rename-passkey";

// Registering and signing in with a passkey need a browser's authenticator: e2e/account/passkeys.e2e.ts.

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

/** A stored passkey of `userId`, as the plugin would keep one (the key material is never read here). */
async function storedPasskey(userId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  await database.db.insert(passkeys).values({ id, userId, name, publicKey: "cHVibGlj", credentialID: `cred-${id}`, counter: 0, deviceType: "singleDevice", backedUp: false });
  return id;
}

describe("passkeys", () => {
  it("makes registration options for the session's own user, on the relying party localhost without PUBLIC_URL", async () => {
    const person = await signedInPerson(auth);
    const options = await passkeyRegistrationOptions({ db: database.db, actor: person.actor }, { auth, headers: person.headers });
    expect(options).toMatchObject({ rp: { name: "Quire", id: "localhost" }, user: { name: person.actor.email } });
    expect(passkeyRelyingPartyId("https://docs.example.com/quire")).toBe("docs.example.com");
  });

  it("lists, renames and removes the person's own passkeys; another person's is not_found, and stays", async () => {
    const person = await signedInPerson(auth);
    const other = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers };
    const mine = await storedPasskey(person.actor.id, "Laptop");
    const theirs = await storedPasskey(other.actor.id, "Their phone");

    expect((await listPasskeys(ctx, session)).map((row) => row.name)).toEqual(["Laptop"]);
    await renamePasskey(ctx, { passkeyId: mine, name: "Work laptop" }, session);
    expect((await listPasskeys(ctx, session)).map((row) => row.name)).toEqual(["Work laptop"]);

    expect((await appErrorOf(renamePasskey(ctx, { passkeyId: theirs, name: "Mine now" }, session))).code).toBe("not_found");
    expect((await appErrorOf(removePasskey(ctx, { passkeyId: theirs }, session))).code).toBe("not_found");
    expect((await appErrorOf(removePasskey(ctx, { passkeyId: "no-such-passkey" }, session))).code).toBe("not_found");
    expect((await listPasskeys({ db: database.db, actor: other.actor }, { auth, headers: other.headers })).map((row) => row.name)).toEqual(["Their phone"]);

    await removePasskey(ctx, { passkeyId: mine }, session);
    expect(await listPasskeys(ctx, session)).toEqual([]);
  });

  it("is usable only at the relying party's host", () => {
    const at = (host: string, PUBLIC_URL?: string) => passkeysUsableAt(new Headers({ host }), { PUBLIC_URL });
    expect(at("localhost:3000")).toBe(true);
    expect(at("127.0.0.1:3000")).toBe(false);
    expect(at("docs.example.com", "https://docs.example.com")).toBe(true);
    expect(at("localhost:3000", "https://docs.example.com")).toBe(false);
  });
});
