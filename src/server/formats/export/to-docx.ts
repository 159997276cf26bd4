import type { ICharacterStyleOptions, ILevelsOptions, IParagraphOptions, IParagraphStyleOptions } from "docx";
import { AlignmentType, BorderStyle, CheckBox, Document, HeadingLevel, LevelFormat, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { checkListStyle, codeStyle, DOCX_STYLES } from "@/server/formats/docx-styles";
import type { DocumentLine } from "./document-lines";
import { documentLines } from "./document-lines";
import { FORMULA_FONT, LINK_COLOR, MONOSPACE_FONT } from "@/server/formats/docx-formats";
import { CODE_SHADING, INLINE_CODE_SHADING, docxRuns, isRemoteImage } from "./docx-runs";
import type { ImageMap } from "./export-images";
import { isTableCell, tableRows } from "./markdown-table";
import { TABLE_HEADER_FORMAT } from "@/shared/table-rules";

export interface DocxInput {
  /** The display title ("Untitled" for an empty one); the document's first paragraph. */
  title: string;
  /** The stored, sanitised body delta. */
  delta: BodyDelta;
  /** The images to embed, by source as stored (see resolveImages). */
  images: ImageMap;
}

const INDENT_STEP = 720; // twips: half an inch per Quill indent level (the editor uses 3em)
const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const ALIGNMENTS = { center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;
const ORDERED = "quire-ordered";
// As the editor numbers nested levels (quill.core.css): 1. then a. then i., repeating.
const ORDERED_FORMATS = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN] as const;
const BULLET = "quire-bullet";

/**
 * A Word document of a document body, built from its delta (a flat list of lines whose block
 * formats are explicit, unlike the editor's HTML where lists are one flat `<ol>` nested by
 * class): headings, paragraphs with inline formats, numbered, bulleted and check lists nested
 * by Quill's indent (a check box is a Word checkbox), quotes, code blocks in a monospace font,
 * images, formulas as TeX text, alignment, tables as Word tables (a header row repeats on each
 * page). Code blocks, quotes, check-list items, inline code and formulas also carry a named style
 * (docx-styles.ts) that looks as their formatting does, by which the import knows them again.
 * Pure given its input.
 */
export async function toDocx(input: DocxInput): Promise<Uint8Array> {
  const paragraphs: (Paragraph | Table)[] = [new Paragraph({ text: input.title, heading: HeadingLevel.TITLE })];
  let listInstance = 0;
  let wasList = false;
  const lines = documentLines(input.delta);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (!line) continue;
    if (isTableCell(line)) {
      let end = index;
      while (isTableCell(lines[end + 1])) end += 1;
      paragraphs.push(docxTable(lines.slice(index, end + 1), input.images));
      // Word merges two tables with nothing between them; an empty paragraph keeps them apart. Its
      // style tells the import it is no empty line of the document.
      paragraphs.push(new Paragraph({ style: DOCX_STYLES.tableEnd.id }));
      index = end;
      wasList = false;
      continue;
    }
    const isList = typeof line.attributes.list === "string";
    // Quill numbers a run of consecutive list lines as one list; anything else ends it.
    if (isList && !wasList) listInstance += 1;
    wasList = isList;
    paragraphs.push(new Paragraph({ ...blockFormat(line, listInstance), children: lineChildren(line, input.images) }));
  }
  const document = new Document({
    creator: "Quire",
    title: input.title,
    styles: { default: { document: { run: { size: 22 } } }, ...namedStyles(lines, input.images) },
    numbering: {
      config: [
        { reference: ORDERED, levels: levels((level) => ({ format: ORDERED_FORMATS[level % 3], text: `%${level + 1}.` })) },
        { reference: BULLET, levels: levels((level) => ({ format: LevelFormat.BULLET, text: ["•", "◦", "▪"][level % 3] ?? "•" })) },
      ],
    },
    sections: [{ children: paragraphs }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

// One Word table per run of cell lines; rows padded to the widest, as the editor balances them.
function docxTable(cells: readonly DocumentLine[], images: ImageMap): Table {
  const rows = tableRows(cells);
  const width = Math.max(1, ...rows.map((row) => row.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map((row) => {
      const isHeader = row.every((cell) => cell.attributes[TABLE_HEADER_FORMAT] === true);
      return new TableRow({
        ...(isHeader && { tableHeader: true }),
        children: Array.from({ length: width }, (_, column) => {
          const cell = row[column];
          const children = cell ? docxRuns(cell.runs, images) : [];
          return new TableCell({
            width: { size: Math.floor(100 / width), type: WidthType.PERCENTAGE },
            shading: isHeader ? { type: ShadingType.CLEAR, fill: "F2F4F7" } : undefined,
            children: [new Paragraph({ children })],
          });
        }),
      });
    }),
  });
}

function lineChildren(line: DocumentLine, images: ImageMap) {
  if (line.attributes["code-block"] !== undefined) {
    // Code keeps no inline formats in Quill; one monospace run keeps its spaces as typed.
    const text = line.runs.map((run) => (typeof run.insert === "string" ? run.insert : "")).join("");
    return [new TextRun({ text, font: MONOSPACE_FONT, size: CODE_SIZE })];
  }
  const children = docxRuns(line.runs, images);
  const list = line.attributes.list;
  // Word has no check-list numbering; the box is a checkbox content control showing ☑ or ☐, as
  // the editor draws them, which Word ticks on a click.
  if (list === "checked" || list === "unchecked") children.unshift(new CheckBox({ checked: list === "checked", ...CHECK_BOX }), new TextRun(" "));
  return children;
}

function blockFormat(line: DocumentLine, listInstance: number): Omit<IParagraphOptions, "children"> {
  const { attributes } = line;
  const level = typeof attributes.indent === "number" ? attributes.indent : 0;
  const alignment = typeof attributes.align === "string" ? ALIGNMENTS[attributes.align as keyof typeof ALIGNMENTS] : undefined;
  const heading = typeof attributes.header === "number" ? HEADINGS[attributes.header as keyof typeof HEADINGS] : undefined;
  const base: Omit<IParagraphOptions, "children"> = { alignment, heading };
  if (attributes["code-block"] !== undefined) {
    return { ...base, style: codeStyle(attributes["code-block"]).id, ...CODE_PARAGRAPH };
  }
  const list = attributes.list;
  if (list === "ordered" || list === "bullet") {
    return { ...base, numbering: { reference: list === "ordered" ? ORDERED : BULLET, level, instance: listInstance } };
  }
  const isCheck = list === "checked" || list === "unchecked";
  const indent = isCheck ? level + 1 : level;
  if (attributes.blockquote === true) {
    return { ...base, style: DOCX_STYLES.quote.id, indent: { left: INDENT_STEP * (indent + 1) }, border: QUOTE_BORDER };
  }
  const style = isCheck ? checkListStyle(level).id : undefined;
  return indent > 0 ? { ...base, style, indent: { left: INDENT_STEP * indent } } : { ...base, style };
}

const CODE_SIZE = 20; // half-points: 10 pt, a point under the body text
const CODE_PARAGRAPH = { spacing: { before: 0, after: 0 }, shading: CODE_SHADING, keepLines: true } as const;
const QUOTE_BORDER = { left: { style: BorderStyle.SINGLE, size: 18, color: "C8CCD0", space: 8 } } as const;
const CHECK_BOX = { checkedState: { value: "2611", font: "Segoe UI Symbol" }, uncheckedState: { value: "2610", font: "Segoe UI Symbol" } } as const;

/**
 * The named styles the document uses (docx-styles.ts), each with the look the paragraphs and runs
 * using it are also given directly: the document reads the same where styles are ignored, and a
 * line a Word user adds in the style looks like its neighbours.
 */
function namedStyles(lines: readonly DocumentLine[], images: ImageMap): { paragraphStyles: IParagraphStyleOptions[]; characterStyles: ICharacterStyleOptions[] } {
  const paragraphStyles = new Map<string, IParagraphStyleOptions>();
  const characterStyles = new Map<string, ICharacterStyleOptions>();
  const code = DOCX_STYLES.code;
  for (const line of lines) {
    const { attributes } = line;
    if (attributes.table !== undefined) {
      const tableEnd = DOCX_STYLES.tableEnd;
      paragraphStyles.set(tableEnd.id, { ...tableEnd, basedOn: "Normal", next: "Normal", paragraph: { spacing: { before: 0, after: 0 } } });
    }
    if (attributes["code-block"] !== undefined) {
      paragraphStyles.set(code.id, { ...code, basedOn: "Normal", next: code.id, quickFormat: true, paragraph: CODE_PARAGRAPH, run: { font: MONOSPACE_FONT, size: CODE_SIZE } });
      const language = codeStyle(attributes["code-block"]);
      if (language.id !== code.id) paragraphStyles.set(language.id, { ...language, basedOn: code.id, next: language.id });
    } else if (attributes.blockquote === true) {
      const quote = DOCX_STYLES.quote;
      paragraphStyles.set(quote.id, { ...quote, basedOn: "Normal", next: quote.id, quickFormat: true, paragraph: { indent: { left: INDENT_STEP }, border: QUOTE_BORDER } });
    } else if (attributes.list === "checked" || attributes.list === "unchecked") {
      const level = typeof attributes.indent === "number" ? attributes.indent : 0;
      const check = checkListStyle(level);
      paragraphStyles.set(check.id, { ...check, basedOn: "Normal", next: check.id, paragraph: { indent: { left: INDENT_STEP * (level + 1) } } });
    }
    for (const run of line.runs) {
      if (attributes["code-block"] !== undefined) break;
      if (typeof run.insert === "string" && run.attributes.code === true) {
        const inline = DOCX_STYLES.inlineCode;
        characterStyles.set(inline.id, { ...inline, basedOn: "DefaultParagraphFont", quickFormat: true, run: { font: MONOSPACE_FONT, shading: INLINE_CODE_SHADING } });
      } else if (typeof run.insert === "object" && typeof run.insert.formula === "string") {
        const formula = DOCX_STYLES.formula;
        characterStyles.set(formula.id, { ...formula, basedOn: "DefaultParagraphFont", run: { font: FORMULA_FONT, italics: true } });
      } else if (typeof run.insert === "object" && typeof run.insert.image === "string" && isRemoteImage(run.insert.image, images)) {
        const remote = DOCX_STYLES.remoteImage;
        characterStyles.set(remote.id, { ...remote, basedOn: "DefaultParagraphFont", run: { color: LINK_COLOR, underline: {} } });
      }
    }
  }
  return { paragraphStyles: [...paragraphStyles.values()], characterStyles: [...characterStyles.values()] };
}

function levels(format: (level: number) => Pick<ILevelsOptions, "format" | "text">): ILevelsOptions[] {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    ...format(level),
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: INDENT_STEP * (level + 1), hanging: 360 } } },
  }));
}
