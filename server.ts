import http from "node:http";
import path from "node:path";
import next from "next";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { createCollabServer } from "@/server/collab/create-collab-server";
import { createCollabUpgrade, stopCollab } from "@/server/collab/collab-upgrade";
import { closeDatabase, getDatabase, getDb } from "@/server/db/database";
import { registerBodyWork } from "@/server/workers/body-work";
import { BodyWorkers } from "@/server/workers/body-workers";
import { closePdfPrinter } from "@/server/formats/export/pdf-printer";
import { DataDirLockedError } from "@/server/db/data-dir-lock";
import { migrateInChildProcess, MigrationProcessError } from "@/server/db/migrate-apart";
import { getEnv } from "@/server/env";
import { loadDotEnv } from "@/server/load-dot-env";
import { stampClientIp, trustedProxyHops } from "@/server/auth/client-ip";
import { readActionPost } from "@/server/http/form-post";
import { guardRequest, hasReadableUpgradeTarget, listPublicFiles, requestPath, sendRefusal } from "@/server/http/request-guard";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { isForwardedHttps, secureEveryCookie } from "@/server/http/secure-cookies";
import { purgeExpiredTrash } from "@/server/services/documents/internal/purge-expired-trash";
import { purgeExpiredAuditEvents } from "@/server/services/audit/internal/purge-expired-audit-events";
import { DeliveryWorker } from "@/server/services/webhooks/internal/delivery-worker";
import { NotificationEmailWorker } from "@/server/services/notifications/internal/email-worker";
import { SearchSegmentJob } from "@/server/services/search/internal/segment-queued-documents";
import { removeStaleStagingWorkspaces } from "@/server/services/workspaces/internal/import-staging";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { startNotificationRelay } from "@/server/services/notifications/internal/notification-relay";
import { getMailer } from "@/server/mail/mailer";
import { isSameOriginUpgrade } from "@/server/http/same-origin";
import { baseSecurityHeaders } from "@/server/http/security-headers";
import { guardOptimizedImage, isOptimizedImageRequest } from "@/server/http/optimized-image-guard";
import { registerSsoSignIn } from "@/server/auth/sso-sign-in-port";
import { completeSsoSignIn } from "@/server/services/sso/complete-sso-sign-in";
import { collectStartUpGarbage } from "@/server/memory/collect-start-up-garbage";
import { applyBuiltNextConfig } from "@/server/memory/built-next-config";

/** How long an idle HTTP keep-alive connection stays open (see where it is set). */
const KEEP_ALIVE_MS = 65_000;

// One process, one port: Next's pages and API, and the Yjs socket at /collab.
process.env.NEXT_TELEMETRY_DISABLED = "1";

async function main(): Promise<void> {
  const dotEnv = loadDotEnv(process.cwd());
  if (dotEnv) console.log(`[env] read ${path.basename(dotEnv)} (variables already set win)`);
  const env = getEnv();
  const isDev = env.NODE_ENV !== "production";

  // The database opens first so a locked or unreachable one fails before anything listens. A first
  // start's initdb and any start's pending migrations run in a child process, which leaves none
  // of the memory they took behind in this one.
  await getDatabase(console.log, { migrateApart: migrateInChildProcess });

  // In production, the config the build resolved: Next would otherwise compile next.config.ts again.
  if (!isDev) applyBuiltNextConfig(process.cwd(), { preloadRoutes: env.PRELOAD_ROUTES === "true" });
  const app = next({ dev: isDev, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handleRequest = app.getRequestHandler();
  const handleNextUpgrade = app.getUpgradeHandler();
  const proxyHops = trustedProxyHops(env);
  const trustProxy = proxyHops > 0;

  // Rendering, converting and building document bodies run on worker threads, for the
  // collaboration server and for Next's routes alike (they find them through registerBodyWork).
  const bodyWorkers = new BodyWorkers(env.BODY_WORKERS, env.BODY_WORKER_IDLE_SECONDS * 1000, env.BODY_WORKER_MAX_HEAP_MB);
  registerBodyWork(bodyWorkers);
  // A first sign-in through a workspace's provider joins it (better-auth runs the sign-in, below services).
  registerSsoSignIn(async (signIn) => completeSsoSignIn({ db: await getDb() }, signIn));
  const resolveSocketCaller = (headers: Headers) => resolveCaller(headers, { acceptTokens: true });
  const collab = createCollabServer({
    resolveCaller: resolveSocketCaller,
    getDb,
    redisUrl: env.REDIS_URL,
    maxUpdateItems: env.COLLAB_MAX_UPDATE_ITEMS,
    maxDocumentItems: env.COLLAB_MAX_DOCUMENT_ITEMS,
    maxDocumentBytes: env.COLLAB_MAX_DOCUMENT_BYTES,
  });
  // Bells listen on whichever instance serves their page; with Redis every instance hears every nudge.
  const stopNotificationRelay = env.REDIS_URL ? startNotificationRelay(env.REDIS_URL) : async () => {};
  const handleCollabUpgrade = createCollabUpgrade(collab, {
    resolveCaller: resolveSocketCaller,
    limits: { perSession: env.COLLAB_MAX_CONNECTIONS_PER_SESSION, perAddress: env.COLLAB_MAX_CONNECTIONS_PER_ADDRESS },
  });

  // On every response, before Next adds its own: static files, /_next/image and error pages
  // included. Here rather than next.config.ts headers(), which are fixed at build time, and
  // PUBLIC_URL (HSTS) is read when the server starts. src/proxy.ts replaces the CSP on pages.
  const securityHeaders = Object.entries(baseSecurityHeaders({ publicUrl: env.PUBLIC_URL }));
  const guardOptions = { publicFiles: listPublicFiles(path.join(process.cwd(), "public")), isDev, publicUrl: env.PUBLIC_URL };
  const server = http.createServer((request, response) => {
    stampClientIp(request, proxyHops);
    for (const [name, value] of securityHeaders) response.setHeader(name, value);
    if (isForwardedHttps(request.headers, trustProxy)) secureEveryCookie(response);
    // Malformed addresses, methods an address doesn't take, cross-site server actions and
    // unreadable action bodies are the client's fault: answered here (400, 403, 405, 413) rather
    // than as Next's plain 500 or a page.
    const verdict = guardRequest(request, guardOptions);
    if (verdict.kind === "refuse") return sendRefusal(response, verdict.refusal);
    if (verdict.kind === "action-post") {
      readActionPost(request).then(
        (checked) => ("refusal" in checked ? sendRefusal(response, checked.refusal) : void handleRequest(checked.request, response)),
        () => request.destroy(), // the client broke off mid-body: nobody is left to answer
      );
      return;
    }
    if (isOptimizedImageRequest(request.url)) {
      // Next's image optimiser answers from its own cache without asking the file route again:
      // whether the signed file URL it is given still answers (a public link revoked, a document
      // trashed) is checked here, on every request (docs/architecture.md "Signed file URLs").
      void guardOptimizedImage(request, response).then((pass) => {
        if (pass) void handleRequest(request, response);
      });
      return;
    }
    void handleRequest(request, response);
  });
  // An idle keep-alive connection stays open 65 s, not Node's 5 s: a client (a proxy's upstream
  // pool, a load balancer with the usual 60 s idle limit, a test's request context) that sends on
  // a connection just as the server closes it gets a reset instead of an answer. Seen in e2e runs
  // on a slow machine, where five seconds between two requests is common. Node needs the headers
  // limit above the keep-alive one.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  server.on("upgrade", (request, socket, head) => {
    const pathname = requestPath(request.url);
    stampClientIp(request, proxyHops);
    if (pathname === "/collab") {
      const refusal = !hasReadableUpgradeTarget(request) ? "400 Bad Request" : !isSameOriginUpgrade(request, env.PUBLIC_URL) ? "403 Forbidden" : null;
      if (refusal) {
        const lines = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join("");
        socket.end(`HTTP/1.1 ${refusal}\r\n${lines}Content-Length: 0\r\nConnection: close\r\n\r\n`);
        return;
      }
      handleCollabUpgrade(request, socket, head);
    } else if (isDev && pathname.startsWith("/_next/")) {
      void handleNextUpgrade(request, socket, head); // hot reloading
    } else {
      socket.destroy();
    }
  });

  await collectStartUpGarbage();
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  // The address people must open: with PUBLIC_URL set it is the only one live editing accepts.
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "127.0.0.1" ? "localhost" : env.HOST;
  const address = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${shownHost}:${env.PORT}`;
  console.log(`Quire is ready at ${address} (${isDev ? "development" : "production"})`);
  if (env.PUBLIC_URL) console.log(`[server] PUBLIC_URL is set: open Quire at ${address}; live editing refuses pages opened at any other address.`);

  // Trash older than 30 days is deleted for good (docs/product.md "States"), checked hourly.
  const purgeTrash = () =>
    getDb()
      .then((db) => purgeExpiredTrash(db))
      .then((count) => count > 0 && console.log(`[trash] purged ${count} document(s) trashed more than 30 days ago`))
      .catch((error: unknown) => console.error("[trash] purge failed:", error instanceof Error ? error.message : error))
      // The audit log's retention rides on the same hourly tick (docs/product.md "Audit log").
      .then(() => getDb())
      .then((db) => purgeExpiredAuditEvents(db, env.AUDIT_RETENTION_DAYS))
      .then((count) => count > 0 && console.log(`[audit] deleted ${count} event(s) older than ${env.AUDIT_RETENTION_DAYS} days`))
      .catch((error: unknown) => console.error("[audit] retention failed:", error instanceof Error ? error.message : error))
      // An archive import a stopped server left half-written, in its hidden staging workspace.
      .then(() => getDb())
      .then((db) => removeStaleStagingWorkspaces(db, getBlobStore()))
      .then((count) => count > 0 && console.log(`[import] removed ${count} unfinished archive import(s) left by a stopped server`))
      .catch((error: unknown) => console.error("[import] removing unfinished imports failed:", error instanceof Error ? error.message : error));
  void purgeTrash();
  const purgeTimer = setInterval(purgeTrash, 60 * 60 * 1000);
  purgeTimer.unref();

  // Webhook deliveries wait in the database and go out from here (docs/architecture.md "Webhooks"):
  // never inside the request that caused them, and whatever a restart interrupted goes out after it.
  const webhookWorker = new DeliveryWorker(getDb, { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === "true" });
  webhookWorker.start();
  // Notification emails wait in the database the same way (docs/architecture.md "Notifications").
  const mailer = getMailer();
  // Their links are on PUBLIC_URL, which env.ts requires with SMTP_URL.
  const notificationEmails = mailer ? new NotificationEmailWorker(getDb, { mailer, origin: mailLinkOrigin(env), pollMs: env.NOTIFICATION_EMAIL_POLL_SECONDS * 1000 }) : null;
  notificationEmails?.start();
  // Documents a migration listed for search to read again (their Thai, Lao, Khmer and Burmese
  // words, which only JavaScript can find), in the background (docs/architecture.md "Search").
  const searchSegments = new SearchSegmentJob(getDb);
  searchSegments.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(purgeTimer);
    console.log(`[server] ${signal}: saving open documents and stopping…`);
    server.close();
    server.closeAllConnections();
    await stopCollab(collab);
    await webhookWorker.stop();
    await notificationEmails?.stop();
    await searchSegments.stop();
    await stopNotificationRelay();
    await bodyWorkers.close();
    // The route bundles' PDF printer is a process singleton: closing it here ends Chromium.
    await closePdfPrinter().catch((error: unknown) => console.error("[server] closing the PDF printer:", error));
    await app.close();
    await closeDatabase();
    console.log("[server] stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch(async (error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof MigrationProcessError) {
    console.error(`\n${error.message}\n`); // the migrating process printed its own error and stack
  } else {
    console.error("[server] failed to start:", error instanceof Error ? error.message : error);
    if (error instanceof Error && error.stack && !error.message.startsWith("Invalid environment")) {
      console.error(error.stack);
    }
  }
  await closeDatabase().catch((closeError: unknown) => console.error("[server] closing the database:", closeError));
  process.exit(1);
});
