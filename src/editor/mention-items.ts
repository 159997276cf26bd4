import type { MentionMember } from "./mention-names";

/** A document the "@" picker offers: inserted as its title linked to its page. */
export interface MentionDocument {
  id: string;
  title: string;
  /** The editor page, `/w/<slug>/d/<title-slug-id>` (the search API's `url`). */
  url: string;
}

export type MentionChoice = { kind: "member"; member: MentionMember } | { kind: "document"; document: MentionDocument };

/** Members and documents listed at most, each. */
export const MENTION_LIST_MAX = 6;
/** Longest query kept open: past it the "@" was surely just text. */
export const MENTION_QUERY_MAX = 40;

/**
 * Which characters may come before an "@" that opens the picker: none (the line's start),
 * a space, or an opening bracket or quote. After a letter or digit it is an address (me@example).
 */
export function isMentionStart(before: string | undefined): boolean {
  return before === undefined || before === "" || /[\s([{"'“‘«]/u.test(before);
}

function termsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether every term begins a word of `text` ("ann le" finds "Ann Lee"). */
function wordsStartWith(text: string, terms: readonly string[]): boolean {
  const words = text.toLowerCase().split(/[\s\-.'_]+/).filter(Boolean);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/**
 * The members a query finds: each of its words begins a word of the name, or the query begins
 * the email address; an empty query finds everyone. In the list's order, at most MENTION_LIST_MAX.
 */
export function filterMentionMembers(query: string, members: readonly MentionMember[]): MentionMember[] {
  const terms = termsOf(query);
  const lower = query.trim().toLowerCase();
  const found = terms.length === 0 ? members : members.filter((member) => wordsStartWith(member.name, terms) || (member.email?.toLowerCase().startsWith(lower) ?? false));
  return found.slice(0, MENTION_LIST_MAX);
}

/** The documents among search results whose title has a word beginning with each word of the query. */
export function filterMentionDocuments(query: string, documents: readonly MentionDocument[]): MentionDocument[] {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  return documents.filter((doc) => wordsStartWith(doc.title, terms)).slice(0, MENTION_LIST_MAX);
}

/**
 * Whether the picker closes for good on this query: too long, or nothing matches and the query
 * has a space (someone writing "@ the station", not naming anyone).
 */
export function shouldCloseMentionPicker(query: string, matches: number, isSearching: boolean): boolean {
  return query.length > MENTION_QUERY_MAX || /\n/.test(query) || (matches === 0 && !isSearching && /\s/.test(query));
}
