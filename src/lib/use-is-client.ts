import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during server rendering and hydration, true afterwards (for browser-only values). */
export function useIsClient(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
