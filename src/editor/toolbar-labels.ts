// Quill's toolbar buttons and pickers carry only icons; these give them accessible names
// (and tooltips), keyed by format and value as Quill renders them: <button class="ql-list" value="bullet">.
const LABELS: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strike: "Strikethrough",
  "script:sub": "Subscript",
  "script:super": "Superscript",
  "list:ordered": "Numbered list",
  "list:bullet": "Bulleted list",
  "list:check": "Check list",
  "indent:-1": "Decrease indent",
  "indent:+1": "Increase indent",
  blockquote: "Quote",
  "code-block": "Code block",
  code: "Inline code",
  link: "Link",
  image: "Image",
  formula: "Formula",
  table: "Table",
  clean: "Clear formatting",
  header: "Heading",
  font: "Font",
  size: "Text size",
  color: "Text colour",
  background: "Highlight colour",
  align: "Alignment",
};

/**
 * Names every toolbar control for screen readers and hover tooltips. A picker is a button that
 * opens a list box (Quill's items were unnamed buttons): its options say which one is chosen
 * (`aria-selected`), and the heading, font, size and alignment pickers say it in their own name
 * too ("Heading: Heading 2"), kept up as the caret moves.
 */
export function labelToolbar(toolbar: HTMLElement): void {
  for (const button of Array.from(toolbar.querySelectorAll<HTMLButtonElement>("button"))) {
    const format = [...button.classList].find((c) => c.startsWith("ql-"))?.slice(3);
    if (!format) continue;
    const label = LABELS[button.value ? `${format}:${button.value}` : format] ?? LABELS[format];
    if (label) name(button, label);
  }
  for (const picker of Array.from(toolbar.querySelectorAll<HTMLElement>(".ql-picker"))) {
    const format = [...picker.classList].find((c) => c.startsWith("ql-") && c !== "ql-picker" && c !== "ql-expanded")?.slice(3);
    const label = format ? LABELS[format] : undefined;
    const handle = picker.querySelector<HTMLElement>(".ql-picker-label");
    const options = picker.querySelector<HTMLElement>(".ql-picker-options");
    if (!format || !label || !handle || !options) continue;
    name(handle, label);
    handle.setAttribute("aria-haspopup", "listbox");
    options.setAttribute("role", "listbox");
    options.setAttribute("aria-label", label);
    // The items show their value through CSS (::before) or a swatch only: name each one.
    const items = Array.from(picker.querySelectorAll<HTMLElement>(".ql-picker-item"));
    for (const item of items) {
      item.setAttribute("role", "option");
      const itemLabel = itemName(format, item.getAttribute("data-value"));
      if (itemLabel) name(item, itemLabel);
    }
    const showChoice = () => {
      const chosen = items.find((item) => item.classList.contains("ql-selected"));
      for (const item of items) item.setAttribute("aria-selected", String(item === chosen));
      // None chosen: a selection across lines of different kinds, or no selection at all.
      const chosenName = chosen ? itemName(format, chosen.getAttribute("data-value")) : null;
      if (ITEM_NAMES[format]) name(handle, chosenName ? `${label}: ${chosenName}` : label);
    };
    showChoice();
    // Quill marks the chosen item (ql-selected) whenever the caret's format changes.
    new MutationObserver(showChoice).observe(options, { subtree: true, attributes: true, attributeFilter: ["class"] });
  }
}

const ITEM_NAMES: Record<string, Record<string, string>> = {
  header: { "1": "Heading 1", "2": "Heading 2", "3": "Heading 3", "": "Normal text" },
  font: { "": "Sans serif", serif: "Serif", monospace: "Monospace" },
  size: { small: "Small", "": "Normal", large: "Large", huge: "Huge" },
  align: { "": "Align left", center: "Centre", right: "Align right", justify: "Justify" },
};

/** A picker item's name from its format and value (null value: the default item). */
function itemName(format: string, value: string | null): string | null {
  if (format === "color") return value ? `Text colour ${value}` : "Default text colour";
  if (format === "background") return value ? `Highlight ${value}` : "No highlight";
  return ITEM_NAMES[format]?.[value ?? ""] ?? null;
}

function name(element: HTMLElement, label: string): void {
  element.setAttribute("aria-label", label);
  element.setAttribute("title", label);
}
