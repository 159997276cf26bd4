import { marked } from "marked";
for (const md of ["[\\[foo\\]\\(uri2)](uri3)", "[a\\]b](u)", "[a\\]\\(b](u)", "[\\[x\\]](u)"]) {
  console.log(JSON.stringify(md), JSON.stringify(marked.parse(md)));
}
