import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { users } from "@/server/db/schema";
import { UpdateProfileSchema } from "@/shared/schemas/profile";
import { updateProfile } from "./update-profile";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let auth: Auth;
beforeAll(async () => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

async function stored(id: string) {
  const [row] = await database.db.select({ name: users.name, color: users.color }).from(users).where(eq(users.id, id));
  return row;
}

describe("updateProfile", () => {
  it("changes the name and colour of the session's own user", async () => {
    const person = await signedInPerson(auth);
    const bystander = await signedInPerson(auth, { name: "Grace Hopper" });
    const actor = await updateProfile({ db: database.db, actor: person.actor }, { name: "Ada King", color: "#0f766e" }, { auth, headers: person.headers });
    expect(actor).toMatchObject({ id: person.actor.id, name: "Ada King", color: "#0f766e" });
    expect(await stored(person.actor.id)).toEqual({ name: "Ada King", color: "#0f766e" });
    expect((await stored(bystander.actor.id))?.name).toBe("Grace Hopper");
  });

  it("is what the session says on the next request (the account button reads it)", async () => {
    const person = await signedInPerson(auth);
    await updateProfile({ db: database.db, actor: person.actor }, { name: "Countess", color: "#be123c" }, { auth, headers: person.headers });
    const session = await auth.api.getSession({ headers: person.headers });
    expect(session?.user).toMatchObject({ name: "Countess", color: "#be123c" });
  });

  it("refuses, in the schema, an empty name, control characters and a colour outside the palette", () => {
    const fields = (input: object) => UpdateProfileSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(fields({ name: "   ", color: "#0f766e" })).toEqual([["name", "Enter your name."]]);
    expect(fields({ name: "Ada\u0000", color: "#0f766e" })).toEqual([["name", "Names can't hold tabs, line breaks or other control characters."]]);
    expect(fields({ name: "Ada\nKing", color: "#0f766e" })).toEqual([["name", "Names can't hold tabs, line breaks or other control characters."]]);
    expect(fields({ name: "x".repeat(81), color: "#0f766e" })).toEqual([["name", "Names are at most 80 characters."]]);
    expect(fields({ name: "Ada", color: "#ffffff" })).toEqual([["color", "Choose one of the colours shown."]]);
  });

  it("refuses the same bad input if it gets past the schema, and changes nothing", async () => {
    const person = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers };
    const empty = await appErrorOf(updateProfile(ctx, { name: "", color: "#0f766e" }, session));
    expect(empty.fields).toEqual({ name: "Enter your name." });
    const control = await appErrorOf(updateProfile(ctx, { name: "Ada\u0007", color: "#0f766e" }, session));
    expect(control.fields?.name).toMatch(/control characters/);
    const color = await appErrorOf(updateProfile(ctx, { name: "Ada", color: "#ffffff" as "#0f766e" }, session));
    expect(color.fields).toEqual({ color: "Choose one of the colours shown." });
    expect(await stored(person.actor.id)).toEqual({ name: "Ada Lovelace", color: person.actor.color });
  });

  it("answers unauthenticated when the session has ended", async () => {
    const person = await signedInPerson(auth);
    await auth.api.signOut({ headers: person.headers });
    const error = await appErrorOf(updateProfile({ db: database.db, actor: person.actor }, { name: "Ada", color: "#0f766e" }, { auth, headers: person.headers }));
    expect(error.code).toBe("unauthenticated");
  });
});

