import { notFound } from "next/navigation";
import { requireMember } from "@/server/http/require-member";

// Unknown addresses inside a workspace keep the app frame: the workspace's not-found page.
export default async function UnknownWorkspacePage({ params }: { params: Promise<{ workspace: string }> }) {
  await requireMember((await params).workspace);
  notFound();
}
