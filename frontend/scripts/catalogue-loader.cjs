/**
 * webpack loader for the production build: a catalogue (locale/<lang>/frontend.json, {id: ICU message}) becomes
 * {id: parsed message}, as formatjs' own `formatjs compile --ast` makes it (the CLI the catalogues are extracted
 * with), so the bundle goes without the ICU parser (webpack.config.js aliases it to its no-parser build) and
 * formatting costs no parsing on the phone. A message that fails to parse fails the build.
 */
const { execFileSync } = require("node:child_process");
const path = require("node:path");

const FORMATJS = path.resolve(__dirname, "../../node_modules/.bin/formatjs");

module.exports = function catalogueLoader() {
  try {
    const compiled = execFileSync(FORMATJS, ["compile", this.resourcePath, "--ast", "--format", "simple"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return `export default ${compiled};`;
  } catch (error) {
    throw new Error(`${this.resourcePath}: a message does not parse: ${error.stderr || error.message}`);
  }
};
