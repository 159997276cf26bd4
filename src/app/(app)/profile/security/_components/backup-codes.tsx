/** Backup codes shown once: each works once in place of an app code. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        <strong>Save these backup codes now.</strong> Each one signs you in once if you lose your phone. They are shown only this once.
      </p>
      <ul aria-label="Backup codes" data-testid="backup-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-border bg-surface p-3 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
