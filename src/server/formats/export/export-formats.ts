import type { ExportFormat } from "@/shared/schemas/export";
import { EXPORT_FORMATS } from "@/shared/schemas/export";

export { EXPORT_FORMATS, type ExportFormat };

/** The Content-Type of each format's download (the extension is the format's name). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};
