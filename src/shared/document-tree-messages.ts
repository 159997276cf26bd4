import { MAX_TREE_DEPTH } from "./editor-rules";

/** Why a move is refused; the sidebar says it at once, the server says it again if it must. */
export const MOVE_INTO_ITSELF = "You can't move a document into itself or one of its sub-documents.";
export const STALE_POSITION = "The document tree changed in the meantime. Reload and try again.";
export const TOO_DEEP = `Documents can be nested at most ${MAX_TREE_DEPTH} levels deep.`;
