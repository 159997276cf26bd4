import type { ReactNode } from "react";
import { requireActor } from "@/server/auth/session";

// Everything under (app) is for signed-in people; pages below refine the check.
export default async function AppLayout({ children }: { children: ReactNode }) {
  await requireActor();
  return children;
}
