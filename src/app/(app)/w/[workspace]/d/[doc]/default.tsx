/**
 * The children slot while `@modal/(.)share` is intercepted. The client never shows it: during a
 * soft navigation it keeps the editor already in the slot (a default segment is reused), and
 * no hard navigation matches only the modal slot. Null rather than notFound(), so the server's
 * render of the intercepted route carries no error for a segment the client drops.
 */
export default function DocumentDefault() {
  return null;
}
