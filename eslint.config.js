const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const reactHooks = require("eslint-plugin-react-hooks");
const formatjsModule = require("eslint-plugin-formatjs");
const formatjs = formatjsModule.default ?? formatjsModule;
const globals = require("globals");
const fs = require("node:fs");
const path = require("node:path");
const importX = require("eslint-plugin-import-x");
const { createTypeScriptImportResolver } = require("eslint-import-resolver-typescript");

// Layers of the front end (conventions.md): app/ composes features; a feature never imports another feature;
// lib/, hooks/ and components/ sit below every feature and import neither features nor app/.
const SRC = "frontend/src";
const FEATURES = fs
  .readdirSync(path.join(__dirname, SRC, "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// import-x's TypeScript settings without its legacy resolver entry (resolver-next below replaces it).
const importXTypeScript = { ...importX.flatConfigs.typescript.settings };
delete importXTypeScript["import-x/resolver"];
const layerZones = [
  ...FEATURES.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: "Features never import each other: move the shared piece to lib/, hooks/ or components/, or compose the two in app/.",
  })),
  {
    target: `${SRC}/features`,
    from: `${SRC}/app`,
    message: "A feature does not import app/: app/ composes the features.",
  },
  {
    target: [`${SRC}/lib`, `${SRC}/hooks`, `${SRC}/components`],
    from: [`${SRC}/features`, `${SRC}/app`],
    message: "lib/, hooks/ and components/ sit below the features: they import neither features nor app/.",
  },
];

module.exports = tseslint.config(
  { ignores: ["frontend/dist/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, formatjs, "import-x": importX },
    settings: {
      // The import-x TypeScript settings (parse .ts/.tsx modules to follow their imports: no-cycle needs them),
      // with a resolver that maps "@/..." (tsconfig paths) and relative imports to files, as webpack does.
      ...importXTypeScript,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(__dirname, "tsconfig.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: __dirname, zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      ...reactHooks.configs.recommended.rules,
      // Every message: defaultMessage and description (explicit readable ids: `formatjs extract` refuses a
      // message without one); no literal text in JSX.
      "formatjs/enforce-description": ["error", "literal"],
      "formatjs/enforce-default-message": ["error", "literal"],
      "formatjs/no-literal-string-in-jsx": [
        "error",
        { props: { include: [["*", "{title,label,placeholder,alt,aria-label,content,description,text}"]] } },
      ],
      "formatjs/no-offset": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["frontend/src/**/*.test.{ts,tsx}"],
    rules: { "formatjs/no-literal-string-in-jsx": "off" },
  },
  {
    // The service worker (its own tsconfig, lib WebWorker): the worker's globals, not the page's.
    files: ["frontend/sw/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }] },
  },
);
