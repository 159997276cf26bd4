import { MAX_COMMENT_QUOTE_CHARS } from "./comment-rules";

/** Words as a thread keeps them: control characters and runs of white space as one space, trimmed. */
export function normalizeQuote(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
}

/** The quote kept with a thread: its words normalised, shortened with "…" past MAX_COMMENT_QUOTE_CHARS. */
export function keptQuote(text: string): string {
  const words = normalizeQuote(text);
  return words.length > MAX_COMMENT_QUOTE_CHARS ? `${words.slice(0, MAX_COMMENT_QUOTE_CHARS - 1)}…` : words;
}

/** Whether `quote` holds all the words commented on (not shortened): only then can they be looked for. */
export function isWholeQuote(quote: string): boolean {
  return quote.length > 0 && quote.length < MAX_COMMENT_QUOTE_CHARS;
}
