import type { ReactNode } from "react";

/**
 * The document's frame: the editor (children) and the `@modal` slot. Opening "Share" from the
 * editor is a soft navigation that `@modal/(.)share` intercepts: only the slot changes, the
 * children slot keeps the mounted editor, so typing carries on under the dialog. Opening
 * `…/share` directly renders `share/page.tsx` as a full page instead.
 */
export default function DocumentLayout({ children, modal }: { children: ReactNode; modal: ReactNode }) {
  return (
    <>
      {children}
      {modal}
    </>
  );
}
