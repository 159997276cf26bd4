import type { NextConfig } from "next";
import { IMAGE_CONTENT_SECURITY_POLICY } from "@/server/http/security-headers";

/**
 * Framework constants (docs/product.md "Editor rules"; docs/configuration.md lists them):
 * router cache 30 s dynamic / 5 min static, image sizes, quality 75, image cache 60 s.
 */
const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  productionBrowserSourceMaps: true,
  // `npm run typecheck` (first in `npm test`, so in CI) checks the whole project with Next's route
  // types (`next typegen`); the build's own pass repeated it, 3 of a fresh build's 6 minutes here,
  // and `npm start` on a fresh clone waited for it.
  typescript: { ignoreBuildErrors: true },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. Yjs and
  // the packages that carry its types load from node_modules too, so that route bundles and
  // server.ts (the collaboration server) share one copy: two copies break Yjs's constructor
  // checks (yjs#438), and it says so on the console.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "nodemailer",
    "playwright-core",
    "mammoth",
    "yjs",
    "y-protocols",
    "lib0",
    "@hocuspocus/server",
    "@hocuspocus/extension-redis",
  ],
  experimental: {
    staleTimes: { dynamic: 30, static: 300 },
    // Each route's server code loads with its first request, not all of it before the server
    // listens: ~30 MB less resident at start (npm run bench:start-up). The server decides at start (PRELOAD_ROUTES,
    // src/server/memory/built-next-config.ts); this is the same default for `next start`.
    preloadEntriesOnStart: false,
    // Turbopack keeps its build cache in .next so that a rebuild after a pull takes half the
    // time; CI builds once per clean clone, and writing the cache held its build 30–60 s here.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    minimumCacheTTL: 60,
    // Only uploads are optimised, and their signed URLs carry ?expires=&sig= (Next refuses a
    // local URL with a query string unless a pattern allows it: 400 "url" parameter is not allowed).
    localPatterns: [{ pathname: "/api/v1/files/**" }],
    // Next's default lacks frame-ancestors; ours keeps its sandbox (docs/architecture.md).
    contentSecurityPolicy: IMAGE_CONTENT_SECURITY_POLICY,
  },
};

export default config;
