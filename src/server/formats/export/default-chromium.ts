import fs from "node:fs";

/**
 * Debian's headless-only build of Chromium (package chromium-headless-shell): the same Blink
 * without the desktop browser around it. Measured here, launching it and loading a page four
 * times cost a quarter of the full browser's CPU (18 s against 79 s on a slow 2-core machine).
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
/** Debian's full Chromium (package chromium). */
export const FULL_CHROMIUM_PATH = "/usr/bin/chromium";

/** The Chromium to drive headless when none is configured: the headless shell when installed. */
export function defaultChromiumPath(): string {
  return fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH;
}
