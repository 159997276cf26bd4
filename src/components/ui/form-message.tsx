/** A message about the whole form: an error (alert) or a confirmation (status). */
export function FormMessage({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="text-sm text-success">
        {success}
      </p>
    );
  }
  return null;
}
