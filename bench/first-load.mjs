#!/usr/bin/env node
/**
 * The first load of /login and /home in gzipped bytes of JS + CSS, read from the last production build (no browser,
 * no timing): the entry's files, the screen's chunk group (its own chunk and the shared chunks split out of it), and
 * the default language's catalogue and antd-mobile locale. webpack.config.js writes the chunk groups.
 *
 *   node bench/first-load.mjs            print the table
 *   node bench/first-load.mjs --check    also exit 1 when a page is over the budget (make test-budget)
 *   node bench/first-load.mjs --json     the figures as JSON (bench/lighthouse.mjs compares them with the network)
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "frontend/dist/app");
const CHUNK_GROUPS = path.join(ROOT, "var/webpack/chunk-groups.json");
export const BUDGET_BYTES = 150 * 1024;

/** What each page needs before it can draw, for the default language (ru-RU: catalogue i18n-ru, antd locale antd-ru). */
export const PAGES = {
  "/login": ["main", "screen-Login", "i18n-ru", "antd-ru"],
  "/home": ["main", "screen-Home", "i18n-ru", "antd-ru"],
};

export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

export function firstLoad() {
  if (!fs.existsSync(CHUNK_GROUPS)) throw new Error(`${CHUNK_GROUPS} is missing: run npm run build first`);
  const { groups } = JSON.parse(fs.readFileSync(CHUNK_GROUPS, "utf8"));
  const pages = {};
  for (const [page, names] of Object.entries(PAGES)) {
    const files = new Set();
    for (const name of names) {
      if (!groups[name]) throw new Error(`no chunk group named ${name} in the build (renamed in routes.tsx?)`);
      groups[name].filter((file) => /\.(js|css)$/.test(file)).forEach((file) => files.add(file));
    }
    const sizes = Object.fromEntries([...files].sort().map((file) => [file, gzipSize(file)]));
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    const js = Object.entries(sizes).filter(([f]) => f.endsWith(".js")).reduce((a, [, b]) => a + b, 0);
    pages[page] = { files: sizes, total, js, css: total - js };
  }
  return pages;
}

function main() {
  const pages = firstLoad();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(pages, null, 1));
    return 0;
  }
  let over = false;
  console.log(`First load from the build, gzip -9 (budget ${BUDGET_BYTES / 1024} KB JS + CSS per page):`);
  for (const [page, { total, js, css, files }] of Object.entries(pages)) {
    const missed = total > BUDGET_BYTES;
    over ||= missed;
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(`  ${page}: ${kb(total)} KB (JS ${kb(js)}, CSS ${kb(css)}) in ${Object.keys(files).length} files${missed ? "  OVER BUDGET" : ""}`);
    if (process.argv.includes("--files")) for (const [f, n] of Object.entries(files)) console.log(`      ${kb(n)}  ${f}`);
  }
  return process.argv.includes("--check") && over ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
