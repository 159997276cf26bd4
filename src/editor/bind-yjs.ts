import type Quill from "quill";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";

/** Binds the editor to the shared body text and to presence; returns the cleanup. */
export async function bindYjs(quill: Quill, body: Y.Text, awareness: Awareness | null): Promise<() => void> {
  const { QuillBinding } = await import("y-quill");
  // y-quill's types expect its own Quill copy; it is the same instance at run time.
  const binding = new QuillBinding(body, quill as never, awareness ?? undefined);
  return () => binding.destroy();
}
