/**
 * A page's frame while its server render is on the way (a route's loading.tsx): the heading it
 * will have, where known, a polite word for screen readers and everyone else, and grey bars where
 * the rows will be, so a slow navigation answers the click at once. Same width and padding as
 * the pages it stands for (max-w-3xl, px-4 sm:px-8).
 */
export function PageLoading({ title, status, rows = 4, paddingY = "py-8" }: { title: string | null; status: string; rows?: number; paddingY?: "py-6" | "py-8" }) {
  return (
    <div className={`mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 ${paddingY} sm:px-8`} data-testid="page-loading">
      {title ? <h1 className="text-2xl font-semibold">{title}</h1> : <div aria-hidden="true" className="h-8 w-2/3 max-w-sm animate-pulse rounded-md bg-surface motion-reduce:animate-none" />}
      <p role="status" className="text-sm text-muted">
        {status}
      </p>
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="h-12 animate-pulse rounded-md border border-border bg-surface motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}
