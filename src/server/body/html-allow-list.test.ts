import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { enforceHtmlAllowList } from "./html-allow-list";

function clean(html: string): { html: string; removed: number } {
  const template = new JSDOM("<!doctype html>").window.document.createElement("template");
  template.innerHTML = html;
  const removed = enforceHtmlAllowList(template.content);
  return { html: template.innerHTML, removed };
}

describe("enforceHtmlAllowList", () => {
  it.each([
    ["a script", "<p>a<script>alert(1)</script></p>", "<p>a</p>"],
    ["an iframe", '<iframe src="https://x"></iframe><p>b</p>', "<p>b</p>"],
    ["a handler", '<img src="https://x/a.png" onerror="alert(1)">', '<img src="https://x/a.png">'],
    ["a javascript: link", '<a href=" javascript:alert(1)">x</a>', '<a href="about:blank">x</a>'],
    ["a data:text link", '<a href="data:text/html,x">x</a>', '<a href="about:blank">x</a>'],
    ["an svg data: image", '<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img src="">'],
    ["a style with url()", '<span style="background: url(javascript:alert(1))">x</span>', "<span>x</span>"],
    ["a comment", "<p>a<!-- x --></p>", "<p>a</p>"],
    ["an unknown attribute", '<p id="x" data-x="y" formaction="javascript:alert(1)">a</p>', "<p>a</p>"],
    ["a MathML href", '<math><mi href="javascript:alert(1)">x</mi></math>', "<math><mi>x</mi></math>"],
    ["annotation-xml", '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>', "<math></math>"],
    ["an svg script link", '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', "<svg></svg>"],
    ["a hostile row id", '<table><tbody><tr><td data-row="x&quot; onmouseover=&quot;alert(1)">a</td></tr></tbody></table>', "<table><tbody><tr><td>a</td></tr></tbody></table>"],
    ["a header mark other than true", '<table><tbody><tr><td data-table-header="1" colspan="9">a</td></tr></tbody></table>', "<table><tbody><tr><td>a</td></tr></tbody></table>"],
    ["a th, thead, caption or col", "<table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</th></tr></thead><tbody><tr><td>a</td></tr></tbody></table>", "<table><tbody><tr><td>a</td></tr></tbody></table>"],
    ["a script in a cell", '<table><tbody><tr><td data-row="row-ab">a<script>alert(1)</script><img src=x onerror=alert(1)></td></tr></tbody></table>', '<table><tbody><tr><td data-row="row-ab">a<img src="x"></td></tr></tbody></table>'],
  ])("removes %s", (_name, input, expected) => {
    const result = clean(input);
    expect(result.html).toBe(expected);
    expect(result.removed).toBeGreaterThan(0);
  });

  it("keeps the editor's own markup untouched", () => {
    const markup =
      '<p class="ql-align-center"><a href="https://x.test/" rel="noopener noreferrer" target="_blank">a</a>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" width="120" alt="x"><span style="color: rgb(230, 0, 0);">b</span></p>' +
      '<ol><li data-list="checked"><span class="ql-ui" contenteditable="false"></span>c</li></ol>' +
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">d</div></div>' +
      '<table><tbody><tr><td data-row="row-ab12" data-table-header="true">h</td><td data-row="row-ab12" data-table-header="true"><strong>i</strong></td></tr>' +
      '<tr><td data-row="2"><code>e</code></td><td data-row="2"><br></td></tr></tbody></table>';
    expect(clean(markup)).toEqual({ html: markup, removed: 0 });
  });
});
