/**
 * The workspace's members as the open page knows them, by user id: what the mention embed
 * (shared/mention-format.ts) shows instead of the name stored in it, and what the "@" picker
 * offers. One table per tab: a tab shows one workspace's document at a time, and the page sets
 * it before the editor renders (components/mention-members.tsx).
 */
export interface MentionMember {
  id: string;
  name: string;
  /** Only for people who may mention (editors, commenters): the picker matches email prefixes. */
  email?: string;
}

let members: readonly MentionMember[] = [];
let names = new Map<string, string>();

/** Replaces the known members (the document page, as it renders). */
export function setMentionMembers(list: readonly MentionMember[]): void {
  members = list;
  names = new Map(list.map((member) => [member.id, member.name]));
}

export function mentionMembers(): readonly MentionMember[] {
  return members;
}

/** The member's current name, or null for someone the page doesn't know (removed): the stored name shows. */
export function currentMemberName(userId: string): string | null {
  return names.get(userId) ?? null;
}
