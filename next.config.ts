import type { NextConfig } from "next";

/**
 * Framework constants from the seed (docs/configuration.md lists them):
 * router cache 30 s dynamic / 5 min static, image sizes, quality 75, image cache 60 s.
 */
const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  // nodemailer picks transports at run time; load it from node_modules as it ships.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer"],
  experimental: {
    staleTimes: { dynamic: 30, static: 300 },
  },
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    minimumCacheTTL: 60,
    // Next 16 refuses local image URLs with a query string unless a pattern allows it. Uploaded
    // images are optimised from signed URLs (`?expires=&sig=`, services/files/sign-file-urls.ts),
    // and the file route checks the signature itself; every other local path keeps the default.
    localPatterns: [{ pathname: "/api/v1/files/**" }, { pathname: "**", search: "" }],
  },
};

export default config;
