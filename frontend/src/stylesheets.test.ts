import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The rules of docs/frontend.md ("Styles") that make a screen look the same whichever screens were opened before it
 * and when it is opened directly: a stylesheet loads with the chunk of the first screen that imports it, so a class
 * must be drawn by a stylesheet that the file using it imports, and by no other feature's stylesheet.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const GLOBAL = "styles.css"; // main.tsx imports it: in the first load of every page

const files = (readdirSync(SRC, { recursive: true }) as string[]).map((file) => file.split(path.sep).join("/"));
const read = (file: string) => readFileSync(path.join(SRC, file), "utf8");

/** The classes a stylesheet's selectors name (antd-mobile's own, adm-*, aside). */
function classesOf(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\{[^{}]*\}/g, "{}");
  return new Set([...selectors.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)].map(([, name]) => name).filter((name) => !name.startsWith("adm-")));
}

/** The class names a component writes in quotes or a template in its className attributes. */
function classesUsed(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of source.matchAll(/className=(\{(?:[^{}]|\{[^{}]*\})*\}|"[^"]*")/g)) {
    for (const [, text] of value.matchAll(/["'`]([^"'`]*)["'`]/g)) {
      for (const name of text.replace(/\$\{[^}]*\}/g, " ").split(/\s+/)) if (name) names.add(name);
    }
  }
  return names;
}

const stylesheets = new Map(files.filter((file) => file.endsWith(".css")).map((file) => [file, classesOf(read(file))]));
const components = files.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"));

test("a class is styled by one stylesheet (besides the global one)", () => {
  const owners = new Map<string, string[]>();
  for (const [file, classes] of stylesheets) {
    if (file === GLOBAL) continue;
    for (const name of classes) owners.set(name, [...(owners.get(name) ?? []), file]);
  }
  const shared = [...owners].filter(([, where]) => where.length > 1).map(([name, where]) => `.${name}: ${where.join(", ")}`);
  expect(shared).toEqual([]);
});

test("a component imports the stylesheet that styles each class it uses", () => {
  const missing: string[] = [];
  for (const file of components) {
    const source = read(file);
    const imported = [...source.matchAll(/^import\s+"(\.{1,2}\/[^"]+\.css)";/gm)].map(([, css]) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), css)),
    );
    for (const name of classesUsed(source)) {
      const styledBy = [...stylesheets].filter(([, classes]) => classes.has(name)).map(([css]) => css);
      if (styledBy.length && !styledBy.includes(GLOBAL) && !styledBy.some((css) => imported.includes(css))) {
        missing.push(`${file}: .${name} (${styledBy.join(", ")})`);
      }
    }
  }
  expect(missing).toEqual([]);
});
