import type { ReactNode } from "react";
import { requireActor } from "@/server/auth/session";

export default async function NewWorkspaceLayout({ children }: { children: ReactNode }) {
  await requireActor("/workspaces/new");
  return children;
}
