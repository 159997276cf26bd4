import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { personLabel } from "@/shared/person-label";

/** A member event's target: the person's id and "Name <email>" as they are now. */
export async function memberTarget(db: Db | Tx, userId: string): Promise<{ id: string; label: string }> {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { id: userId, label: user ? personLabel(user) : userId };
}
