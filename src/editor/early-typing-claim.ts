import { forgetKeptTyping, storedEntries } from "./early-typing-keep";
import { keptTypingsOf } from "./early-typing-kept";
import { livePageIds } from "./early-typing-page-lock";
import type { KeptTypingWindow } from "./kept-typing-window";
import type { EarlyTyped } from "./replay-typing";

/** The typing earlier pages kept (early-typing-keep.ts) that this page's swap replays, and forgets after. */
export interface KeptTypingClaim {
  /** What pages no longer open kept, oldest first, read now: at the swap, with nothing waiting between. */
  typings(baseline: string): Array<EarlyTyped | KeptTypingWindow>;
  /** Forgets the entries `typings` returned and this page's own: the document holds that typing now. */
  forget(): void;
  /** Lets another tab of the document claim what is left. */
  release(): void;
}

/**
 * How long a swap waits for another tab of the document to finish its own (normally a few ms):
 * a tab stuck in a composition must not hold this one's editor back. Past it, this page replays
 * none of the entries, and they stay for the next page.
 */
export const CLAIM_WAIT_MS = 5_000;

/**
 * Claims the document's kept typing for this page's swap, so that it is replayed once. Two tabs
 * of the document opening at once (a restored session) would both replay an entry a closed page
 * left, and a tab still open would have its own typing replayed by another tab and then by itself.
 * So, when other pages' entries are there, the swap runs holding the document's Web Lock, and
 * replays only the entries of pages no longer holding their own lock (early-typing-page-lock.ts);
 * what it replays it forgets before another tab gets the lock. Without the Web Locks API every
 * other page's entry is replayed, as before it was used.
 */
export async function claimKeptTyping(key: string, ownId: string): Promise<KeptTypingClaim> {
  let ids = new Set<string>();
  const claim = (live: ReadonlySet<string> | null, release = () => {}): KeptTypingClaim => ({
    typings(baseline) {
      if (live === null) return [];
      const kept = keptTypingsOf(key, ownId, baseline, live);
      ids = kept.ids;
      return kept.typings;
    },
    forget: () => forgetKeptTyping(key, new Set([...ids, ownId])),
    release,
  });
  if (!hasOthersEntries(key, ownId)) return claim(null);
  if (typeof navigator === "undefined" || !navigator.locks) return claim(new Set());
  const release = await holdDocumentLock(key);
  if (!release) return claim(null);
  try {
    return claim((await livePageIds()) ?? new Set(), release);
  } catch {
    release();
    return claim(null);
  }
}

function hasOthersEntries(key: string, ownId: string): boolean {
  try {
    return storedEntries(key).some((entry) => typeof entry === "object" && entry !== null && (entry as { id?: unknown }).id !== ownId);
  } catch {
    return false; // blocked storage holds none
  }
}

/** The document's lock, held until the returned function is called; null when not had within CLAIM_WAIT_MS. */
function holdDocumentLock(key: string): Promise<(() => void) | null> {
  return new Promise((resolve) => {
    navigator.locks
      .request(`${key}:claim`, { signal: AbortSignal.timeout(CLAIM_WAIT_MS) }, () => new Promise<void>((release) => resolve(release)))
      .catch(() => resolve(null));
  });
}
