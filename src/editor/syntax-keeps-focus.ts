import type QuillType from "quill";
import type Syntax from "quill/modules/syntax";

type CodeBlockContainer = NonNullable<Parameters<Syntax["highlight"]>[0]>;

/**
 * Quill's syntax module re-highlights code blocks a second after any change to the text (typing,
 * a collaborator's edit) and then puts the selection back with setSelection, which focuses the
 * editor: someone who had moved on to the toolbar (Alt+F10), the title or a dialog was pulled
 * back into the text mid-way. Outside the editor this highlights without touching the selection
 * (Quill keeps the last one and restores it when the text takes the focus again).
 */
export function registerFocusKeepingSyntax(Quill: typeof QuillType): void {
  const QuillSyntax = Quill.import("modules/syntax") as typeof Syntax; // Quill.import() is untyped
  const Container = Quill.import("formats/code-block-container") as new (...args: unknown[]) => CodeBlockContainer;

  class FocusKeepingSyntax extends QuillSyntax {
    override highlight(blot: CodeBlockContainer | null = null, force = false): void {
      if (this.quill.hasFocus()) return super.highlight(blot, force);
      if (this.quill.selection.composing) return;
      this.quill.update(Quill.sources.USER);
      const containers = blot === null ? this.quill.scroll.descendants(Container) : [blot];
      for (const container of containers) container.highlight(this.highlightBlot, force);
      this.quill.update(Quill.sources.SILENT);
    }
  }
  Quill.register("modules/syntax", FocusKeepingSyntax, true);
}
