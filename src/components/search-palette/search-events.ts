/** Fired on window to open the Ctrl/Cmd-K palette from anywhere (the sidebar's "Search"). */
export const OPEN_SEARCH_EVENT = "quire:open-search";

/** Opens the command palette mounted by the app shell. */
export function openSearchPalette(): void {
  window.dispatchEvent(new Event(OPEN_SEARCH_EVENT));
}
