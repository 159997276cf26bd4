import type Quill from "quill";

/** Room kept between a popup and the window's edges, in pixels. */
const MARGIN = 8;

/**
 * Keeps the snow theme's link and formula popup (its tooltip) inside the window. Quill places
 * it under the selection and flips it only past the page's own bounds, so near the end of a
 * document it opened below the last line, under the bottom of the window, and a long one ran
 * off the right edge on a phone. After each placement it goes above the selection when it
 * would end below the window, and moves sideways into view. Returns the cleanup.
 */
export function keepTooltipInView(quill: Quill): () => void {
  const tooltip = quill.container.querySelector<HTMLElement>(".ql-tooltip");
  if (!tooltip) return () => undefined;
  let isAdjusting = false;
  const adjust = () => {
    if (isAdjusting || tooltip.classList.contains("ql-hidden")) return;
    isAdjusting = true;
    try {
      const range = quill.getSelection() ?? { index: 0, length: 0 };
      const selection = quill.getBounds(range.index, range.length);
      const rect = tooltip.getBoundingClientRect();
      const top = parseFloat(tooltip.style.top) || 0;
      const left = parseFloat(tooltip.style.left) || 0;
      if (rect.bottom > window.innerHeight - MARGIN && selection) {
        // Above the selection: its top, less the popup's height and the gap the theme's transform adds.
        tooltip.style.top = `${top - (rect.top - quill.container.getBoundingClientRect().top - selection.top) - rect.height - 20}px`;
        tooltip.classList.add("ql-flip");
      }
      // One horizontal correction, to the left edge when it is wider than the room (CSS caps its width).
      const shift = rect.left < MARGIN ? MARGIN - rect.left : rect.right > window.innerWidth - MARGIN ? Math.max(MARGIN - rect.left, window.innerWidth - MARGIN - rect.right) : 0;
      if (Math.abs(shift) > 0.5) tooltip.style.left = `${left + shift}px`;
    } finally {
      isAdjusting = false;
    }
  };
  const observer = new MutationObserver(adjust);
  observer.observe(tooltip, { attributes: true, attributeFilter: ["style", "class"] });
  return () => observer.disconnect();
}
