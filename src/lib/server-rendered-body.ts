import { claimHandedOffBody } from "@/shared/body-handoff";

/** How the document page gives the editor its body: the HTML, or the key it was handed over under (shared/body-handoff.ts). */
export type InitialBody = { html: string } | { key: string };

/** The attribute that marks the placeholder holding a handed-over body, so hydration can find it. */
export const BODY_KEY_ATTRIBUTE = "data-body-key";

/** Where the page's inline script (editor/server-body-snapshot-script.ts) keeps each placeholder's markup as parsed, by key. */
export const SNAPSHOT_GLOBAL = "__quireServerBodies";

// Bodies read back at hydration, by document: a later mount on the client (back and forward,
// which reuse the page's first RSC payload, holding only the key) shows them again.
const hydratedBodies = new Map<string, string>();

/**
 * The HTML the editor's placeholder shows first, and the baseline early typing is measured
 * against. On the server, the handed-over string. While hydrating, the markup as the browser
 * parsed it, before anyone typed into it: the page's inline script took it the moment it was
 * parsed (the placeholder is editable from the first paint, before any of our scripts run, so
 * the DOM at hydration may already hold typed text). On a later client mount, what hydration
 * had.
 */
export function initialBodyHtml(documentId: string, body: InitialBody): string {
  if ("html" in body) return body.html;
  if (typeof window === "undefined") return claimHandedOffBody(body.key) ?? "";
  const snapshots = (window as unknown as Record<string, Record<string, string> | undefined>)[SNAPSHOT_GLOBAL];
  const parsed = snapshots?.[body.key] ?? document.querySelector(`[${BODY_KEY_ATTRIBUTE}="${CSS.escape(body.key)}"]`)?.innerHTML;
  if (parsed !== undefined) hydratedBodies.set(documentId, parsed);
  return hydratedBodies.get(documentId) ?? "";
}

/** Where the same script notes, by key, whether an IME composition is under way in the placeholder. */
export const COMPOSING_GLOBAL = "__quireComposing";

/**
 * Whether a composition begun before hydration is still under way: its compositionstart came
 * before any of our listeners, and nothing else would tell (early typing must not swap bodies
 * in the middle of one).
 */
export function isComposingBeforeHydration(body: InitialBody): boolean {
  if (!("key" in body) || typeof window === "undefined") return false;
  const composing = (window as unknown as Record<string, Record<string, boolean> | undefined>)[COMPOSING_GLOBAL];
  return composing?.[body.key] === true;
}
