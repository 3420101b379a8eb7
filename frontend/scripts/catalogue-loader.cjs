/**
 * webpack loader for the production build: a catalogue (locale/<lang>/frontend.json, {id: ICU message}) becomes
 * {id: parsed message} (the AST react-intl would otherwise build in the browser for every message it formats), so
 * the bundle goes without the ICU parser (webpack.config.js aliases it to its no-parser build) and formatting costs
 * no parsing on the phone. A message that fails to parse fails the build.
 */
const { parse } = require("@formatjs/icu-messageformat-parser");

module.exports = function catalogueLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message ${id} does not parse: ${error.message}`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
