import type Quill from "quill";
import type { Delta } from "quill";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { setContentsFast } from "./load-long-lines";

/** Binds the editor to the shared body text and to presence; returns the cleanup. */
export async function bindYjs(quill: Quill, body: Y.Text, awareness: Awareness | null, deps: { Delta: typeof Delta }): Promise<() => void> {
  const { QuillBinding } = await import("y-quill");
  // y-quill's constructor loads the body with one quill.setContents, which costs the square of a
  // line's runs (a paragraph of 4,000 bold words took a minute): for that call only, the editor's
  // setContents is setContentsFast, which gives the same document and the same text-change.
  const setContents = quill.setContents.bind(quill);
  quill.setContents = ((delta: Delta, source: unknown) => setContentsFast(quill, { Delta: deps.Delta, setContents }, delta, source)) as Quill["setContents"];
  let binding: InstanceType<typeof QuillBinding>;
  try {
    // y-quill's types expect its own Quill copy; it is the same instance at run time.
    binding = new QuillBinding(body, quill as never, awareness ?? undefined);
  } finally {
    delete (quill as Partial<Pick<Quill, "setContents">>).setContents; // back to Quill's own
  }
  return () => binding.destroy();
}
