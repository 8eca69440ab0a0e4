import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";

const SCIENCE_PACKAGES = [
  "packages/chem/**",
  "packages/protein/**",
  "packages/optimize/**",
  "packages/literature/**",
  "packages/targets/**",
  "packages/negatome/**",
  "packages/compute/**",
];
// Pure science, and the compute threads that run it: no HTTP, no SQL.
const NOT_IN_SCIENCE = { group: ["fastify*", "@fastify/*", "pg", "@electric-sql/*", "drizzle-orm*", "@sieve/db"] };
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx"];
// Test helpers are for tests and benchmarks only, never for product code.
const TESTING_ONLY = { group: ["@sieve/testing"], message: "@sieve/testing is for tests and benchmarks only." };

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.tsbuild/**",
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
    files: SCIENCE_PACKAGES,
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_IN_SCIENCE] }] },
  },
  {
    files: SCIENCE_PACKAGES.map((folder) => folder.replace("/**", "/src/**")),
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_IN_SCIENCE, TESTING_ONLY] }] },
  },
  // The Rules of Hooks and complete effect dependencies in the web app.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["packages/*/src/**", "apps/*/src/**"],
    ignores: [...SCIENCE_PACKAGES, ...TEST_FILES],
    rules: { "no-restricted-imports": ["error", { patterns: [TESTING_ONLY] }] },
  },
  // Last, so that it is not overridden by the rule above for the same files.
  // Web features do not import each other (bulletproof-react): what two share moves to components/ or lib/.
  {
    files: ["apps/web/src/features/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            TESTING_ONLY,
            {
              regex:
                "^(\\.\\./)+(admin|auth|dashboard|engine-jobs|evidence|marketing|molecules|negatome|new-job|projects|proteins|reports|runs|settings|targets|teams|workflows)(/|$)",
              message: "Features do not import each other; move what they share to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
);
