import { marked } from "marked";
for (const md of ["**<sub>)*1&*</sub>)aw**", "**<sub>)*1&amp;*</sub>)aw**", "**<sub>)*1.*</sub>)aw**", "**)*1.*)aw**", "**(*1.*)aw**","**<sub>*1.*</sub>aw**", "**<sub>x*1.*</sub>aw**", "**<b>*1.*</b>aw**", "**<b>*1*</b>aw**"]) {
  console.log(JSON.stringify(md).padEnd(40), JSON.stringify(marked.parse(md)));
}
