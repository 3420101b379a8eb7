const fs = require("fs");
const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const CssMinimizerPlugin = require("css-minimizer-webpack-plugin");
const { transform: formatjsTransform } = require("@formatjs/ts-transformer");
const { InjectManifest } = require("workbox-webpack-plugin");

const OUT = path.resolve(__dirname, "frontend/dist/app");
/** Outside the served folder: which files each named chunk group needs (bench/first-load.mjs reads it). */
const CHUNK_GROUPS = path.resolve(__dirname, "var/webpack/chunk-groups.json");

/**
 * Writes {group name: [files]} for the entry and every named lazy chunk (screens, catalogues, antd locales), so the
 * first load of a page is known without a browser: entry + its screen + the language's catalogue and antd locale.
 */
class ChunkGroupsPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap("ChunkGroupsPlugin", (compilation) => {
      if (compiler.options.output.path !== OUT) return; // a build elsewhere (--output-path) does not describe dist
      const groups = {};
      for (const [name, group] of compilation.namedChunkGroups) {
        groups[name] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].sort();
      }
      fs.mkdirSync(path.dirname(CHUNK_GROUPS), { recursive: true });
      fs.writeFileSync(CHUNK_GROUPS, JSON.stringify({ publicPath: "/static/app/", groups }, null, 1));
    });
  }
}

/**
 * Whether a mini-css-extract "Conflicting order" warning puts one of the app's stylesheets out of order with another
 * of the app's (not a library's, from node_modules): its first listed module was added despite the others.
 */
function appOrderConflict(message) {
  const own = [...message.matchAll(/^ \* css (.+)$/gm)].map(([, request]) => !/[\\/]node_modules[\\/]/.test(request.split("!").pop()));
  return own[0] === true && own.slice(1).some(Boolean);
}

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  return {
    entry: { main: "./frontend/src/main.tsx" },
    output: {
      path: OUT,
      // The entry keeps a fixed name for the template ({% static 'app/main.js' %}); Django's manifest storage
      // hashes it in production. Every lazy chunk carries webpack's content hash, so all of them are immutable.
      filename: "[name].js",
      chunkFilename: "[name].[contenthash:10].js",
      publicPath: "/static/app/",
      clean: true,
    },
    resolve: {
      extensions: [".tsx", ".ts", ".js"],
      alias: {
        "@": path.resolve(__dirname, "frontend/src"),
        "@locale": path.resolve(__dirname, "locale"),
        // Production catalogues come parsed (frontend/scripts/catalogue-loader.cjs), so react-intl needs no parser
        // (formatjs' documented set-up). A message missing from a catalogue then shows its defaultMessage unformatted;
        // check_translations keeps the catalogues complete. Development keeps the parser.
        ...(production && {
          "@formatjs/icu-messageformat-parser$": require.resolve("@formatjs/icu-messageformat-parser/no-parser.js"),
        }),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          use: {
            loader: "ts-loader",
            options: {
              transpileOnly: true,
              // formatjs' documented transformer: a message keeps its id and defaultMessage, and its description (for
              // translators only) stays out of the bundle.
              getCustomTransformers: () => ({ before: [formatjsTransform({})] }),
            },
          },
          exclude: /node_modules/,
        },
        {
          test: /\.css$/,
          oneOf: [
            // A library's stylesheets go into the cascade layer "library", below the app's own (unlayered) rules, so
            // the app's rules win whichever chunk's copy of a library rule loads last (docs/frontend.md, "Styles").
            {
              include: /[\\/]node_modules[\\/]/,
              use: [
                MiniCssExtractPlugin.loader,
                "css-loader",
                { loader: path.resolve(__dirname, "frontend/scripts/library-layer-loader.cjs"), options: { layer: "library" } },
              ],
            },
            { use: [MiniCssExtractPlugin.loader, "css-loader"] },
          ],
        },
        ...(production
          ? [
              {
                test: /[\\/]locale[\\/][^\\/]+[\\/]frontend\.json$/,
                type: "javascript/auto",
                use: path.resolve(__dirname, "frontend/scripts/catalogue-loader.cjs"),
              },
            ]
          : []),
        // antd-mobile's barrel is marked as having side effects only because it imports its global styles; main.tsx
        // imports those (antd-mobile/es/global) itself, so the barrel may be tree-shaken to the components in use.
        { test: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/, sideEffects: false },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: "[name].css", chunkFilename: "[name].[contenthash:10].css" }),
      new ChunkGroupsPlugin(),
      // The service worker (frontend/sw), compiled with the entry's files and their revisions (its version: any change
      // to the build changes main.js, which names every chunk's hash); Django serves it at /sw.js (apps/core/views.py,
      // service_worker). It caches the shell at install and the rest as it is used, not the whole build.
      new InjectManifest({ swSrc: "./frontend/sw/sw.ts", swDest: "sw.js", include: [/^main\.(js|css)$/] }),
    ],
    optimization: {
      minimizer: ["...", new CssMinimizerPlugin()],
    },
    // Chunks share stylesheets in different orders. The order matters only between two of the app's own files: a
    // library's rules sit in the "library" layer, under the app's whatever the order, and its components' styles are
    // independent of each other (each its own classes). So only a conflict between two of the app's files warns.
    ignoreWarnings: [(warning) => /Conflicting order/.test(warning.message) && !appOrderConflict(warning.message)],
    devtool: production ? false : "eval-cheap-module-source-map",
    performance: { hints: false },
  };
};
