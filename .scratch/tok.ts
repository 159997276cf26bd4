import { marked } from "marked";
for (const md of ["```\nb\n```\n", "```\nb\n\n```\n", "```\nb\n\n\n```\n", "```\n\nb\n```\n", "```\n\n  \n```\n", "```\n\n  \n\n```\n", "```\n```\n", "```\n\n```\n", "```\n\n\n```\n", "```\nb\n\n```\nafter\n", "    a\n    \n    b\n", "    a\n\n    b\n\nafter\n"]) {
  const t = marked.lexer(md).filter((x) => x.type === "code");
  console.log(JSON.stringify(md).padEnd(34), JSON.stringify(t.map((x) => x.text)));
}
