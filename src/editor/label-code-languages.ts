/**
 * Names the language picker Quill's syntax module puts in every code block (a bare
 * `<select class="ql-ui">`, which screen readers announce as an unnamed combo box, WCAG 4.1.2),
 * now and as code blocks are added, and disables it while the editor is read-only (a viewer's,
 * or any editor not editable yet): there it only changed the highlighting on that screen, which
 * looked like an edit. Returns the cleanup.
 */
export function labelCodeLanguagePickers(root: HTMLElement): () => void {
  const update = (scope: ParentNode) => {
    const isReadOnly = root.getAttribute("contenteditable") !== "true";
    for (const select of Array.from(scope.querySelectorAll<HTMLSelectElement>("select.ql-ui"))) {
      if (!select.hasAttribute("aria-label")) select.setAttribute("aria-label", "Code language");
      if (select.disabled !== isReadOnly) select.disabled = isReadOnly;
    }
  };
  update(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") update(root);
      else for (const node of Array.from(record.addedNodes)) if (node instanceof HTMLElement) update(node.parentElement ?? node);
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["contenteditable"] });
  return () => observer.disconnect();
}
