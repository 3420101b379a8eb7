import { describe, expect, it } from "vitest";
import { appPath } from "./appPath";
import { ROUTES } from "./routes";

describe("appPath: an address someone else wrote, kept only when it is a screen of this app", () => {
  it.each([
    ["/order", "/order"],
    ["/orderDetail?id=5", "/orderDetail?id=5"],
    ["/messageDetail?id=3#top", "/messageDetail?id=3#top"],
    ["/login", "/login"],
  ])("keeps %s", (path, kept) => {
    expect(appPath(path)).toBe(kept);
  });

  it.each([
    null,
    "",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/home",
    "javascript:alert(1)",
    "home",
    "/",
    "/nowhere",
    "/home/../admin/",
    "/%2F%2Fevil.example",
    "/\t/evil.example",
  ])("sends %j to Home", (path) => {
    expect(appPath(path)).toBe("/home");
  });

  it("knows every screen of the router, and only those", () => {
    for (const route of ROUTES) expect(appPath(route.path, "-")).toBe(route.path === "/" ? "-" : route.path);
    expect(ROUTES.every((route) => route.path === (route.name === "root" ? "/" : `/${route.name}`))).toBe(true);
  });

  it("takes another fallback", () => {
    expect(appPath("//evil.example", "/login")).toBe("/login");
  });
});
