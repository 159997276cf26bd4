import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core's WCAG 2.1 A/AA violations on `page`, one line each: rule, impact, and the first elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleTransitions(page);
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
  }, WCAG_TAGS);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** The violations in light and in dark, each line prefixed with its scheme. */
export async function axeViolationsInBothSchemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await themeFollows(page, colorScheme);
    for (const line of await axeViolations(page)) found.push(`${colorScheme}: ${line}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

/**
 * Waits for every finite CSS transition and animation to end, so colours are judged as the reader
 * ends up seeing them: a button enabled a moment ago is still fading from its disabled opacity for
 * 150 ms, and axe measuring it mid-fade reports a contrast the page never settles on. Endless
 * animations (spinners) are left running, and a paused one cannot hold the check up past 2 s.
 */
async function settleTransitions(page: Page): Promise<void> {
  // The pointer left where the last click was would measure that control's hover state (a
  // danger button at 90% opacity): axe checks the page at rest.
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === "running" && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/**
 * Waits until a page themed by next-themes (a "light" or "dark" class on <html>) has applied the
 * emulated scheme, and fails if it never does: a page that kept its light colours would otherwise
 * pass its dark check unseen. Pages styled by the media query alone switch with emulateMedia.
 */
async function themeFollows(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  const applied = await page.evaluate(async (scheme) => {
    const root = document.documentElement.classList;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (!root.contains("light") && !root.contains("dark")) return true;
      if (root.contains(scheme)) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }, colorScheme);
  if (!applied) throw new Error(`the page did not switch to its ${colorScheme} theme: ${page.url()}`);
}
