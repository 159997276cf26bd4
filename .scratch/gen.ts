import fs from "node:fs";
import { toMarkdown, titleHeading } from "@/server/formats/export/to-markdown";
const d = JSON.parse(fs.readFileSync("test/fixtures/export/export-sample.delta.json", "utf8"));
const ops = d.ops.map((op: { insert: unknown }) => typeof op.insert === "object" && op.insert && "image" in op.insert && String((op.insert as {image:string}).image).startsWith("/api/") ? { ...op, insert: { image: "http://quire.test" + (op.insert as {image:string}).image } } : op);
process.stdout.write(`${titleHeading("Release notes")}\n\n${toMarkdown({ ops })}`);
