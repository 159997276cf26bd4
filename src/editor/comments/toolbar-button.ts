/** The toolbar's "Comment" control's class: the comments controller (comment-editor.ts) finds it by it. */
export const COMMENT_BUTTON_CLASS = "ql-comment";

/**
 * Appends the "Comment" group to a freshly built toolbar, before the "More formatting" fit
 * measures the groups (editor/toolbar-more.ts): as the last group, it is measured with the rest
 * and never moves behind "More". It does nothing until the comments controller listens to it.
 */
export function addCommentButton(toolbar: HTMLElement): void {
  const group = document.createElement("span");
  group.className = "ql-formats ql-comment-formats";
  const button = document.createElement("button");
  button.type = "button";
  button.className = COMMENT_BUTTON_CLASS;
  button.setAttribute("aria-label", "Comment");
  button.setAttribute("title", "Comment (Ctrl+Alt+M)");
  // A speech bubble, drawn like Quill's icons (ql-stroke) so the themes colour it.
  button.innerHTML =
    '<svg viewBox="0 0 18 18" aria-hidden="true"><path class="ql-stroke" d="M3 4.5h12v7H8l-3 2.5v-2.5H3z"/></svg>';
  group.append(button);
  toolbar.append(group);
}
