import type { HocuspocusProvider } from "@hocuspocus/provider";
import { reachServer } from "@/lib/reach-server";
import { forgetTitleDraft, readTitleDraft } from "@/lib/title-draft";
import { renameDocumentAction } from "@/server/actions/document-actions";
import { ACCESS_LOST_TEXT, ACCESS_MESSAGE, isReasonOf } from "@/shared/protocol/close-codes";
import type { UnsentDocument } from "./unsent-changes";
import { unsentDocuments } from "./unsent-changes";

/** How long one document's changes may take to reach the server before sign-out gives up on them. */
const SAVE_TIMEOUT_MS = 8_000;

/** What became of one document's unsent changes. */
export type SaveOutcome = "saved" | "refused" | "unreachable";

/** A document whose changes on this device could not be saved, and why. */
export interface NotSaved extends UnsentDocument {
  outcome: Exclude<SaveOutcome, "saved">;
}

/**
 * Before signing out: sends the server what this device holds that it lacks, for `userId`. Open
 * editors finish sending; each marked device copy is opened and synced like an editor would
 * (editor/connection/unsent-changes.ts). Typing kept from before an editor was live can only be
 * replayed by its editor, so it counts as not saved. A title not yet saved is saved if the document
 * still has the title it was typed over; renamed meanwhile, it counts as not saved (its page then
 * shows both titles).
 * @returns the documents whose changes are still only on this device
 */
export async function saveUnsentChanges(userId: string): Promise<NotSaved[]> {
  const outcomes = await Promise.all(
    unsentDocuments(userId).map(async (document) => ({ ...document, outcome: await saveDocument(document, userId) })),
  );
  return outcomes.filter((document): document is NotSaved => document.outcome !== "saved");
}

async function saveDocument(document: UnsentDocument, userId: string): Promise<SaveOutcome> {
  const outcomes = await Promise.all([
    document.hasUnsentBody ? saveBody(document, userId) : ("saved" as const),
    document.hasTitleDraft ? saveTitle(document.documentId, userId) : ("saved" as const),
  ]);
  return outcomes.find((outcome) => outcome === "unreachable") ?? outcomes.find((outcome) => outcome === "refused") ?? "saved";
}

async function saveTitle(documentId: string, userId: string): Promise<SaveOutcome> {
  const draft = readTitleDraft(userId, documentId);
  if (!draft) return "saved";
  const result = await reachServer(() => renameDocumentAction({ documentId, title: draft.title, ifTitleIs: draft.base }));
  if (!result.ok) return result.code === "unavailable" ? "unreachable" : "refused";
  if (result.data.title.trim() !== draft.title.trim()) return "refused";
  forgetTitleDraft(userId, documentId);
  return "saved";
}

async function saveBody(document: UnsentDocument, userId: string): Promise<SaveOutcome> {
  if (document.provider) return whenSaved(document.provider, Promise.resolve());
  // Only the document's editor can replay typing kept from before it was live: opening it does.
  if (document.hasEarlyTyping) return "refused";
  const { connectDocument } = await import("./connect-document");
  const connection = await connectDocument(document.documentId, userId, { keepDeviceCopy: true });
  try {
    return await whenSaved(connection.provider, connection.whenLoaded);
  } finally {
    connection.destroy();
  }
}

/**
 * Resolves once the server has confirmed every change of `provider`'s document ("saved"), as soon
 * as it refuses them (no access, or read only), or after SAVE_TIMEOUT_MS ("unreachable" when the
 * socket never connected, else "refused"). Not "saved" before `loaded`: a sync finished before the
 * device copy was in the document would say so too soon.
 */
function whenSaved(provider: HocuspocusProvider, loaded: Promise<unknown>): Promise<SaveOutcome> {
  return new Promise((resolve) => {
    let hasConnected = provider.configuration.websocketProvider.status === "connected";
    let isLoaded = false;
    const finish = (outcome: SaveOutcome) => {
      clearTimeout(timer);
      provider.off("unsyncedChanges", check);
      provider.off("synced", check);
      provider.off("status", onStatus);
      provider.off("stateless", onStateless);
      provider.off("authenticationFailed", refuse);
      provider.off("close", onClose);
      resolve(outcome);
    };
    const check = () => {
      if (isLoaded && provider.isSynced && !provider.hasUnsyncedChanges) finish("saved");
    };
    const onStatus = ({ status }: { status: string }) => {
      if (status === "connected") hasConnected = true;
    };
    const refuse = () => finish("refused");
    // Every connection is told whether the server takes its changes (close-codes.ts ACCESS_MESSAGE).
    const onStateless = ({ payload }: { payload: string }) => {
      if (isReadOnlyAccess(payload)) refuse();
    };
    const onClose = ({ event }: { event: { reason?: string } }) => {
      if (isReasonOf(ACCESS_LOST_TEXT, event.reason)) refuse();
    };
    const timer = setTimeout(() => finish(hasConnected ? "refused" : "unreachable"), SAVE_TIMEOUT_MS);
    provider.on("unsyncedChanges", check);
    provider.on("synced", check);
    provider.on("status", onStatus);
    provider.on("stateless", onStateless);
    provider.on("authenticationFailed", refuse);
    provider.on("close", onClose);
    void loaded.then(() => {
      isLoaded = true;
      check();
    });
  });
}

function isReadOnlyAccess(payload: string): boolean {
  try {
    const message = JSON.parse(payload) as { type?: unknown; canEdit?: unknown }; // our server's stateless JSON
    return message.type === ACCESS_MESSAGE && message.canEdit === false;
  } catch {
    return false; // not ours
  }
}
