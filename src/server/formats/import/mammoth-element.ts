/** What the .docx import reads of mammoth's document model (mammoth/lib/documents.js). */
export interface MammothElement {
  type: string;
  styleName?: string | null;
  value?: string;
  children?: MammothElement[];
  [key: string]: unknown;
}
