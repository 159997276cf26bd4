import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { toMarkdown } from "@/server/formats/export/to-markdown";
const d = { ops: [{ insert: { image: "diagrams/flow.png" }, attributes: { width: "120", alt: "Flow" } }, { insert: "\nC#" }, { insert: "\n", attributes: { header: 2 } }] };
const md = toMarkdown(d as never); console.log(JSON.stringify(md), JSON.stringify((await markdownToDelta(md)).ops));
process.exit(0);
