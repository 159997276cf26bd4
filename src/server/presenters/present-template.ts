import type { TemplateBodyDto, TemplateDto } from "@/shared/schemas/template";
import type { FilledDelta } from "@/shared/template-placeholders";

/** A template row as the services read it, with the abilities they decided. */
export interface TemplateRowWithAbilities {
  id: string;
  name: string;
  description: string;
  builtInKey: string | null;
  createdBy: string | null;
  authorName: string | null;
  createdAt: Date;
  updatedAt: Date;
  abilities: { edit: boolean; delete: boolean };
}

export function presentTemplate(row: TemplateRowWithAbilities): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    builtIn: row.builtInKey !== null,
    author: row.createdBy && row.authorName !== null ? { name: row.authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { edit: row.abilities.edit, delete: row.abilities.delete },
  };
}

/** A template as the template editor opens it: its body and that body's version, to save over. */
export function presentTemplateBody(row: { name: string; body: { ops: Array<Record<string, unknown>> }; bodyVersion: string }): TemplateBodyDto {
  // Stored bodies went through templateBody (sanitizeDelta): inserts of text or embeds only.
  return { name: row.name, body: row.body as FilledDelta, version: row.bodyVersion };
}
