/** A QR code drawn from its modules (presentTwoFactorEnrolment): dark on white in either theme, so every camera reads it. */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={size * 5} height={size * 5} className="max-w-full rounded-md border border-border" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
