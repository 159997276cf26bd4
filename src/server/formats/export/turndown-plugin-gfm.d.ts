// @joplin/turndown-plugin-gfm ships no types; these are the exports we use (lib/turndown-plugin-gfm.cjs.js).
declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";

  /** Tables, strikethrough, task list items and highlighted code blocks together. */
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
  export const highlightedCodeBlock: TurndownService.Plugin;
}
