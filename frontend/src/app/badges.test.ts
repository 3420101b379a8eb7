import { afterEach, describe, expect, it, vi } from "vitest";
import { badgeQueryOptions, orderKeys } from "@/features/orders/api";
import { messageKeys, unreadQueryOptions } from "@/features/messages/api";
import { createQueryClient } from "@/lib/api";
import { getSession, signIn } from "@/lib/session";
import { persistBadges } from "./badges";

/** The server's answer to every request, recording the URLs asked. */
function serve(data: unknown) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ code: 1, msg: "ok", data }), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the badges", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("write the counts the query cache receives under the spec's localStorage keys total and msg_total", async () => {
    signIn({ token: "tok" });
    const client = createQueryClient();
    const stop = persistBadges(client);

    const fetchMock = serve({ total: 4, list: [], page: 1, limit: 10, counts: {} });
    await client.fetchQuery(badgeQueryOptions());
    // The spec's order total: status 5, page 1, limit 10, data.total.
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/order\/list\?status=5&page=1&limit=10/);
    expect(localStorage.getItem("total")).toBe("4");

    serve({ total: 7, unread: 2, list: [], page: 1, limit: 1 });
    await client.fetchQuery(unreadQueryOptions());
    expect(localStorage.getItem("msg_total")).toBe("2");
    expect(getSession()).toMatchObject({ total: 4, msgTotal: 2 });

    // A pickup read the badge again: the new count replaces the old one.
    client.setQueryData(orderKeys.badge(), 0);
    expect(localStorage.getItem("total")).toBe("0");

    // Other queries, and counts after the app is gone, write nothing.
    client.setQueryData(messageKeys.list("0"), { unread: 9 });
    stop();
    client.setQueryData(messageKeys.unread(), 5);
    expect(localStorage.getItem("msg_total")).toBe("2");
  });
});
