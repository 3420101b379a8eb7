#!/usr/bin/env node
// Catalogue check for the app's messages: locale/en/frontend.json is up to date with the source (extraction),
// and every id exists, is non-empty, parses as ICU and is not the English text in the six other catalogues.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";

const FOLDERS = ["zh_Hans", "zh_Hant", "ru", "ko", "ja", "th"];
const read = (path) => JSON.parse(readFileSync(path, "utf8"));
const problems = [];

const extracted = join(mkdtempSync(join(tmpdir(), "i18n-")), "en.json");
execFileSync("npx", ["formatjs", "extract", "frontend/src/**/*.{ts,tsx}", "--ignore", "frontend/src/**/*.d.ts",
  "--ignore", "frontend/src/**/*.test.{ts,tsx}", "--format", "simple", "--out-file", extracted], { stdio: "inherit" });
const source = read(extracted);
const en = read("locale/en/frontend.json");
for (const id of new Set([...Object.keys(source), ...Object.keys(en)])) {
  if (source[id] !== en[id]) problems.push(`en: ${id} differs from the source; run npm run i18n:extract`);
}
for (const folder of FOLDERS) {
  const catalogue = read(`locale/${folder}/frontend.json`);
  for (const [id, english] of Object.entries(source)) {
    const text = catalogue[id];
    if (!text || !text.trim()) problems.push(`${folder}: ${id} is missing or empty`);
    // Only words count: "{label}: {value}" may be the same in every language.
    else if (text === english && /[A-Za-z]{2}/.test(english.replace(/\{[^{}]*\}/g, ""))) problems.push(`${folder}: ${id} is the English text`);
    else {
      try {
        parse(text);
      } catch (error) {
        problems.push(`${folder}: ${id} is not a valid message: ${error.message}`);
      }
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`frontend catalogues complete: ${Object.keys(source).length} messages in 7 languages`);
