import { jsonError } from "@/server/http/route";

// Unknown /api paths answer in the JSON error shape rather than with the HTML 404 page.
async function notFound(): Promise<Response> {
  return jsonError("not_found", "There is no API endpoint at this address.");
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
