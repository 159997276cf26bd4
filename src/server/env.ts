import path from "node:path";
import { z } from "zod";
import { MAX_DOCUMENT_BYTES } from "@/shared/editor-rules";
import { processSingleton } from "./process-singleton";

/** Every setting Quire reads from the environment, one line each (mirrored in .env.example). */
const EnvSchema = z.object({
  /** `production` serves the built app; `development` runs Next in dev mode. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** TCP port for pages, API and the /collab socket. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; 0.0.0.0 exposes the server to the network. */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Folder for the embedded database, uploads and the generated auth secret. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Secret that signs sessions (≥ 32 chars); generated into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The address users reach Quire at, e.g. https://docs.example.com (enables Secure cookies); required with SMTP_URL: emailed links are built on it only. */
  PUBLIC_URL: z.url().optional(),
  /** redis://… to share live editing and presence between several instances on one PostgreSQL. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** How many reverse proxies stand in front of Quire (1 for one nginx; 0 none): the client address is the X-Forwarded-For entry the outermost one added, and X-Forwarded-Proto https makes cookies Secure. */
  TRUST_PROXY: z
    .string()
    .regex(/^(0|[1-9])$/, "must be 0, or how many reverse proxies stand in front of Quire (1 for one nginx)")
    .default("0"),
  /** smtp://user:pass@host:587 or smtps://…:465 for every email Quire sends (docs/configuration.md "Email"); needs PUBLIC_URL; unset, an invitation's link is shown to copy. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /**
   * Where uploaded files' bytes are kept: `disk` (DATA_DIR/files) or `database` (the file_blobs
   * table, so instances on several machines sharing one PostgreSQL serve every upload).
   */
  FILE_STORE: z.enum(["disk", "database"]).default("disk"),
  /** How often the notification email worker looks for batches that are due (with SMTP_URL set). */
  NOTIFICATION_EMAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The From address of Quire's emails, e.g. "Quire <quire@example.com>". */
  MAIL_FROM: z.string().min(3).default("Quire <quire@localhost>"),
  /** API requests allowed per token each minute (then 429 with Retry-After); shared through Redis when REDIS_URL is set. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Live-editing sockets one signed-in session (or API token) may hold open at once: one a tab with a document open. */
  COLLAB_MAX_CONNECTIONS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Live-editing sockets one client address may hold open at once, whoever is behind it (an office NAT shares one). */
  COLLAB_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Items (runs of text, format marks, embeds: Yjs structs) plus deletions one live-editing change may carry; more is refused with a message (docs/configuration.md "Product limits"). */
  COLLAB_MAX_UPDATE_ITEMS: z.coerce.number().int().min(1000).max(10_000_000).default(200_000),
  /** Items (Yjs structs, deleted text's included) one document may hold; a change that would take it past is refused with a message. */
  COLLAB_MAX_DOCUMENT_ITEMS: z.coerce.number().int().min(1000).max(100_000_000).default(1_000_000),
  /** Bytes of content (text in UTF-8, images' data: addresses and other values as JSON) one document may hold; a change that would take it past is refused with a message. */
  COLLAB_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1024 * 1024).max(1024 * 1024 * 1024).default(MAX_DOCUMENT_BYTES),
  /** Days an audit log event is kept (docs/product.md "Audit log"); older ones are deleted by the hourly trash job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** The embedded database's page cache (PostgreSQL shared_buffers, e.g. 16MB, 128MB): RAM it may fill; the OS caches the files beyond it (docs/configuration.md "Memory"). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, "must be a size such as 16MB")
    .default("16MB"),
  /** Most worker threads that render, convert and build document bodies (each ~100 MB while it runs); default one a spare core, 1–4. */
  BODY_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Seconds a body worker with nothing to do lives before it is stopped and its memory returned. */
  BODY_WORKER_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /** Each body worker's V8 old-generation limit in MB: it collects garbage before passing it (without one a busy worker grew past 1.5 GB); a body of 20,000 short paragraphs needs more than 128. */
  BODY_WORKER_MAX_HEAP_MB: z.coerce.number().int().min(128).max(16_384).default(1024),
  /** `true`: load every route's server code before listening instead of at its first request (~30 MB more resident from the start; docs/configuration.md "Memory"). */
  PRELOAD_ROUTES: z.enum(["true", "false"]).default("false"),
  /** "1": print every SQL statement the server sends, one `[sql]` line each (diagnosis; the render bench counts them). */
  LOG_SQL: z.enum(["0", "1"]).default("0"),
  /**
   * `true` lets webhooks reach private, loopback and link-local addresses, and plain http:// (a
   * receiver on your own network, tests); otherwise only public https endpoints (docs/product.md "Webhooks").
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  /** Chromium (or Chrome) binary that prints PDF exports; unset, Debian's headless shell or chromium when one exists (default-chromium.ts). */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** The instance's OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration); unset, no instance SSO. */
  SSO_ISSUER: z.url().optional(),
  /** The client id Quire is registered under at SSO_ISSUER. */
  SSO_CLIENT_ID: z.string().min(1).optional(),
  /** That client's secret. */
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  /** The sign-in button says "Sign in with <label>". */
  SSO_LABEL: z.string().min(1).max(60).default("SSO"),
  /** Comma-separated email domains allowed through SSO (example.com,example.org); unset, any domain the provider vouches for. */
  SSO_ALLOWED_DOMAINS: z.string().optional(),
  /** 1: only SSO signs in; the password forms and sign-up are hidden and refused. */
  SSO_ONLY: z.enum(["0", "1"]).default("0"),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

/** Why SMTP_URL needs PUBLIC_URL, in the start-up refusal and mailLinkOrigin's error. */
export const MAIL_NEEDS_PUBLIC_URL =
  "required when SMTP_URL is set. Emailed links (password resets, invitations, sign-up and new-address confirmations, notifications) are built on it, " +
  "never on a request's Host header, which whoever sends the request chooses. Set it to the address people open Quire at, e.g. PUBLIC_URL=https://docs.example.com";

/** Parses process.env once. @throws Error listing every invalid variable */
export function getEnv(): Env {
  // Per process, like the database it configures: a test that changes the environment starts
  // from a new process state (test/fresh-process-state.ts), and so reads it again.
  return processSingleton("env", parseEnv);
}

function parseEnv(): Env {
  const parsed = EnvSchema.safeParse(emptyToUndefined(process.env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const sso = parsed.data;
  const ssoMissing = sso.SSO_ISSUER ? (["SSO_CLIENT_ID", "SSO_CLIENT_SECRET"] as const).filter((name) => !sso[name]) : [];
  if (ssoMissing.length > 0) throw new Error(`Invalid environment:\n${ssoMissing.map((name) => `  ${name}: required when SSO_ISSUER is set`).join("\n")}`);
  if (sso.SSO_ONLY === "1" && !sso.SSO_ISSUER) throw new Error("Invalid environment:\n  SSO_ONLY: needs SSO_ISSUER (nobody could sign in)");
  // Emailed links are built on PUBLIC_URL only (mail/mail-link-origin.ts): refused here, at start, rather than at the first email.
  if (parsed.data.SMTP_URL && !parsed.data.PUBLIC_URL) throw new Error(`Invalid environment:\n  PUBLIC_URL: ${MAIL_NEEDS_PUBLIC_URL}`);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

// `FOO=` in a .env file means "unset", not "empty string".
function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));
}
