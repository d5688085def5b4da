import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { layerZones } from "./eslint-layers.js";
import tseslint from "typescript-eslint";

/**
 * The habits every TypeScript team has: typescript-eslint's recommended rules, and with type
 * information the two that catch real bugs here (a promise nobody awaits or catches, an await on
 * something that is not a promise); the rules of hooks; no import cycles. Formatting is
 * Prettier's business, not ESLint's.
 */
export default tseslint.config(
  { ignores: ["build/", "public/build/", "public/islands/", ".cache/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // The layers of app/ (docs/decisions/068, 078): one zone per folder, each refusing the folders
    // after it. Tests may reach across layers (a route's test imports the route), so they are not targets.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.test-support.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones() }] },
  },
  {
    // Playwright's fixtures are functions of `({ ... }, use)`: not React hooks, and `{}` is how a
    // fixture that needs no other fixture is written. The locale files are read as loose records.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // The order domain answers with plain outcomes; the routes turn them into HTTP (docs/decisions/012).
    files: ["app/order/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@remix-run/*"], message: "app/order is the domain: Remix belongs in the route modules (app/routes)." }] },
      ],
    },
  },
  {
    rules: { "no-empty": ["error", { allowEmptyCatch: true }] },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
