import { describeUserAgent } from "@/shared/describe-user-agent";
import type { SessionDto } from "@/shared/dto";

/** A session as better-auth lists it; its token is left out here and never reaches the page. */
export interface SessionRow {
  id: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A session for Profile → Security, marked when it is the one asking. */
export function presentSession(row: SessionRow, currentSessionId: string): SessionDto {
  return {
    id: row.id,
    device: describeUserAgent(row.userAgent),
    userAgent: row.userAgent ?? null,
    ipAddress: row.ipAddress ?? null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}
