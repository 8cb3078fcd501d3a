import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import areas from "./eslint/areas-plugin.js";

/**
 * The layering of docs/decisions/007, checked in CI:
 * - app/lib is cross-cutting: it imports neither app/features nor app/components;
 * - routes never reach the database (app/lib/db): they call the areas' functions;
 * - an area's rule modules (app/features/<area>/*.server.ts) build no Response: the doors
 *   (routes, lib/api.server, lib/http.server) turn results and refusals into answers. HTTP
 *   helpers of an area live in its `http.server.ts`; the auth area's guards redirect by nature.
 */
const RESPONSE_BUILDERS = {
  paths: [
    {
      name: "@remix-run/node",
      importNames: ["json", "redirect", "redirectDocument", "defer"],
      message: "Rule modules build no Response: return values or throw an AppError (~/lib/app-error); put HTTP helpers in the area's http.server.ts.",
    },
    { name: "~/lib/toast.server", message: "Toasts are the doors' business: return a value or throw an AppError." },
  ],
};

export default tseslint.config(
  { ignores: ["eslint/fixtures/", "build/", "public/build/", "dist/", "node_modules/", "test-results/", "playwright-report/", "bench-results/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // The areas' order and entries (eslint/area-order.js); lib, core and components sit below every area.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { areas },
    rules: { "areas/boundaries": "error", "areas/no-cycle": "error" },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/lib/db/*", "**/lib/db/*"], message: "Routes never reach the database: call the area's *.server.ts functions." }] },
      ],
    },
  },
  {
    files: ["app/features/**/*.server.ts", "app/core/**/*.server.ts"],
    ignores: ["app/features/**/http.server.ts", "app/features/**/*.http.server.ts", "app/core/identity/guards.server.ts", "app/core/csv.server.ts"],
    rules: {
      "no-restricted-imports": ["error", RESPONSE_BUILDERS],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Response']", message: "Rule modules build no Response: return values or throw an AppError." },
      ],
    },
  },
);
