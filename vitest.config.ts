import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": path.resolve(__dirname, "frontend/src"), "@locale": path.resolve(__dirname, "locale") },
  },
  test: {
    environment: "jsdom",
    globals: true,
    include: ["frontend/src/**/*.test.{ts,tsx}"],
    setupFiles: ["frontend/src/test/setup.ts"],
    restoreMocks: true,
  },
});
