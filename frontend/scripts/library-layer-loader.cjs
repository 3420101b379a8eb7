/**
 * webpack loader: puts a library's stylesheet (antd-mobile's, see webpack.config.js) into the CSS cascade layer named
 * by the `layer` option. Declarations outside any layer (the app's own stylesheets) win over those in a layer,
 * whatever their specificity and whichever file loads last, so a screen's rules are not undone when another screen's
 * chunk brings a second copy of the library's rules (docs/frontend.md, "Styles").
 */
module.exports = function libraryLayerLoader(source) {
  const { layer } = this.getOptions({
    type: "object",
    properties: { layer: { type: "string", pattern: "^[a-z][a-z0-9-]*$" } },
    required: ["layer"],
    additionalProperties: false,
  });
  if (/@(import|charset|layer)\b/.test(source)) {
    // These must stay at the top level of a stylesheet (or already name a layer): wrap them by hand if one appears.
    throw new Error(`${this.resourcePath}: an @import, @charset or @layer cannot be wrapped in @layer ${layer}`);
  }
  return `@layer ${layer} {\n${source}\n}\n`;
};
