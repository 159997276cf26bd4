import type Quill from "quill";
import type { Delta as QuillDelta, Op } from "quill";
import * as Y from "yjs";
import { bindYjs } from "@/editor/bind-yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { quillInJsdom } from "./quill-in-jsdom";

/**
 * A live Quill editor (quillInJsdom, given `options`) bound through y-quill to a Y.Doc holding
 * `text`, and a co-editor's copy of that document (coEdit).
 */
export async function coEditedQuill(text: string, options: Parameters<typeof quillInJsdom>[0] = {}) {
  const editor = quillInJsdom(options);
  return { ...editor, ...(await coEdit(editor.quill, text, editor.Delta)) };
}

/**
 * Binds `quill` through y-quill to a new Y.Doc holding `contents` (text, or a delta's ops), and
 * syncs a co-editor's copy of that document both ways, as over the collaboration socket: what the
 * co-editor writes in `coEditor` reaches the editor as y-quill applies it.
 */
export async function coEdit(quill: Quill, contents: string | Op[], Delta: typeof QuillDelta): Promise<{ body: Y.Text; coEditor: Y.Text }> {
  const doc = new Y.Doc();
  const body = doc.getText(BODY_YTEXT);
  await bindYjs(quill, body, null, { Delta });
  if (typeof contents === "string") quill.setText(contents, "user");
  else quill.setContents(contents, "user");
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  const REMOTE = "co-editor";
  doc.on("update", (update: Uint8Array, origin: unknown) => origin !== REMOTE && Y.applyUpdate(other, update, REMOTE));
  other.on("update", (update: Uint8Array, origin: unknown) => origin !== REMOTE && Y.applyUpdate(doc, update, REMOTE));
  return { body, coEditor: other.getText(BODY_YTEXT) };
}
