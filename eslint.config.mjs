import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

// The layers of src/ (docs/architecture.md "Layers"): each may import only what is listed for it,
// so arrows point down. One import style (docs/architecture.md "Imports"): @/… for anything in
// src/ outside the file's own folder, ./… for a sibling; never ../ (a move would break it silently).
const PARENT_RELATIVE = { regex: "^\\.\\./(?!(\\.\\./)*package\\.json$)", message: "Import with @/… (or ./… for a file in the same folder), never ../." };
const INTERNAL = {
  group: ["@/server/services/*/internal/*", "**/internal/*"],
  message: "services/<entity>/internal/ holds queries that check no access: reach them through a use case in services/<entity>/.",
};
const SERVER_FROM_CLIENT = {
  group: ["@/server/*", "@/server/**", "!@/server/actions", "!@/server/actions/*"],
  message: "Client code reaches the server only through server/actions/*.",
};
const UI_FROM_SERVER = { group: ["@/editor/*", "@/editor/**", "@/components/*", "@/components/**", "@/lib/*", "@/app/*", "@/app/**"], message: "Server code never imports UI or routes." };

/** Imports of these server folders, by name (each folder's files, and the folder itself). */
const folders = (...names) => names.flatMap((name) => [`@/server/${name}`, `@/server/${name}/**`]);

// What each server folder may NOT import: the layers above it (docs/architecture.md "Layers").
// actions, http → services → workers → formats → body, storage, auth → db; policies and
// presenters import no server code but policies; collab implements services' ports and sits
// beside the entry points. Everything may use env, errors, context, process-singleton, shared/.
const ABOVE = {
  actions: ["collab"],
  http: ["actions", "collab"],
  collab: ["actions", "http"],
  services: ["actions", "http", "collab"],
  workers: ["actions", "http", "collab", "services", "presenters"],
  formats: ["actions", "http", "collab", "services", "presenters", "workers", "backup", "openapi"],
  backup: ["actions", "http", "collab", "services", "presenters", "workers"],
  openapi: ["actions", "http", "collab", "services", "presenters", "workers"],
  body: ["actions", "http", "collab", "services", "presenters", "workers", "formats", "backup", "auth", "mail"],
  storage: ["actions", "http", "collab", "services", "presenters", "workers", "formats", "body", "backup"],
  auth: ["actions", "http", "collab", "services", "presenters", "workers", "formats", "body", "backup"],
  mail: ["actions", "http", "collab", "services", "presenters", "workers", "formats", "body", "backup", "auth", "storage"],
  presenters: ["actions", "http", "collab", "services", "workers", "formats", "body", "storage", "auth", "db", "mail", "backup"],
  policies: ["actions", "http", "collab", "services", "workers", "formats", "body", "storage", "auth", "db", "mail", "backup", "presenters"],
  db: ["actions", "http", "collab", "services", "workers", "formats", "body", "storage", "auth", "mail", "backup", "presenters", "policies"],
};
const layerRules = Object.entries(ABOVE).map(([folder, above]) => ({
  files: [`src/server/${folder}/**/*.ts`],
  ignores: ["**/*.test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          PARENT_RELATIVE,
          UI_FROM_SERVER,
          ...(folder === "actions" || folder === "http" ? [INTERNAL] : []),
          { group: folders(...above), message: `server/${folder} sits below ${above.join(", ")}: arrows point down (docs/architecture.md "Layers").` },
        ],
      },
    ],
  },
}));

/** A no-restricted-imports rule for `files` that forbids each group of `patterns`. */
const restrict = (files, ...patterns) => ({ files, ignores: patterns.includes(INTERNAL) ? ["**/*.test.ts"] : [], rules: { "no-restricted-imports": ["error", { patterns }] } });

const config = [
  { ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "next-env.d.ts"] },
  ...nextVitals,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Later entries for the same files replace earlier ones, so each lists everything it forbids.
  restrict(["src/**/*.{ts,tsx}"], PARENT_RELATIVE),
  restrict(["src/app/**/*.{ts,tsx}", "src/server/actions/**/*.ts", "src/server/http/**/*.ts"], PARENT_RELATIVE, INTERNAL),
  restrict(["src/components/**/*.{ts,tsx}", "src/editor/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}", "src/app/**/_components/**/*.{ts,tsx}"], PARENT_RELATIVE, INTERNAL, SERVER_FROM_CLIENT),
  restrict(["src/server/**/*.ts"], PARENT_RELATIVE, UI_FROM_SERVER),
  restrict(["src/server/actions/**/*.ts", "src/server/http/**/*.ts"], PARENT_RELATIVE, UI_FROM_SERVER, INTERNAL),
  ...layerRules,
  // shared/ is isomorphic; and shared schemas reach the browser, where Zod's eval probe must be off before any schema exists.
  {
    files: ["src/shared/**/*.ts"],
    ignores: ["src/shared/schemas/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            PARENT_RELATIVE,
            { group: ["@/server/**", "@/app/**", "@/components/**", "@/editor/**", "@/lib/**"], message: "shared/ is isomorphic and imports nothing of ours but shared/." },
          ],
          paths: [{ name: "zod", message: 'Import { z } from "@/shared/schemas/zod" (or "./zod"): it turns off the eval probe the CSP reports.' }],
        },
      ],
    },
  },
  // React's rules (the compiler-backed react-hooks ones above all: half of the lint's time) only
  // for code that can hold a component or a hook; server code, scripts and tests hold none.
  {
    files: ["src/server/**/*.ts", "src/shared/**/*.ts", "scripts/**/*.ts", "e2e/**/*.ts", "test/**/*.ts", "**/*.test.ts", "*.config.{ts,mjs}", "server.ts"],
    rules: Object.fromEntries(
      nextVitals
        .flatMap((entry) => Object.keys(entry.rules ?? {}))
        .filter((rule) => /^(react|react-hooks|jsx-a11y|@next\/next)\//.test(rule))
        .map((rule) => [rule, "off"]),
    ),
  },
];
export default config;
