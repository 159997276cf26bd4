import type { MentionValue } from "@/shared/mentions";

/** What a kept draft is: a reply to a thread (by the thread's id) or an edit of a comment (by the comment's id). */
export type CommentDraftKind = "reply" | "edit";

/** A reply or an edit being written: its text, the members its "@Name"s stand for, and what it is on. */
export interface KeptCommentDraft {
  text: string;
  mentions: MentionValue[];
  /** What the box acts on, as its names say it ("Ana's thread on “brown fox”"): said again if that goes. */
  subject: string;
}

type Kept = Record<CommentDraftKind, Record<string, KeptCommentDraft>>;

const SUFFIX = ":comments";

/**
 * The localStorage entry for a person's comment drafts in a document, beside their device copy's
 * entries (`quire:<user>:<doc>`): sign-out forgets it with them (editor/connection/offline-pages.ts).
 */
export function commentDraftsKey(userId: string, documentId: string): string {
  return `quire:${userId}:${documentId}${SUFFIX}`;
}

/**
 * The replies and edits one person is writing in one document, kept on this device until they are
 * sent or cancelled: they outlive the composer (a thread moving between lists remounts its card), a
 * reload and a closed tab, and the thread or comment being deleted by someone else (the panel then
 * offers them to copy). Every call reads and writes localStorage, so two tabs of the document keep
 * each other's drafts; without storage (refused, private mode) the drafts live in this page only.
 */
export class CommentDraftStore {
  private memory: Kept = { reply: {}, edit: {} };
  /** A write was refused (storage full or blocked): this page's own copy is the truth from then on. */
  private isMemoryOnly = false;

  constructor(private readonly key: string) {}

  get(kind: CommentDraftKind, id: string): KeptCommentDraft | undefined {
    return this.read()[kind][id];
  }

  has(kind: CommentDraftKind, id: string): boolean {
    return this.get(kind, id) !== undefined;
  }

  /** Keeps `draft`; one without text is forgotten instead (nothing to lose). */
  set(kind: CommentDraftKind, id: string, draft: KeptCommentDraft): void {
    if (draft.text.trim() === "") return this.delete(kind, id);
    const kept = this.read();
    kept[kind][id] = { text: draft.text, mentions: draft.mentions, subject: draft.subject };
    this.write(kept);
  }

  delete(kind: CommentDraftKind, id: string): void {
    const kept = this.read();
    if (!(id in kept[kind])) return;
    delete kept[kind][id];
    this.write(kept);
  }

  /** Every kept draft of one kind, by id. */
  all(kind: CommentDraftKind): Record<string, KeptCommentDraft> {
    return this.read()[kind];
  }

  isEmpty(): boolean {
    const kept = this.read();
    return Object.keys(kept.reply).length === 0 && Object.keys(kept.edit).length === 0;
  }

  private read(): Kept {
    if (this.isMemoryOnly) return structuredClone(this.memory);
    try {
      const raw = localStorage.getItem(this.key);
      if (raw === null) return { reply: {}, edit: {} };
      const parsed = JSON.parse(raw) as unknown;
      return { reply: draftsIn(parsed, "reply"), edit: draftsIn(parsed, "edit") };
    } catch {
      this.isMemoryOnly = true; // storage refused
      return structuredClone(this.memory);
    }
  }

  private write(kept: Kept): void {
    this.memory = kept;
    if (this.isMemoryOnly) return;
    try {
      if (Object.keys(kept.reply).length === 0 && Object.keys(kept.edit).length === 0) localStorage.removeItem(this.key);
      else localStorage.setItem(this.key, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the drafts stay in this page (memory), as before they were kept.
      this.isMemoryOnly = true;
    }
  }
}

// The entry is read back from storage any page may write: only well-formed drafts count.
function draftsIn(parsed: unknown, kind: CommentDraftKind): Record<string, KeptCommentDraft> {
  const group = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>)[kind] : null;
  const drafts: Record<string, KeptCommentDraft> = {};
  if (typeof group !== "object" || group === null) return drafts;
  for (const [id, value] of Object.entries(group)) {
    if (typeof value !== "object" || value === null) continue;
    const { text, mentions, subject } = value as Record<string, unknown>;
    if (typeof text !== "string" || text.trim() === "") continue;
    drafts[id] = {
      text,
      mentions: Array.isArray(mentions) ? mentions.filter((m): m is MentionValue => typeof m?.id === "string" && typeof m?.name === "string") : [],
      subject: typeof subject === "string" ? subject : "",
    };
  }
  return drafts;
}
