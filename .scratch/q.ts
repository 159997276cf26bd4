import { getQuillHost } from "@/server/body/quill-host";
const host = await getQuillHost();
const root = host.render({ ops: [{ insert: "x", attributes: { link: "" } }, { insert: "\n" }] });
console.log(root.innerHTML);
process.exit(0);
