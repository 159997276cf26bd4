import { createDocument } from "zod-openapi";
import { auditPaths } from "./audit";
import type { OpenApiPaths } from "./common";
import { documentsPaths } from "./documents";
import { filesPaths } from "./files";
import { importPaths } from "./imports";
import { metaPaths } from "./meta";
import { revisionsPaths } from "./revisions";
import { commentsPaths } from "./comments";
import { notificationsPaths } from "./notifications";
import { searchPaths } from "./search";
import { templatesPaths } from "./templates";
import { webhooksPaths } from "./webhooks";
import { workspacesPaths } from "./workspaces";

/** Every resource's paths: a new resource is one module and one line here. */
const RESOURCES: OpenApiPaths[] = [documentsPaths, revisionsPaths, commentsPaths, searchPaths, filesPaths, importPaths, workspacesPaths, auditPaths, webhooksPaths, templatesPaths, notificationsPaths, metaPaths];

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the zod schemas the routes validate
 * with (components from their `.meta({ id })`), so it can't drift from what the server accepts.
 */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Quire API",
      version: "1.0.0",
      description:
        "The JSON API for integrations. Authenticate with `Authorization: Bearer <API token>` (Settings → API tokens) or the app's session cookie. Lists page with `cursor` and `limit` and answer `{data, nextCursor}`. Errors answer `{error: {code, message, fields?}}`.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "An API token (`quire_…`): acts as its user in one workspace, limited to its scope (`read` or `write`)." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "The app's session (calls that change data must come from the site itself)." },
      },
    },
    tags: [{ name: "Documents" }, { name: "Revisions" }, { name: "Comments" }, { name: "Search" }, { name: "Files" }, { name: "Import" }, { name: "Workspaces" }, { name: "Audit log" }, { name: "Webhooks" }, { name: "Templates" }, { name: "Notifications" }, { name: "Meta" }],
    paths: Object.assign({}, ...RESOURCES),
  });
}
