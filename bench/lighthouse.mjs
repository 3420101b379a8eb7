#!/usr/bin/env node
/**
 * Lighthouse (mobile, its default simulated throttling) on /login and on signed-in /home, and with --shop on a
 * storefront shop page and its first product's page (all four categories), several runs each, in Debian's Chromium. bench/lighthouse.py starts the production server and calls this; it can also run on its own:
 *
 *   node bench/lighthouse.mjs --base http://127.0.0.1:8106 --runs 3 --out bench/results/lighthouse.json
 *
 * Each run gets a fresh browser (empty cache and storage). For /home the browser first opens /healthz (no app files,
 * so nothing is cached), stores the session that POST /merchant/merchant/login answered for the demo merchant in localStorage
 * as the app does (token, MerInfo), and Lighthouse then runs with `disableStorageReset` so the session survives.
 * Per run it keeps the scores, LCP, TBT and the JS and CSS files the page loaded (URL and bytes transferred).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:8106" },
    runs: { type: "string", default: "3" },
    out: { type: "string", default: "bench/results/lighthouse.json" },
    chromium: { type: "string", default: process.env.CHROMIUM || "/usr/bin/chromium" },
    account: { type: "string", default: "demo@example.com" },
    password: { type: "string", default: "Demo-pass-2026" },
    shop: { type: "string", default: "" },
  },
});

// --headless=new comes from puppeteer's `headless: true`.
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function signIn() {
  const response = await fetch(`${args.base}/merchant/merchant/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ account: args.account, password: args.password }),
  });
  const envelope = await response.json();
  if (envelope.code !== 1) throw new Error(`login as ${args.account} failed: ${JSON.stringify(envelope)}`);
  return envelope.data.merinfo;
}

const APP_CATEGORIES = ["performance", "accessibility"];
const STOREFRONT_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// The storefront page of the shop's first product card (its link as the shop page writes it).
async function firstProductPage(shopPage) {
  const html = await (await fetch(`${args.base}${shopPage}`)).text();
  const link = html.match(/<a class="card" href="([^"]+)"/);
  if (!link) throw new Error(`${shopPage} lists no product`);
  return link[1].replaceAll("&amp;", "&");
}

async function audit(page, merInfo) {
  const categories = page.startsWith("/s/") ? STOREFRONT_CATEGORIES : APP_CATEGORIES;
  const browser = await puppeteer.launch({ executablePath: args.chromium, headless: true, args: CHROMIUM_FLAGS });
  try {
    const tab = await browser.newPage();
    if (merInfo) {
      await tab.goto(`${args.base}/healthz`);
      await tab.evaluate((info) => {
        localStorage.setItem("token", info.token);
        localStorage.setItem("MerInfo", JSON.stringify(info));
      }, merInfo);
    }
    const result = await lighthouse(
      `${args.base}${page}`,
      { output: "json", logLevel: "error", onlyCategories: categories, disableStorageReset: Boolean(merInfo) },
      undefined,
      tab,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(page, args.base).pathname) throw new Error(`${page} ended on ${finalPath} (not signed in?)`);
    const files = lhr.audits["network-requests"].details.items
      .filter((item) => ["Document", "Script", "Stylesheet"].includes(item.resourceType))
      .map((item) => ({ url: item.url, type: item.resourceType, transferSize: item.transferSize }));
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => ref.id);
    const issues = failing("accessibility").flatMap((id) =>
      (lhr.audits[id].details?.items ?? []).map((item) => ({
        id,
        snippet: item.node?.snippet,
        explanation: item.node?.explanation?.split("\n").slice(1).join(" "),
      })),
    );
    const longTasks = (lhr.audits["long-tasks"].details?.items ?? []).map((task) => ({
      url: task.url,
      startMs: Math.round(task.startTime),
      durationMs: Math.round(task.duration),
    }));
    const score = (category) => (lhr.categories[category] ? Math.round(lhr.categories[category].score * 100) : null);
    return {
      accessibilityIssues: issues,
      longTasks,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
      fcpMs: lhr.audits["first-contentful-paint"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      failingAccessibility: failing("accessibility"),
      failingPerformance: failing("performance"),
      failingOther: categories.slice(2).flatMap(failing),
      files,
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
    };
  } finally {
    await browser.close();
  }
}

// Lighthouse sometimes fails to record a page load's trace in headless Chromium (NO_NAVSTART, NO_FCP...) and asks
// to be run again: such a run is taken once more, in a fresh browser; any other error stops.
const TRACE_ERRORS = /\b(NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|NO_DCL)\b/;

async function auditAgainOnTraceError(page, merInfo) {
  try {
    return await audit(page, merInfo);
  } catch (error) {
    if (!TRACE_ERRORS.test(String(error.message))) throw error;
    console.error(`  ${page}: ${error.message.split(" ")[1]}; running it again`);
    return audit(page, merInfo);
  }
}

async function main() {
  const runs = Number(args.runs);
  const merInfo = await signIn();
  const results = { "/login": [], "/home": [] };
  if (args.shop) {
    results[args.shop] = [];
    results[await firstProductPage(args.shop)] = [];
  }
  for (let run = 1; run <= runs; run++) {
    for (const page of Object.keys(results)) {
      const result = await auditAgainOnTraceError(page, page === "/home" ? merInfo : null);
      console.error(
        `  ${page} run ${run}/${runs}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
          `LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms`,
      );
      results[page].push(result);
    }
  }
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, JSON.stringify(results, null, 1));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
