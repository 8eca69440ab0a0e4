import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import prettier from "eslint-config-prettier";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      "**/.data/**",
      ".e2e-artifacts/**",
      "packages/db/migrations/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Pass a seeded random generator instead." },
      ],
    },
  },
  {
    files: [
      "packages/chem/**",
      "packages/protein/**",
      "packages/optimize/**",
      "packages/literature/**",
      "packages/targets/**",
      "packages/negatome/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["fastify*", "@fastify/*", "pg", "@electric-sql/*", "drizzle-orm*", "@sieve/db"] },
      ],
    },
  },
);
