/** While the inbox loads: its frame, and a polite word for screen readers. */
export default function NotificationsLoading() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <p role="status" className="text-sm text-muted">
        Loading notifications…
      </p>
    </div>
  );
}
