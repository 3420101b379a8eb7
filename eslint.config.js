const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const reactHooks = require("eslint-plugin-react-hooks");
const formatjsModule = require("eslint-plugin-formatjs");
const formatjs = formatjsModule.default ?? formatjsModule;
const globals = require("globals");

module.exports = tseslint.config(
  { ignores: ["frontend/dist/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, formatjs },
    rules: {
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
);
