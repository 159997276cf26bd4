/** No dialog: the editor alone (every load of the document and of the full share page). */
export default function NoModal() {
  return null;
}
