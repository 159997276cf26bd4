import type Quill from "quill";
import { ABOUT_BLANK, LINK_PROTOCOLS } from "@/shared/editor-rules";
import { sanitizeLinkUrl } from "@/shared/safe-urls";
import { createEditorNotice } from "./editor-notice";

/** Said when an address the link rule refuses was entered: the link is kept, with a blank address (docs/product.md "Editor rules"). */
export const REFUSED_LINK_MESSAGE = `Only ${LINK_PROTOCOLS.slice(0, -1).join(", ")} and ${LINK_PROTOCOLS.at(-1)} links are allowed: the link's address was left blank.`;

/** The popup's name and its field's label in each of its modes (snow's `data-mode`; none while it shows a link). */
const MODES: Record<string, { popup: string; field: string }> = {
  link: { popup: "Edit link", field: "Link address" },
  formula: { popup: "Insert formula", field: "Formula (TeX)" },
  video: { popup: "Insert video", field: "Video address" },
};

interface SnowTooltip {
  root: HTMLElement;
  textbox: HTMLInputElement | null;
  save(): void;
  hide(): void;
}

/**
 * The snow theme's link and formula popup for the keyboard and screen readers: a named group
 * whose field is labelled by what it takes (its only hint was the placeholder
 * "https://quilljs.com"), and whose "Edit" and "Remove" are buttons Tab reaches (after Escape,
 * Tab leaves the text for the popup's link, then them). When the
 * link rule turns the address typed into a blank one (javascript:, data:, a typo like "htp:…"),
 * the popup still saves the blank link, as the rule says, and the editor says why.
 */
export function labelLinkTooltip(quill: Quill): void {
  const tooltip = (quill.theme as unknown as { tooltip?: SnowTooltip }).tooltip;
  if (!tooltip?.textbox) return;
  const { root, textbox } = tooltip;
  const label = () => {
    const mode = MODES[root.getAttribute("data-mode") ?? ""];
    root.setAttribute("aria-label", mode?.popup ?? "Link");
    textbox.setAttribute("aria-label", mode?.field ?? MODES.link?.field ?? "");
  };
  root.setAttribute("role", "group");
  // Snow's "Edit"/"Save" and "Remove" are anchors without an address, which the keyboard skips
  // and screen readers call nothing (their words are CSS content): buttons, named, on Enter and Space.
  const action = root.querySelector<HTMLElement>("a.ql-action");
  const remove = root.querySelector<HTMLElement>("a.ql-remove");
  for (const control of [action, remove]) {
    if (!control) continue;
    control.setAttribute("role", "button");
    control.tabIndex = 0;
    control.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      control.click();
    });
  }
  remove?.setAttribute("aria-label", "Remove link");
  const labelAll = () => {
    label();
    action?.setAttribute("aria-label", root.classList.contains("ql-editing") ? "Save" : "Edit link");
  };
  labelAll();
  new MutationObserver(labelAll).observe(root, { attributes: true, attributeFilter: ["data-mode", "class"] });
  // Escape on the popup's link or buttons (the field has snow's own): back to the text, where it was.
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.target === textbox) return;
    event.preventDefault();
    tooltip.hide();
    quill.focus();
  });

  const say = createEditorNotice(quill.container, "ql-link-notice");
  const save = tooltip.save.bind(tooltip);
  // Snow's Enter in the field and its "Save" both call save() on the instance.
  tooltip.save = () => {
    const value = textbox.value;
    const isLink = root.getAttribute("data-mode") === "link";
    save();
    if (isLink && value.trim() !== "" && sanitizeLinkUrl(value) === ABOUT_BLANK) say(REFUSED_LINK_MESSAGE);
  };
}
