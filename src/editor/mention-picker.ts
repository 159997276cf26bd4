import { displayTitle } from "@/shared/document-slug";
import { fetchJson } from "@/lib/fetch-json";
import type { SearchResultDto } from "@/shared/dto";
import type { MentionChoice, MentionDocument } from "./mention-items";
import { MENTION_LIST_MAX, filterMentionDocuments, filterMentionMembers, shouldCloseMentionPicker } from "./mention-items";
import { mentionMembers } from "./mention-names";
import { PickerPopup, pickerKey } from "./picker-popup";

/** Waits this long after the last keystroke before asking the server for documents (as the palette does). */
const SEARCH_DEBOUNCE_MS = 150;

/** The text field the picker works in: Quill's body (editor/mention-menu.ts) or a comment's textarea (editor/mention-textarea.ts). */
export interface MentionTarget {
  /** Takes the combobox attributes; keeps the focus. */
  host: HTMLElement;
  /** The positioned element the popup goes in. */
  parent: HTMLElement;
  /** The "@"'s box, in pixels from `parent`'s top left. */
  anchor(at: number): { top: number; bottom: number; left: number } | null;
  /** Replaces the `length` characters at `at` (the "@" and the query) with the choice. */
  insert(at: number, length: number, choice: MentionChoice): void;
}

/**
 * The "@" picker's state (docs/product.md "Mentions"): given where the "@" is and what follows
 * it (the target says, as it is typed), lists the members the query finds, then the documents
 * whose titles it begins (the search API, debounced; abandoned when the query changes); ↑ ↓
 * move, Enter or Tab insert, Escape closes and keeps the text. The list is a PickerPopup, like
 * the "/" menu's.
 */
export class MentionPicker {
  private readonly popup: PickerPopup;
  private at: number | null = null;
  private query = "";
  private choices: MentionChoice[] = [];
  private active = 0;
  private documents: { query: string; list: MentionDocument[] } | null = null;
  private search: { timer: ReturnType<typeof setTimeout>; controller: AbortController; query: string } | null = null;
  /**
   * What the popup was last placed for ("@" index and list length): the "@" stays put while its
   * query is typed, so placing (a layout read) happens again only when it or the list's height changes.
   */
  private placedFor: string | null = null;

  constructor(
    private readonly target: MentionTarget,
    /** Offer documents of this workspace (null: members only). */
    private readonly workspaceId: string | null,
  ) {
    this.popup = new PickerPopup(target.parent, target.host, {
      className: "ql-mention-menu",
      statusClassName: "ql-slash-status",
      label: "Mention a member or link a document",
      idPrefix: "mention-menu",
      onPick: (index) => this.choose(index),
    });
  }

  get isOpen(): boolean {
    return this.at !== null;
  }

  /** Where the "@" is, while open. */
  get atIndex(): number | null {
    return this.at;
  }

  get typedLength(): number {
    return 1 + this.query.length;
  }

  /** Opens (or follows) the picker for the "@" at `at` and what is typed after it. */
  update(at: number, query: string): void {
    this.at = at;
    this.query = query;
    this.refresh();
    this.searchDocuments();
  }

  /** Moves the "@" (someone else's edit before it), keeping the list. */
  moveTo(at: number): void {
    if (this.at !== null) this.at = at;
  }

  /** Handles a key of the text field; true when it was the picker's (the caller prevents its default). */
  handleKey(event: KeyboardEvent): boolean {
    if (this.at === null) return false;
    const key = pickerKey(event, this.choices.length > 0);
    if (key === null) return false;
    if (key === "close") this.close();
    else if (key === "choose") this.choose(this.active);
    else {
      this.active = (this.active + (key === "next" ? 1 : -1) + this.choices.length) % this.choices.length;
      this.render();
    }
    return true;
  }

  close(): void {
    if (this.at === null) return;
    this.at = null;
    this.placedFor = null;
    this.choices = [];
    this.cancelSearch();
    this.popup.hide();
  }

  destroy(): void {
    this.close();
    this.popup.destroy();
  }

  private choose(index: number): void {
    const choice = this.choices[index];
    const at = this.at;
    if (!choice || at === null) return;
    const length = this.typedLength;
    this.close();
    this.target.insert(at, length, choice);
  }

  private refresh(): void {
    const keyOf = (choice: MentionChoice) => (choice.kind === "member" ? `m-${choice.member.id}` : `d-${choice.document.id}`);
    const previous = this.choices[this.active];
    const members = filterMentionMembers(this.query, mentionMembers()).map((member): MentionChoice => ({ kind: "member", member }));
    const documents = this.documents?.query === this.query.trim() ? filterMentionDocuments(this.query, this.documents.list) : [];
    this.choices = [...members, ...documents.map((document): MentionChoice => ({ kind: "document", document }))];
    const isSearching = this.workspaceId !== null && this.query.trim() !== "" && this.documents?.query !== this.query.trim();
    if (shouldCloseMentionPicker(this.query, this.choices.length, isSearching)) return this.close();
    const kept = previous ? this.choices.findIndex((choice) => keyOf(choice) === keyOf(previous)) : -1;
    this.active = kept >= 0 ? kept : 0;
    this.render();
    const count = this.choices.length;
    this.popup.announce(count === 0 ? (isSearching ? "Searching…" : "No members or documents match") : `${count} suggestion${count === 1 ? "" : "s"}: ${this.labelOf(this.choices[this.active])}`);
  }

  private labelOf(choice: MentionChoice | undefined): string {
    if (!choice) return "";
    return choice.kind === "member" ? choice.member.name : `${displayTitle(choice.document.title)} (document)`;
  }

  private render(): void {
    if (this.at === null) return;
    this.popup.show(
      this.choices.map((choice) =>
        choice.kind === "member"
          ? { key: `m-${choice.member.id}`, label: choice.member.name, hint: choice.member.email ?? "Member" }
          : { key: `d-${choice.document.id}`, label: displayTitle(choice.document.title), hint: "Document" },
      ),
      this.active,
    );
    const placing = `${this.at}:${this.choices.length}`;
    if (!this.popup.isShown || this.placedFor === placing) return;
    const anchor = this.target.anchor(this.at);
    if (anchor) this.popup.place(anchor);
    this.placedFor = placing;
  }

  /** Asks the search API for documents once typing pauses; a newer query abandons an older one. */
  private searchDocuments(): void {
    const query = this.query.trim();
    if (this.workspaceId === null || query === "" || this.documents?.query === query || this.search?.query === query) return;
    this.cancelSearch();
    const controller = new AbortController();
    const params = new URLSearchParams({ workspace: this.workspaceId, q: query, limit: String(MENTION_LIST_MAX * 2) });
    const timer = setTimeout(() => {
      fetchJson<{ data: SearchResultDto[] }>(`/api/v1/search?${params}`, { signal: controller.signal })
        .then((page) => page.data.map((hit) => ({ id: hit.id, title: hit.title, url: hit.url })))
        .catch(() => [] as MentionDocument[]) // members still show; documents are a convenience
        .then((list) => {
          if (controller.signal.aborted) return;
          this.search = null;
          this.documents = { query, list };
          if (this.at !== null) this.refresh();
        });
    }, SEARCH_DEBOUNCE_MS);
    this.search = { timer, controller, query };
  }

  private cancelSearch(): void {
    if (!this.search) return;
    clearTimeout(this.search.timer);
    this.search.controller.abort();
    this.search = null;
  }
}
