/**
 * Names the language picker Quill's syntax module puts in every code block (a bare
 * `<select class="ql-ui">`, which screen readers announce as an unnamed combo box, WCAG 4.1.2),
 * now and as code blocks are added. Returns the cleanup.
 */
export function labelCodeLanguagePickers(root: HTMLElement): () => void {
  const label = (scope: ParentNode) => {
    for (const select of Array.from(scope.querySelectorAll<HTMLSelectElement>("select.ql-ui:not([aria-label])"))) {
      select.setAttribute("aria-label", "Code language");
    }
  };
  label(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of Array.from(record.addedNodes)) if (node instanceof HTMLElement) label(node.parentElement ?? node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
