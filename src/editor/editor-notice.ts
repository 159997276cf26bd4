/** How long a notice stays on screen. */
const SHOWN_MS = 8000;

/**
 * A short notice from the editor, said to screen readers (a status) and shown at the window's foot
 * for a while (editor.css `.ql-editor-notice`): something the editor did that the person did not
 * ask for exactly. Returns the function that says a message.
 */
export function createEditorNotice(container: HTMLElement, className: string): (message: string) => void {
  const notice = document.createElement("div");
  notice.className = `ql-editor-notice ${className}`;
  notice.setAttribute("role", "status");
  container.append(notice);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (message) => {
    notice.textContent = message;
    notice.classList.add("ql-editor-notice-shown");
    clearTimeout(timer);
    timer = setTimeout(() => {
      notice.classList.remove("ql-editor-notice-shown");
      notice.textContent = "";
    }, SHOWN_MS);
  };
}
