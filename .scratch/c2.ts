import { HtmlRenderer, Parser } from "commonmark";
import { htmlToDelta } from "@/server/formats/import/html-to-delta";
const r = new Parser(), w = new HtmlRenderer();
for (const md of ["1. a **b**\n   1. c\n", "1. a\n   1. c\n", "- 1. x *c*\n     - w\n", "1. x<u>y</u>\n   1. z\n"]) {
  const html = w.render(r.parse(md));
  console.log(JSON.stringify(html), JSON.stringify((await htmlToDelta(html)).ops));
}
process.exit(0);
