import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/api";
import { clearSession, signIn } from "@/lib/session";
import { MAX_CHARS, persistQueries, restore, save, serialize } from "./persist";

const orders = ["orders", "list"];

function signInAs(id: number) {
  signIn({ token: `token-${id}`, id });
}

async function fill(client: QueryClient) {
  client.setQueryData(["account", "merInfo"], { id: 1, balance: "10.00" });
  client.setQueryData(orders, { list: [{ id: 7 }] });
  // A failed read and a private file (a Blob) are not kept.
  await client.prefetchQuery({ queryKey: ["broken"], queryFn: () => Promise.reject(new Error("no")), retry: false });
  client.setQueryData(["private-file", "/x"], new Blob(["secret"]));
}

describe("the offline copy of the last data", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
  });

  it("keeps only the successful reads, and restores them for the same merchant", async () => {
    signInAs(1);
    const client = createQueryClient();
    await fill(client);
    save(client);

    const next = createQueryClient();
    expect(restore(next)).toBe(true);
    expect(next.getQueryData(orders)).toEqual({ list: [{ id: 7 }] });
    expect(next.getQueryData(["account", "merInfo"])).toEqual({ id: 1, balance: "10.00" });
    expect(next.getQueryState(["broken"])).toBeUndefined();
    expect(next.getQueryState(["private-file", "/x"])).toBeUndefined();
  });

  it("is never shown to another merchant on the same browser", async () => {
    signInAs(1);
    const client = createQueryClient();
    await fill(client);
    save(client);

    signInAs(2);
    const other = createQueryClient();
    expect(restore(other)).toBe(false);
    expect(other.getQueryData(orders)).toBeUndefined();
  });

  it("is removed when the session ends", async () => {
    signInAs(1);
    const client = createQueryClient();
    const stop = persistQueries(client, false);
    await fill(client);
    save(client);
    expect(Object.keys(localStorage).some((key) => key.startsWith("offline-data:"))).toBe(true);

    clearSession();
    expect(Object.keys(localStorage).some((key) => key.startsWith("offline-data:"))).toBe(false);
    signInAs(1);
    expect(restore(createQueryClient())).toBe(false);
    stop();
  });

  it("is written a moment after reads arrive, and restored when the app opens offline", async () => {
    vi.useFakeTimers();
    signInAs(1);
    const client = createQueryClient();
    const stop = persistQueries(client, false);
    await client.fetchQuery({ queryKey: orders, queryFn: () => Promise.resolve({ list: [{ id: 8 }] }) });
    await vi.advanceTimersByTimeAsync(1500);
    stop();

    const offline = createQueryClient();
    persistQueries(offline, true)();
    expect(offline.getQueryData(orders)).toEqual({ list: [{ id: 8 }] });
    const online = createQueryClient();
    const stopOnline = persistQueries(online, false);
    expect(online.getQueryData(orders)).toBeUndefined(); // online, the screens read afresh
    online.setQueryData(["account", "merInfo"], { id: 1, balance: "12.00" });
    onlineManager.setOnline(false); // then the device goes offline: what is missing comes back, what is newer stays
    expect(online.getQueryData(orders)).toEqual({ list: [{ id: 8 }] });
    expect(online.getQueryData(["account", "merInfo"])).toEqual({ id: 1, balance: "12.00" });
    onlineManager.setOnline(true);
    stopOnline();
  });

  it("is bounded: the most recent reads are kept within the size limit", () => {
    signInAs(1);
    const client = createQueryClient();
    const big = "x".repeat(MAX_CHARS / 2 - 2000); // two fit, not three
    client.setQueryData(["old"], big, { updatedAt: 1000 });
    client.setQueryData(["newer"], big, { updatedAt: 2000 });
    client.setQueryData(["newest"], big, { updatedAt: 3000 });
    client.setQueryData(["small"], "s", { updatedAt: 500 });

    const stored = serialize(client, 1);
    expect(stored.length).toBeLessThan(MAX_CHARS + 100);
    const keys = (JSON.parse(stored) as { state: { queries: { queryKey: string[] }[] } }).state.queries.map(
      (query) => query.queryKey[0],
    );
    expect(keys).toEqual(["newest", "newer", "small"]);
  });
});
