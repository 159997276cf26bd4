// Code that runs inside the page. Kept as source strings: tsx compiles functions with
// `keepNames`, so a function passed to page.evaluate would call a `__name` helper the
// page does not have.

/** The live editor once it accepts input (what e2e's EditorPage.waitUntilEditable waits for). */
export const EDITABLE_SELECTOR = ".document-editor [data-testid=editor-mount] .ql-editor[contenteditable=true]";

/** What the load probe leaves on `window.__quireLoad`, in ms since navigation start. */
export interface LoadProbe {
  /** When the editable selector first matched in a shown mount (the body loaded into the live editor). */
  editableAt: number | null;
  /** When that element was also visible (React removed `hidden` from the mount). */
  shownAt: number | null;
  responseStart: number;
  responseEnd: number;
  domContentLoaded: number;
  firstContentfulPaint: number | null;
  /** Main-thread tasks over 50 ms before `shownAt` (Long Tasks API). */
  longTaskCount: number;
  longTaskMs: number;
  longestTaskMs: number;
}

/**
 * Init script: watches the DOM from the first byte and records when the editable selector
 * matches in a shown mount: the live editor, its body loaded. Quill is built editable inside the
 * hidden mount before the document has synced, and stays so, so the time the selector started to
 * match was the editor's construction, before the body was loaded into it: a document whose load
 * took 30 s measured about a second.
 */
export const LOAD_PROBE = `(() => {
  const selector = ${JSON.stringify(EDITABLE_SELECTOR)};
  const state = { editableAt: null, shownAt: null, longTasks: [] };
  window.__quireLoadState = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask" });
  } catch (error) { /* Long Tasks API missing: the counts stay at 0 */ }
  const observer = new MutationObserver(() => {
    const now = performance.now();
    const editor = document.querySelector(selector);
    if (!editor) return;
    const mount = editor.closest("[data-testid=editor-mount]");
    if (mount && !mount.hidden) {
      state.editableAt = now;
      state.shownAt = now;
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["contenteditable", "hidden"] });
})();`;

/** Expression: the finished load probe as a LoadProbe, or null while the editor is not shown. */
export const READ_LOAD_PROBE = `(() => {
  const state = window.__quireLoadState;
  if (!state || state.shownAt === null) return null;
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const tasks = state.longTasks.filter(([start]) => start < state.shownAt);
  return {
    editableAt: state.editableAt,
    shownAt: state.shownAt,
    responseStart: nav ? nav.responseStart : 0,
    responseEnd: nav ? nav.responseEnd : 0,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : 0,
    firstContentfulPaint: fcp ? fcp.startTime : null,
    longTaskCount: tasks.length,
    longTaskMs: tasks.reduce((sum, [, duration]) => sum + duration, 0),
    longestTaskMs: tasks.reduce((max, [, duration]) => Math.max(max, duration), 0),
  };
})()`;

/** One keystroke's timeline, in ms since navigation start. */
export interface KeystrokeRecord {
  /** The keydown event's timeStamp (when the input event was created). */
  start: number;
  /** Our MutationObserver callback on the editor, which runs after Quill's and so after Quill and y-quill handled the change. */
  mutation: number | null;
  /** The next requestAnimationFrame callback after the mutation. */
  frame: number | null;
  /** A task posted from that frame: it runs once the frame's style, layout and paint are done. */
  painted: number | null;
}

/** Expression: installs the typing probe on the live editor (`window.__quireTyping`). */
export const TYPING_PROBE = `(() => {
  const root = document.querySelector(${JSON.stringify(EDITABLE_SELECTOR)});
  if (!root) throw new Error("no editable editor");
  const records = [];
  const waiters = [];
  let current = null;
  const flush = () => {
    for (const waiter of waiters.splice(0)) {
      const record = records[waiter.n - 1];
      if (record && record.painted !== null) waiter.resolve(records.length);
      else waiters.push(waiter);
    }
  };
  addEventListener("keydown", (event) => {
    current = { start: event.timeStamp, mutation: null, frame: null, painted: null };
    records.push(current);
  }, true);
  new MutationObserver(() => {
    const record = current;
    if (!record || record.mutation !== null) return;
    record.mutation = performance.now();
    requestAnimationFrame(() => {
      record.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        record.painted = performance.now();
        flush();
      };
      channel.port2.postMessage(null);
    });
  }).observe(root, { subtree: true, childList: true, characterData: true });
  window.__quireTyping = {
    records,
    // Resolves once keystroke n (1-based) has painted, or after timeoutMs.
    settled(n, timeoutMs) {
      return new Promise((resolve) => {
        waiters.push({ n, resolve });
        setTimeout(() => resolve(records.length), timeoutMs);
        flush();
      });
    },
  };
})()`;
