import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// ADR 0029: dependencies point one way (routes → features and components → lib → db and config;
// content is data; scripts never import tests). Each entry names a folder and the imports it may not
// make, as a regular expression over the import path (the ~/ alias or a relative path). Static and
// dynamic imports are both checked.
const UP = "(?:~/|(?:\\.\\./)+)"; // "~/" or any number of "../"
const DEPENDENCY_DIRECTION = [
  {
    files: ["app/lib/**"],
    forbidden: `^${UP}(?:features|routes|components|hooks|server)(?:/|$)`,
    message: "app/lib is feature-agnostic: it may not import features, routes, components, hooks or the request pipeline (ADR 0029).",
  },
  {
    files: ["app/content/**"],
    forbidden: `^${UP}(?!(?:config|content)(?:/|$))`,
    message: "app/content is data: it imports only ~/config and other content (ADR 0029).",
  },
  {
    files: ["app/components/**", "app/features/**"],
    forbidden: `^${UP}routes(?:/|$)`,
    message: "Components and features may not import routes: a route renders them, not the reverse (ADR 0029).",
  },
  {
    files: ["scripts/**"],
    forbidden: "(?:^|/)tests(?:/|$)",
    message: "scripts/ may not import tests/: tests import scripts, not the reverse (shared helpers live in scripts/lib/, ADR 0029).",
  },
];

// ADR 0057: the browser's whole budget for languages is 3 KB; @lingui/react or a macro would spend it
// all (our own binding is app/lib/i18n/react.tsx; catalogues are compiled ahead of time).
const LINGUI_ONLY_CORE = {
  regex: "^@lingui/(?!core$)|^@lingui/core/macro",
  message: "Use app/lib/i18n (Lingui's core with our own React binding), not @lingui/react or macros (ADR 0057).",
};

const directionRules = ({ files, forbidden, message }) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: forbidden, message }, ...(files.every((f) => f.startsWith("app/")) ? [LINGUI_ONLY_CORE] : [])] }],
    "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/${forbidden.replaceAll("/", "\\/")}/]`, message }],
  },
});

export default tseslint.config(
  { ignores: ["build/", "public/build/", "public/sw.js", ".wrangler/", "node_modules/", "tests/.tmp/", "functions/**/*.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description", "ts-expect-error": "allow-with-description" }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["app/service-worker/**/*.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [LINGUI_ONLY_CORE] }] } },
  ...DEPENDENCY_DIRECTION.map(directionRules),
  {
    // Server code logs through app/lib/log.server.ts only, which keeps personal data and query
    // parameters out of every line (ADR 0034).
    files: ["app/**/*.server.ts", "app/server/**", "app/entry.server.tsx", "workers/**", "functions/**"],
    ignores: ["app/lib/log.server.ts"],
    rules: { "no-console": "error" },
  },
);
