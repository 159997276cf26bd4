import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

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
  {
    files: ["src/components/**/*.{ts,tsx}", "src/editor/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}", "src/app/**/_components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/*", "@/server/**", "!@/server/actions", "!@/server/actions/*"],
              message: "Client components reach the server only through server/actions/*.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server code may not import the browser-only editor.
    files: ["src/server/**/*.ts", "server.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/editor/*", "**/editor/**", "@/components/*"], message: "Server code never imports UI." }] }],
    },
  },
];
export default config;
