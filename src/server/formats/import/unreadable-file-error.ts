/** Why a file could not be converted; its message is the import summary's reason, a sentence. */
export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";
  /**
   * The file is past a limit (a table's size, the conversion's nesting, blocks or memory: docs/product.md
   * "Limits") rather than unreadable: `POST /api/v1/documents` answers it 413, not 422.
   */
  readonly overLimit: boolean;

  constructor(message: string, options: { overLimit?: boolean } = {}) {
    super(message);
    this.overLimit = options.overLimit ?? false;
  }
}

/**
 * Whether `error` is an UnreadableFileError. Not `instanceof`: the body worker threads are
 * created by server.ts's copy of this module, and Next's route bundles load their own copy,
 * whose class is a different one.
 */
export function isUnreadableFileError(error: unknown): error is UnreadableFileError {
  return error instanceof Error && error.name === "UnreadableFileError";
}

/** An UnreadableFileError for a file past one of the conversion's limits (docs/product.md "Limits"). */
export function overLimitError(message: string): UnreadableFileError {
  return new UnreadableFileError(message, { overLimit: true });
}
