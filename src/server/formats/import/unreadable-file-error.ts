/** Why a file could not be converted; its message is the import summary's reason, a sentence. */
export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";
}

/**
 * Whether `error` is an UnreadableFileError. Not `instanceof`: the body worker threads are
 * created by server.ts's copy of this module, and Next's route bundles load their own copy,
 * whose class is a different one.
 */
export function isUnreadableFileError(error: unknown): error is UnreadableFileError {
  return error instanceof Error && error.name === "UnreadableFileError";
}
