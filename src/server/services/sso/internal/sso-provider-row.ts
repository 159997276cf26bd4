import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { workspaceSsoProviders } from "@/server/db/schema";

/** A workspace's provider without its secret, or null. Checks no access. */
export async function selectSsoProvider(db: Db | Tx, workspaceId: string) {
  const [row] = await db
    .select({
      id: workspaceSsoProviders.id,
      label: workspaceSsoProviders.label,
      issuer: workspaceSsoProviders.issuer,
      clientId: workspaceSsoProviders.clientId,
      allowedDomains: workspaceSsoProviders.allowedDomains,
      defaultRole: workspaceSsoProviders.defaultRole,
      updatedAt: workspaceSsoProviders.updatedAt,
    })
    .from(workspaceSsoProviders)
    .where(eq(workspaceSsoProviders.workspaceId, workspaceId));
  return row ?? null;
}
export type SsoProviderRow = NonNullable<Awaited<ReturnType<typeof selectSsoProvider>>>;
