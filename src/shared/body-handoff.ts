/**
 * A document body's HTML from the document page (a server component) to the editor's
 * server-side render, without it travelling in the React Server Components payload as well.
 *
 * On a page load the body is in the HTML once, inside the editor's placeholder; a prop would
 * put a second copy in the RSC payload inlined in the same HTML (for 100,000 words, 600 KiB
 * more to download and parse). So the page hands the string over here, in the same process,
 * and passes only a key: the editor's server render takes it, and its hydration reads the
 * placeholder back from the DOM (lib/server-rendered-body.ts). Renders inside the running app
 * (navigations, refreshes) have no server HTML and get the body as a prop.
 */
const STORE = Symbol.for("quire.bodyHandoff");
// A render that never reaches the editor (an error, a closed connection) must not keep its body.
const UNCLAIMED_TTL_MS = 60_000;

type Store = Map<string, string>;

function store(): Store {
  const scope = globalThis as { [STORE]?: Store };
  return (scope[STORE] ??= new Map());
}

/** Keeps `html` for the render under way; returns the key that claims it. */
export function handOffBody(html: string): string {
  const key = crypto.randomUUID();
  store().set(key, html);
  const timer: { unref?: () => void } = setTimeout(() => store().delete(key), UNCLAIMED_TTL_MS) as unknown as { unref?: () => void };
  timer.unref?.();
  return key;
}

/** The HTML handed over under `key`, once: undefined when already claimed, expired or unknown. */
export function claimHandedOffBody(key: string): string | undefined {
  const html = store().get(key);
  store().delete(key);
  return html;
}
