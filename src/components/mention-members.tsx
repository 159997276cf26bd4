"use client";

import type { ReactNode } from "react";
import { createContext, useContext, useLayoutEffect, useMemo } from "react";
import type { MentionMember } from "@/editor/mention-names";
import { setMentionMembers } from "@/editor/mention-names";

export interface MentionMembers {
  /** Current names by user id: what a mention shows (its stored name for anyone else). */
  names: ReadonlyMap<string, string>;
  /** The workspace whose documents the "@" picker offers; null where no picker is offered. */
  workspaceId: string | null;
}

const MentionMembersContext = createContext<MentionMembers>({ names: new Map(), workspaceId: null });

/**
 * The workspace's members for everything under a document page (docs/product.md "Mentions"):
 * comment bodies read names from the context, and the editor's mention blot and both "@"
 * pickers from editor/mention-names.ts, set here before the editor (built after its lazy
 * imports) renders any mention.
 */
export function MentionMembersProvider({ members, workspaceId, children }: { members: MentionMember[]; workspaceId: string; children: ReactNode }) {
  useLayoutEffect(() => setMentionMembers(members), [members]);
  const value = useMemo(() => ({ names: new Map(members.map((member) => [member.id, member.name])), workspaceId }), [members, workspaceId]);
  return <MentionMembersContext.Provider value={value}>{children}</MentionMembersContext.Provider>;
}

export function useMentionMembers(): MentionMembers {
  return useContext(MentionMembersContext);
}
