import { eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { notifications } from "@/server/db/schema";

/**
 * The notifications an API token may see or mark: its own workspace's only (a token acts in one
 * workspace, docs/product.md "Roles"); a session sees the person's notifications everywhere.
 */
export function tokenWorkspaceOnly(ctx: ServiceContext): SQL | undefined {
  return ctx.grant ? eq(notifications.workspaceId, ctx.grant.workspaceId) : undefined;
}
