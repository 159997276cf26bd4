/** The Quire wordmark. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight">
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className="text-accent">
        <rect x="3" y="2" width="15" height="20" rx="2.5" fill="currentColor" opacity="0.25" />
        <rect x="6" y="4" width="15" height="18" rx="2.5" fill="currentColor" />
        <path d="M9.5 9h8M9.5 12.5h8M9.5 16h5" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      Quire
    </span>
  );
}
