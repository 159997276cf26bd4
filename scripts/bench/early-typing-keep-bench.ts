import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { keepTypingScript } from "@/editor/early-typing-keep";
import { launchBrowser } from "../../e2e/support/browser";
import { generateText } from "./generate-text";

// `node --import tsx scripts/bench/early-typing-keep-bench.ts` (docs/benchmarks.md "Keeping early
// typing at pagehide"): what the page's inline script costs at pagehide, synchronously, to keep a
// character typed into the server's HTML of a 100,000-word body before the live editor took over
// (editor/early-typing-keep.ts), and what it stores, against the format it replaced (the whole
// markup before) in the same run. Each load types one character in the middle paragraph and hides
// the page once, as a reload would; with the origin's storage empty, and nearly full. Prints the
// table; `-- --quick` loads each page 3 times.
const isQuick = process.argv.includes("--quick");
const LOADS = isQuick ? 3 : 25;
const WORDS = 100_000;
/** What the nearly full storage leaves, in characters: a quota shared with the device copies' entries and other data. */
const ROOM = 300_000;
const KEY = "quire:bench-user:bench-document:early";
const ID = "bench-page";

/** The keeping as it was before its entries stopped holding the body (commit e371bd5), as the baseline. */
const PREVIOUS_KEEP_SCRIPT =
  `function h(){try{if(!e.isConnected||e.getAttribute("contenteditable")!=="true")return;var a=e.innerHTML;if(a===b)return;` +
  `var n=Math.min(a.length,b.length),p=0,s=0;while(p<n&&a.charCodeAt(p)===b.charCodeAt(p))p++;` +
  `while(s<n-p&&a.charCodeAt(a.length-1-s)===b.charCodeAt(b.length-1-s))s++;` +
  `var l=JSON.parse(localStorage.getItem(${JSON.stringify(KEY)})||"[]");if(!Array.isArray(l))l=[];` +
  `l=l.filter(function(x){return!x||x.id!==${JSON.stringify(ID)}});` +
  `l.push({id:${JSON.stringify(ID)},before:b,head:p,tail:s,middle:a.slice(p,a.length-s),at:Date.now()});` +
  `localStorage.setItem(${JSON.stringify(KEY)},JSON.stringify(l))}catch(x){}}` +
  `addEventListener("pagehide",h);document.addEventListener("visibilitychange",function(){document.visibilityState==="hidden"&&h()});`;

interface Hide {
  /** The pagehide listener's run, ms. */
  hideMs: number;
  /** Reading the body's markup alone (innerHTML), ms: the floor of any keeping. */
  readMs: number;
  storedChars: number;
  isKept: boolean;
}

const lines = generateText(WORDS, 3).text.split("\n").filter(Boolean);
const body = lines.map((line) => `<p>${line}</p>`).join("");
const page = (keep: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>keep bench</title></head><body>` +
  `<div class="ql-editor" contenteditable="true" data-body-key="bench">${body}</div>` +
  `<script>(function(){var e=document.querySelector('[data-body-key="bench"]');var b=e.innerHTML;${keep}})()</script></body></html>`;
const pages: Record<string, string> = { "/previous": page(PREVIOUS_KEEP_SCRIPT), "/now": page(keepTypingScript(KEY, ID)) };

const server = http.createServer((request, response) => {
  const html = pages[request.url ?? ""];
  response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
  response.end(html ?? "");
});
let browser: Browser | undefined;
try {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP server's address
  browser = await launchBrowser();
  const rows: string[] = [];
  for (const storage of ["empty", "nearly full"] as const) {
    for (const [format, path] of [["whole markup before (previous)", "/previous"], ["changed middle, length, 2 × 1,000-character stretch (now)", "/now"]] as const) {
      // A context each: its own origin storage.
      const context = await browser.newContext();
      const tab = await context.newPage();
      const hides: Hide[] = [];
      for (let load = 0; load < LOADS; load++) {
        await tab.goto(`${origin}${path}`);
        if (load === 0 && storage === "nearly full") await fillStorage(tab, ROOM);
        hides.push(await typeAndHide(tab, load));
      }
      await context.close();
      const hideMs = hides.map((hide) => hide.hideMs).sort((a, b) => a - b);
      const readMs = hides.map((hide) => hide.readMs).sort((a, b) => a - b);
      const kept = hides.filter((hide) => hide.isKept).length;
      rows.push(
        `| ${format} | ${storage} | ${quantile(hideMs, 0.5).toFixed(1)} | ${quantile(hideMs, 0.95).toFixed(1)} | ${quantile(readMs, 0.5).toFixed(1)} | ` +
          `${(hides.at(-1)?.storedChars ?? 0).toLocaleString("en")} | ${kept}/${hides.length} |`,
      );
    }
  }
  const version = browser.version();
  console.log(
    [
      `Keeping one character typed into the server's HTML of a ${WORDS.toLocaleString("en")}-word body (${lines.length.toLocaleString("en")} paragraphs, ` +
        `${body.length.toLocaleString("en")} characters of markup) at pagehide, ${LOADS} page loads each, Chromium ${version}; ` +
        `"nearly full": ${ROOM.toLocaleString("en")} characters left in the origin's localStorage.`,
      "",
      "| entry | storage | pagehide p50 ms | p95 ms | innerHTML alone p50 ms | characters stored | typing kept |",
      "|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await browser?.close();
  server.close();
}

/** Types one character at the end of the middle paragraph, then hides the page as a reload does, and times it. */
async function typeAndHide(tab: Page, load: number): Promise<Hide> {
  return tab.evaluate(
    ({ key, load }) => {
      const root = document.querySelector("[data-body-key=bench]");
      const paragraphs = root?.querySelectorAll("p") ?? [];
      paragraphs[Math.floor(paragraphs.length / 2)]?.append(`x${load}`);
      const readStart = performance.now();
      void root?.innerHTML;
      const readMs = performance.now() - readStart;
      const start = performance.now();
      window.dispatchEvent(new Event("pagehide"));
      const hideMs = performance.now() - start;
      const stored = localStorage.getItem(key) ?? "";
      const entries = (stored ? JSON.parse(stored) : []) as Array<{ middle?: string }>; // what the keeping wrote
      return { hideMs, readMs, storedChars: stored.length, isKept: entries.some((entry) => entry.middle?.includes(`x${load}`)) };
    },
    { key: KEY, load },
  );
}

/** Fills the origin's localStorage until about `room` characters are left. */
async function fillStorage(tab: Page, room: number): Promise<void> {
  await tab.evaluate((room) => {
    localStorage.setItem("other:reserve", "r".repeat(room));
    let index = 0;
    for (let size = 1 << 20; size >= 16; size >>= 1) {
      const chunk = "f".repeat(size);
      try {
        for (;;) localStorage.setItem(`other:filler-${index++}`, chunk);
      } catch {
        // Full at this size: on to a smaller one.
      }
    }
    localStorage.removeItem("other:reserve");
  }, room);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
