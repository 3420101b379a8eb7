const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");

module.exports = (env, argv) => ({
  entry: { main: "./frontend/src/main.tsx" },
  output: {
    path: path.resolve(__dirname, "frontend/dist/app"),
    filename: "[name].js",
    chunkFilename: "[name].[contenthash:8].js",
    publicPath: "/static/app/",
    clean: true,
  },
  resolve: {
    extensions: [".tsx", ".ts", ".js"],
    alias: { "@": path.resolve(__dirname, "frontend/src"), "@locale": path.resolve(__dirname, "locale") },
  },
  module: {
    rules: [
      { test: /\.tsx?$/, use: { loader: "ts-loader", options: { transpileOnly: true } }, exclude: /node_modules/ },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, "css-loader"] },
    ],
  },
  plugins: [new MiniCssExtractPlugin({ filename: "[name].css", chunkFilename: "[name].[contenthash:8].css" })],
  devtool: argv.mode === "production" ? false : "eval-cheap-module-source-map",
  performance: { hints: false },
});
