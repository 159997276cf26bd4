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
];
export default config;
