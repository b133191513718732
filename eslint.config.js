// The browser scripts' linter: ESLint's recommended rules over ES modules that run in the page,
// and over their unit tests, which run in node.
import js from "@eslint/js";
import globals from "globals";

export default [
  // The Socket.IO client copied from npm, and whatever else is built or installed here.
  { ignores: ["classroom/static/vendor/", ".venv/", "build/", "dist/", "tests/output/"] },
  js.configs.recommended,
  {
    files: ["classroom/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // `io` is the Socket.IO client, loaded by its own script tag before the modules.
      globals: { ...globals.browser, io: "readonly" },
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
