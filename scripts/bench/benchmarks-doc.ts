import fs from "node:fs";
import type { BenchResults } from "./report";
import { COMMAND, formatSection } from "./report";

const INTRO = `# Benchmarks

Every figure in this file comes from \`npm run bench\` (editor and page render, issue #3),
\`npm run bench:collab\` (collaboration server, issue #4), \`npm run bench:search\` (search,
issue #5) or \`npm run bench:history\` (version history, issue #6). Each command rewrites only
its own section, between \`<!-- bench:… -->\` markers, and leaves the others as they were, so
sections may come from different runs: each gives its own date and machine. The machine is
shared and noisy, so each figure stands next to a baseline taken in the same run.
`;

/**
 * Writes `section` into the markdown file at `file` between the markers for `id`, keeping the
 * intro and every other section; a missing file gets the intro first, a missing section is appended.
 */
export function writeBenchSection(file: string, id: string, section: string): void {
  const begin = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${begin}\n${section.trim()}\n${end}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : INTRO;
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + block + current.slice(to + end.length) : `${current.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}

/** The issue #3 section of docs/benchmarks.md: what it runs, the tables and how it measures. */
export function formatEditorBenchSection(results: BenchResults): string {
  return `${formatSection(results)}

### How it measures

\`${COMMAND}\` builds the production app if sources changed (\`scripts/build-if-stale.ts\`), starts
\`server.ts\` in production on a free loopback port with a temporary data directory
(\`e2e/support/start-app.ts\`), signs up through the /signup form in Debian's headless Chromium
(\`e2e/support/browser.ts\`), creates three documents with the sidebar's "New document" button,
leaves one empty and fills two through a Node Yjs client on /collab with deterministic text
(seeded PRNG; sentences of 6–14 words from a 139-word list, one or two sentences per paragraph).
Every measurement waits until the server has stored the text. The code is in \`scripts/bench/\`.

- **(a) Server render.** autocannon's programmatic API sends \`GET /w/<ws>/d/<doc>\` with the
  session cookie and \`accept: text/html\` (no \`accept-encoding\`, so no compression) on one
  connection for a fixed time, after 20 warm-up requests, and fails on any non-2xx answer. The
  baseline is a bare Node \`http\` server in its own process answering the same HTML bytes, fetched
  once from the page, from memory, measured the same way right after. autocannon records latency
  in whole milliseconds, so the ratio uses the wall time per request (run time ÷ requests) of
  each, which also counts the client's own cost of reading the bytes; that cost is the same for
  both, so the ratio is, if anything, flattering to Quire. The empty document shows the page's
  fixed cost. "Body copies" counts how often the first 40 characters of the body's first paragraph occur in the HTML:
  once in the server-rendered editor, and again wherever the same HTML travels as data (the
  React Server Components payload that hydrates the editor; since the body handoff,
  \`src/shared/body-handoff.ts\`, it no longer does). "SQL statements" counts the server's
  \`[sql]\` lines (it runs with \`LOG_SQL=1\`) for one request, the fewest of three, since the
  server's own timers (the webhook queue's poll) log statements too. The floor is the sign-in page
  fetched signed out, measured the same way: Next rendering a page of the app with no data. The
  PGlite cost is measured in the bench's own process on a fresh in-memory database: the median
  of 2,000 sequential \`select 1\` and 2,000 indexed one-row session lookups through Drizzle,
  after 200 of each to warm up.
- **(b) Time to editable.** An init script watches the DOM from the first byte with a
  MutationObserver and records when
  \`.document-editor [data-testid=editor-mount] .ql-editor[contenteditable=true]\` first matches
  in a shown mount: the live editor with the body loaded into it. (Quill is built editable in the
  hidden mount before the document has synced; until 2026-11-28 the bench recorded when the
  selector started to match, which was that construction: the body's load was left out, and a
  paragraph of 4,000 bold words that took 9–10 s to show measured 1.1 s.) Times are \`performance.now()\`, that is ms since navigation start. "Cold" runs use a new
  browser context per run (empty HTTP and code caches, the session cookie copied in); "warm" runs
  share one context after a discarded load. Other columns come from Navigation Timing, Paint
  Timing and the Long Tasks API (tasks over 50 ms before the editor was shown).
- **(c) Typing.** The page is opened, the caret put at the end of the middle paragraph, and 500
  characters of prose are typed with \`page.keyboard.type\`, one character per call, at most one
  every 50 ms, each waiting for the previous one to paint. In the page, a capturing \`keydown\`
  listener starts a record at the event's \`timeStamp\`; a MutationObserver on \`.ql-editor\`,
  created after Quill's own, stamps "DOM updated" when its callback runs, which is after Quill has
  read the change and y-quill has applied it to the Y.Text; a \`requestAnimationFrame\` from there
  stamps the frame, and a MessageChannel task posted from that frame stamps "painted", which runs
  once the frame's style, layout and paint are done. The paint figure includes waiting for the
  next frame (up to 16.7 ms at 60 Hz), so the target applies to "DOM updated". The server stores the
  document (every 2 s while typing) on the same machine meanwhile, as it would in use.
`;
}
