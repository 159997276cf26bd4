// When Next remounts the document page (its URL segment changes with the title), the
// focused field would lose focus mid-typing; it is remembered here for a moment and restored.
const REMEMBER_MS = 3000;

interface Remembered {
  key: string;
  value: unknown;
  at: number;
}

let remembered: Remembered | null = null;

/** Remembers where focus was (e.g. "title:<id>" with the caret) as a component unmounts. */
export function rememberFocus(key: string, value: unknown): void {
  remembered = { key, value, at: Date.now() };
}

/** What was remembered for `key` in the last few seconds, once. */
export function recallFocus<T>(key: string): T | null {
  const current = remembered;
  if (!current || current.key !== key || Date.now() - current.at > REMEMBER_MS) return null;
  remembered = null;
  return current.value as T; // stored by rememberFocus under the same key by the same component
}
