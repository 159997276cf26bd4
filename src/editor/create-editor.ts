import type Quill from "quill";
import type { Delta } from "quill";
import {
  IMAGE_ACCEPT,
  SYNTAX_INTERVAL_MS,
  UNDO_DELAY_MS,
  UNDO_MAX_STACK,
} from "@/shared/editor-rules";
import { registerQuillFormats } from "./register";
import { registerToolbarIcons } from "./toolbar-icons";
import { ImageAltModule } from "./image-alt";
import { BlockShortcutsModule } from "./block-shortcuts";
import { SlashMenuModule } from "./slash-menu";
import { MentionMenuModule } from "./mention-menu";
import { mentionPasteMatchers } from "@/shared/mention-paste";
import { TableToolsModule } from "@/editor/tables/table-tools";
import { tablePasteMatchers } from "@/shared/table-paste";
import { labelCodeLanguagePickers } from "./label-code-languages";
import { keepTooltipInView } from "./keep-tooltip-in-view";
import { labelLinkTooltip } from "./link-tooltip";
import { keepSavedRangesInPlace } from "./keep-saved-ranges";
import { bindTabKeys } from "./tab-keys";
import { bindEditorKeys } from "./toolbar-keyboard";
import { guardUnsafeValues } from "./safe-values";
import { refuseUnsendableChanges, uploadPastedDataImages } from "./pasted-images";
import { formulaProblem } from "@/shared/formula-rules";
import { labelBody } from "./body-label";
import { labelToolbar } from "./toolbar-labels";
import { addMoreFormatting, fitMoreFormatting } from "./toolbar-more";
import { keepFocusThroughSilentSelection } from "./silent-selection-keeps-focus";
import { keepCaretOutOfUi } from "./caret-out-of-ui";
import { widenTypingFastPath } from "./typing-fast-path";
import { CODE_LANGUAGES, FORMATS, TOOLBAR } from "./toolbar";
import { addCommentButton } from "@/editor/comments/toolbar-button";

export interface CreateEditorOptions {
  readOnly: boolean;
  placeholder?: string;
  /** Offer "Template" in the "/" menu (the document page answers its INSERT_TEMPLATE_EVENT). */
  templates?: boolean;
  /** Offer the "@" picker (members, and this workspace's documents); editors only. */
  mentions?: { workspaceId: string };
  /** Receives the images picked, pasted or dropped; the caller uploads them and inserts the results. */
  onImages: (files: File[], index: number) => void;
}

/**
 * Builds the Quill 2 editor (snow theme) with the configuration docs/product.md "Editor rules" fixes. Client-only:
 * Quill touches `document` when imported, so everything loads here, lazily.
 */
export async function createEditor(container: HTMLElement, options: CreateEditorOptions): Promise<Quill> {
  const [{ default: QuillClass }, { bubbleFormats }, { default: katex }, { default: hljs }, { default: QuillCursors }] = await Promise.all([
    import("quill"),
    import("quill/blots/block.js"),
    import("katex"),
    import("highlight.js/lib/common"),
    import("quill-cursors"),
  ]);
  // The formula module looks for KaTeX on window (docs/product.md "Editor rules": it "needs a math library").
  // A formula past shared/formula-rules.ts (stored before them, or from another client) shows its
  // source as text, as the server renders it, and so does one KaTeX fails on other than by a parse
  // error (which it shows itself, red): a nesting thousands deep runs it out of stack.
  const render: typeof katex.render = (tex, element, renderOptions) => {
    if (formulaProblem(tex) !== null) {
      element.textContent = tex;
      return;
    }
    try {
      katex.render(tex, element, renderOptions);
    } catch {
      element.textContent = tex; // the source is what there is to show
    }
  };
  (window as unknown as { katex: typeof katex }).katex = { ...katex, render };
  registerQuillFormats(QuillClass);
  registerToolbarIcons(QuillClass);
  QuillClass.register("modules/cursors", QuillCursors, true);
  QuillClass.register("modules/imageAlt", ImageAltModule, true);
  QuillClass.register("modules/blockShortcuts", BlockShortcutsModule, true);
  QuillClass.register("modules/slashMenu", SlashMenuModule, true);
  QuillClass.register("modules/mentionMenu", MentionMenuModule, true);
  QuillClass.register("modules/tableTools", TableToolsModule, true);

  const quill = new QuillClass(container, {
    theme: "snow",
    readOnly: options.readOnly,
    placeholder: options.placeholder,
    formats: FORMATS,
    modules: {
      toolbar: options.readOnly ? false : TOOLBAR,
      history: { delay: UNDO_DELAY_MS, maxStack: UNDO_MAX_STACK, userOnly: true },
      syntax: { hljs, interval: SYNTAX_INTERVAL_MS, languages: CODE_LANGUAGES },
      // The picker's accept attribute is built from this list (quill/themes/base.js).
      uploader: {
        mimetypes: [...IMAGE_ACCEPT],
        handler(range: { index: number; length: number }, files: File[]) {
          options.onImages(files, range.index);
        },
      },
      cursors: { transformOnTextChange: true, hideDelayMs: 3000 },
      // Quill's own table module (quill/modules/table.js): its blots, row and column commands.
      table: true,
      // Describing images is editing: read-only editors show the descriptions, not the field.
      // So are the Markdown-style shortcuts and the "/" menu (docs/product.md "Editor").
      // So are the table picker and menu (editor/tables/), and the "@" picker.
      ...(options.readOnly ? {} : { imageAlt: true, blockShortcuts: true, slashMenu: { templates: options.templates === true }, tableTools: true }),
      ...(options.readOnly || !options.mentions ? {} : { mentionMenu: { workspaceId: options.mentions.workspaceId } }),
    },
  });
  const DeltaClass = QuillClass.import("delta") as typeof Delta; // Quill.import() is untyped
  guardUnsafeValues(quill, DeltaClass);
  keepFocusThroughSilentSelection(quill);
  widenTypingFastPath(quill, { Delta: DeltaClass, bubbleFormats });
  // Pasted tables: header cells, header rows and fresh row ids (shared/table-paste.ts).
  for (const [selector, matcher] of tablePasteMatchers()) quill.clipboard.addMatcher(selector as Parameters<Quill["clipboard"]["addMatcher"]>[0], matcher as unknown as Parameters<Quill["clipboard"]["addMatcher"]>[1]);
  // Pasted mentions (a copy from another document, an exported HTML file): shared/mention-paste.ts.
  for (const [selector, matcher] of mentionPasteMatchers()) quill.clipboard.addMatcher(selector, matcher as unknown as Parameters<Quill["clipboard"]["addMatcher"]>[1]);
  const toolbar = quill.getModule("toolbar") as { container?: HTMLElement } | undefined;
  if (toolbar?.container) {
    labelToolbar(toolbar.container);
    addCommentButton(toolbar.container); // before the fit measures the groups
    addMoreFormatting(toolbar.container);
  }
  labelCodeLanguagePickers(quill.root);
  keepCaretOutOfUi(quill);
  bindEditorKeys(quill, toolbar?.container ?? null);
  keepTooltipInView(quill);
  labelLinkTooltip(quill);
  // The link and formula box, the toolbar and a closing dialog act where the selection was, moved past edits made meanwhile.
  keepSavedRangesInPlace(quill);
  if (!options.readOnly) bindTabKeys(quill);
  labelBody(quill.root, options.readOnly);
  // Quill's uploader silently drops files whose type is not in `mimetypes`; hand every
  // file over instead, so the server (which checks the bytes) can say why it refuses one.
  quill.uploader.upload = (range: { index: number }, files: FileList | File[]) => options.onImages(Array.from(files), range.index);
  // A pasted data: image is uploaded like a pasted file, and no change goes out that the socket
  // can't carry (editor/pasted-images.ts, QA fourth sweep #1).
  if (!options.readOnly) {
    uploadPastedDataImages(quill, DeltaClass, options.onImages);
    refuseUnsendableChanges(quill);
  }
  return quill;
}

/**
 * Fits the toolbar to the width it is shown at (editor/toolbar-more.ts). The editor is built
 * hidden, so call this as it is shown: then the first frame with it already has the fitted toolbar.
 */
export function fitEditorToolbar(quill: Quill): void {
  const toolbar = quill.getModule("toolbar") as { container?: HTMLElement } | undefined;
  if (toolbar?.container) fitMoreFormatting(toolbar.container);
}
