"use client";

export interface Upload {
  key: string;
  name: string;
  /** 0–1 */
  progress: number;
  error?: string;
}

/** Images on their way to the server, and the ones that failed with why. */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Image uploads">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          className={`flex items-center gap-3 rounded-md border px-3 py-2 text-sm ${upload.error ? "border-danger/40 bg-danger-soft" : "border-border bg-surface"}`}
        >
          <span className="min-w-0 flex-1 truncate">
            {upload.error ? (
              <span role="alert" className="text-danger">
                Couldn&apos;t upload {upload.name}: {upload.error}
              </span>
            ) : (
              <>Uploading {upload.name}…</>
            )}
          </span>
          {upload.error ? (
            <button type="button" onClick={() => onDismiss(upload.key)} className="rounded px-2 py-1 font-medium text-accent hover:underline">
              Dismiss
            </button>
          ) : (
            <progress className="w-28" max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
          )}
        </li>
      ))}
    </ul>
  );
}
