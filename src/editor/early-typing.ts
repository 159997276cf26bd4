import { readEditorText } from "./editor-text";
import type { EarlyTyped } from "./replay-typing";

/**
 * Input the body takes while it is still the server's HTML: plain typing, IME composition,
 * new lines, deletions, spelling corrections and cut. Formatting shortcuts, undo (which could
 * bring back an embed the diff can't rebuild), rich paste and drops wait for the live editor.
 */
const TYPING = new Set([
  "insertText",
  "insertReplacementText",
  "insertParagraph",
  "insertCompositionText",
  "deleteCompositionText",
  "insertFromComposition",
  "deleteByComposition",
  "deleteContentBackward",
  "deleteContentForward",
  "deleteWordBackward",
  "deleteWordForward",
  "deleteSoftLineBackward",
  "deleteSoftLineForward",
  "deleteHardLineBackward",
  "deleteHardLineForward",
  "deleteEntireSoftLine",
  "deleteByCut",
]);

/**
 * Lets the body take typing before Quill is live. The page's copy of the body (the server's
 * HTML, in the editor's own markup) is made editable, so the browser does the typing —
 * caret, composition, Enter, Backspace — exactly as it will look; when the live editor is
 * ready, `take()` reports the text before and after, and replayTyping() applies the
 * difference. Nothing is replayed key by key, so no key is lost or counted twice.
 */
export class EarlyTyping {
  private hasInput: boolean;
  private isComposing = false;
  private whenComposed: Array<() => void> = [];
  private readonly listeners: Array<[string, (event: Event) => void]>;

  /** @param html the markup the body was rendered from: the text before any typing, even typing done before hydration. */
  constructor(
    private readonly root: HTMLElement,
    private readonly html: string,
    /** A composition already under way (begun before hydration: lib/server-rendered-body.ts saw its start). */
    options: { isComposing?: boolean } = {},
  ) {
    this.isComposing = options.isComposing ?? false;
    // Typing done before hydration fired no event we saw; the markup shows it (or differs only in
    // serialisation, which costs a needless read at the swap, nothing more).
    this.hasInput = root.innerHTML !== html;
    this.listeners = [
      ["input", () => (this.hasInput = true)],
      ["beforeinput", (event) => this.filter(event as InputEvent)],
      ["paste", (event) => this.pastePlainText(event as ClipboardEvent)],
      ["drop", (event) => event.preventDefault()],
      // compositionupdate too: a composition begun before hydration has already had its start.
      ["compositionstart", () => (this.isComposing = true)],
      ["compositionupdate", () => (this.isComposing = true)],
      ["compositionend", () => this.composed()],
      // A composition the browser abandons (focus lost) ends without compositionend in some IMEs.
      ["blur", () => this.composed()],
    ];
    for (const [type, listener] of this.listeners) root.addEventListener(type, listener);
  }

  /** Puts the caret in the body: at its start, or after `text` typed before the page showed, which goes in first. */
  focusWith(text: string): void {
    // A page loaded by its address has the caret in the body already (autofocus), maybe mid-word or
    // mid-composition: moving it would commit an IME composition where it stands, twice over.
    if (!text && this.root.contains(this.root.ownerDocument.activeElement)) return;
    const selection = this.root.ownerDocument.getSelection();
    this.root.focus({ preventScroll: true });
    const end = this.typeAtStart(text);
    selection?.collapse(end.node, end.offset);
  }

  /** Types `text` (held while the page opened) at the start of the body without moving focus. */
  typeAtStart(text: string): { node: Node; offset: number } {
    const document = this.root.ownerDocument;
    if (text) this.hasInput = true;
    const first = this.root.querySelector<HTMLElement>("p, h1, h2, h3, h4, h5, h6, li, blockquote, .ql-code-block");
    // List items start with Quill's marker (`.ql-ui`, drawn as the bullet or number): text goes after it.
    const marker = first?.firstElementChild?.classList.contains("ql-ui") ? first.firstElementChild : null;
    const lines = text.split("\n");
    const last = lines.pop() ?? "";
    for (const line of lines) {
      // Enter at the start of a line: an earlier line of the same kind, as the browser makes it.
      const block = first ? (first.cloneNode(false) as HTMLElement) : document.createElement("p");
      if (marker) block.append(marker.cloneNode(true));
      block.append(line ? document.createTextNode(line) : document.createElement("br"));
      if (first) first.before(block);
      else this.root.append(block);
    }
    const line = first ?? this.root.appendChild(document.createElement("p"));
    if (!last) return { node: line, offset: marker ? 1 : 0 };
    const onlyBreak = Array.from(line.childNodes).every((child) => child === marker || child.nodeName === "BR");
    if (onlyBreak) line.replaceChildren(...(marker ? [marker] : []));
    const node = document.createTextNode(last);
    if (marker) marker.after(node);
    else line.prepend(node);
    return { node, offset: last.length };
  }

  /** Resolves when no composition is under way: replacing the body mid-composition would cut it off. */
  whenIdle(): Promise<void> {
    if (!this.isComposing) return Promise.resolve();
    return new Promise((resolve) => this.whenComposed.push(resolve));
  }

  /**
   * What was typed, and where the caret is if the body has focus; null when it was neither typed
   * into nor focused (nothing to carry over, and a long body is not read for nothing). The body
   * stops taking input.
   */
  take(): (EarlyTyped & { hadFocus: boolean }) | null {
    const document = this.root.ownerDocument;
    const hadFocus = document.activeElement === this.root;
    const selection = document.getSelection();
    const focusNode = selection?.focusNode ?? null;
    const caret = hadFocus && focusNode && this.root.contains(focusNode) ? { node: focusNode, offset: selection?.focusOffset ?? 0 } : null;
    this.root.contentEditable = "false";
    if (!this.hasInput && !hadFocus) return null;
    const after = readEditorText(this.root, caret);
    return { before: this.hasInput ? this.textBefore() : after.text, after: after.text, caret: after.caret, hadFocus };
  }

  destroy(): void {
    for (const [type, listener] of this.listeners) this.root.removeEventListener(type, listener);
    this.composed();
  }

  private textBefore(): string {
    const template = this.root.ownerDocument.createElement("template");
    template.innerHTML = this.html;
    return readEditorText(template.content).text;
  }

  private filter(event: InputEvent): void {
    if (TYPING.has(event.inputType)) return;
    event.preventDefault();
    // Shift+Enter: Quill has no soft line break; it is a new line there too.
    if (event.inputType === "insertLineBreak") this.root.ownerDocument.execCommand("insertParagraph");
  }

  private pastePlainText(event: ClipboardEvent): void {
    event.preventDefault();
    const text = event.clipboardData?.getData("text/plain") ?? "";
    const document = this.root.ownerDocument;
    text.split(/\r\n|\r|\n/).forEach((line, index) => {
      if (index > 0) document.execCommand("insertParagraph");
      if (line) document.execCommand("insertText", false, line);
    });
  }

  private composed(): void {
    this.isComposing = false;
    for (const resolve of this.whenComposed.splice(0)) resolve();
  }
}
