import type QuillType from "quill";
import type Syntax from "quill/modules/syntax";

type CodeBlockContainer = NonNullable<Parameters<Syntax["highlight"]>[0]>;

/**
 * Quill's syntax module re-highlights code blocks a second after any change to the text (typing,
 * a collaborator's edit) and then puts the selection back with setSelection, which focuses the
 * editor: someone who had moved on to the toolbar (Alt+F10), the title or a dialog was pulled
 * back into the text mid-way. This runs Quill's own highlight, then gives the focus back to what
 * had it. (Skipping the selection's restore instead left Quill's caret model behind the DOM's:
 * a key pressed right after the editor went live landed at the start of the line.)
 */
export function registerFocusKeepingSyntax(Quill: typeof QuillType): void {
  const QuillSyntax = Quill.import("modules/syntax") as typeof Syntax; // Quill.import() is untyped

  class FocusKeepingSyntax extends QuillSyntax {
    override highlight(blot: CodeBlockContainer | null = null, force = false): void {
      // Quill's own highlight, selection kept as Quill keeps it; then the focus goes back where it was.
      const elsewhere = this.quill.hasFocus() ? null : document.activeElement;
      super.highlight(blot, force);
      if (elsewhere instanceof HTMLElement && elsewhere !== document.activeElement && elsewhere.isConnected) elsewhere.focus({ preventScroll: true });
    }
  }
  Quill.register("modules/syntax", FocusKeepingSyntax, true);
}
