import type { CreateDocumentInput } from "@/shared/schemas/document";
import type { ServiceContext } from "@/server/context";
import { MAX_BODY_CHARS } from "@/shared/editor-rules";
import { documents } from "@/server/db/schema";
import { segmentedTitle } from "@/server/db/word-breaks";
import { newDocumentId } from "@/server/services/documents/internal/new-document-id";
import { bodyWork } from "@/server/workers/body-work";
import { tableLimitProblem } from "@/server/body/table-limits";
import { AppError, authorize, validationError } from "@/server/errors";
import { isUnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { DocumentSummary } from "@/server/services/documents/internal/document-columns";
import { summaryColumns } from "@/server/services/documents/internal/document-columns";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { assertDepth, endPosition, parentDepth, withTreeLock } from "@/server/services/documents/internal/document-tree";

/** What a new document may start with besides its title (import, the API): a delta, or Markdown. */
export interface CreateDocumentOptions {
  /** Any Quill delta: sanitised by the editor's rules before it becomes the Yjs state. */
  body?: unknown;
  /** Markdown, converted as an imported file is (CommonMark and GitHub's tables), when there is no `body`. */
  markdown?: string;
}

/**
 * Creates a document as the last child of `parentId` (or last at top level), empty or with
 * `options.body` or `options.markdown`; editors and up.
 * @throws AppError not_found (workspace, or a parent that is unknown, trashed or elsewhere) | forbidden | conflict (too deep) | too_large (body, or a table past its limits, or Markdown past the conversion's: docs/product.md "Limits") | validation_failed (Markdown that can't be read, on field `markdown`)
 */
export async function createDocument(ctx: ServiceContext, input: CreateDocumentInput, options: CreateDocumentOptions = {}): Promise<DocumentSummary> {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).edit, "Viewers and commenters can't create documents.");
  const parentId = input.parentId ?? null;
  // Converted only once the caller may create here: a conversion is the costliest work a request can ask for.
  const delta = options.body === undefined && options.markdown !== undefined ? await markdownBody(options.markdown) : options.body;
  const body = delta === undefined ? null : await bodyWork().build(delta);
  if (body && body.text.length > MAX_BODY_CHARS) {
    throw new AppError("too_large", `A document holds at most ${MAX_BODY_CHARS.toLocaleString("en")} characters; this one has ${body.text.length.toLocaleString("en")}.`);
  }
  const tableProblem = body ? tableLimitProblem(body.content) : null;
  if (tableProblem) throw new AppError("too_large", tableProblem);
  return withTreeLock(ctx.db, workspace.id, async (tx) => {
    assertDepth((await parentDepth(tx, workspace.id, parentId)) + 1);
    const [row] = await tx
      .insert(documents)
      .values({
        id: newDocumentId(),
        workspaceId: workspace.id,
        parentId,
        position: await endPosition(tx, workspace.id, parentId),
        title: input.title ?? "",
        segmentedTitle: segmentedTitle(input.title ?? ""),
        ...(body && { ydoc: body.ydoc, content: body.content, text: body.text, html: body.html, segmentedText: body.segmentedText }),
        createdBy: ctx.actor.id,
        updatedBy: ctx.actor.id,
      })
      .returning(summaryColumns);
    if (!row) throw new Error("insert returned no row");
    await enqueueWebhookEvent(
      { db: tx },
      { workspaceId: workspace.id, type: "document.created", subjectId: row.id, data: { documentId: row.id, title: row.title, parentId: row.parentId, actorId: ctx.actor.id } },
    );
    return row;
  });
}

/**
 * The delta of Markdown sent to create a document, converted on the body workers as an import
 * is. A refusal of the converter answers as docs/api.md says: a file past a limit (a table, the
 * conversion's nesting, blocks or time) 413, one it can't read 422 on `markdown`.
 */
async function markdownBody(markdown: string): Promise<BodyDelta> {
  try {
    return await bodyWork().convert({ kind: "markdown", bytes: new TextEncoder().encode(markdown) });
  } catch (error) {
    if (!isUnreadableFileError(error)) throw error;
    if (error.overLimit) throw new AppError("too_large", error.message);
    throw validationError({ markdown: error.message }, "The Markdown could not be converted.");
  }
}
