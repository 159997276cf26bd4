import type { Locator, Page } from "playwright-core";

/** The document page's comments: the header button, the panel, the highlights over the text. */
export class CommentsPanelPage {
  constructor(readonly page: Page) {}

  button(): Locator {
    return this.page.getByTestId("comments-button");
  }

  panel(): Locator {
    return this.page.getByTestId("comments-panel");
  }

  async open(): Promise<void> {
    if ((await this.panel().count()) === 0) await this.button().click();
    await this.panel().waitFor();
  }

  thread(text: string): Locator {
    return this.page.getByTestId("comment-thread").filter({ hasText: text });
  }

  /** The replies and edits kept after their thread or comment was deleted, each with Copy and Discard. */
  keptDrafts(): Locator {
    return this.page.getByTestId("kept-comment-draft");
  }

  /** Deletes the comment that reads `text` through its Delete button and the confirmation. */
  async deleteComment(text: string): Promise<void> {
    const comment = this.page.getByTestId("comment").filter({ hasText: text });
    await comment.getByRole("button", { name: /^Delete / }).click();
    await this.page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  }

  highlights(): Locator {
    return this.page.locator(".comment-highlight");
  }

  /** Selects `words` in the live body as a person would (the first place they occur). */
  async select(words: string): Promise<void> {
    await this.page.locator(".document-editor [data-testid=editor-mount] .ql-editor").evaluate((root, wanted) => {
      if (root.getAttribute("contenteditable") === "true") (root as HTMLElement).focus();
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? "").indexOf(wanted);
        if (at >= 0) return document.getSelection()?.setBaseAndExtent(node, at, node, at + wanted.length);
      }
      throw new Error(`"${wanted}" is not in the body`);
    }, words);
  }
  /**
   * Selects `words` and waits until the comment controller has the selection (its "Comment"
   * button shows by it): it is loaded after the editor, so a Ctrl/⌘+Alt+M pressed before it
   * came went unheard on a busy machine.
   */
  async selectToComment(words: string): Promise<void> {
    await this.select(words);
    await this.page.locator(".comment-selection-button").waitFor();
  }


  /** Whether the highlights cover exactly the box of `words` in the body (within 2 px). */
  async highlightCovers(words: string): Promise<boolean> {
    return this.page.locator(".document-editor [data-testid=editor-mount] .ql-editor").evaluate((root, wanted) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let target: DOMRect | null = null;
      for (let node = walker.nextNode(); node && !target; node = walker.nextNode()) {
        const at = (node.textContent ?? "").indexOf(wanted);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        target = range.getBoundingClientRect();
      }
      const boxes = Array.from(document.querySelectorAll(".comment-highlight")).map((box) => box.getBoundingClientRect());
      if (!target || boxes.length === 0) return false;
      const near = (a: number, b: number) => Math.abs(a - b) <= 2;
      const left = Math.min(...boxes.map((b) => b.left));
      const right = Math.max(...boxes.map((b) => b.right));
      const top = Math.min(...boxes.map((b) => b.top));
      return near(left, target.left) && near(right, target.right) && near(top, target.top);
    }, words);
  }
}
