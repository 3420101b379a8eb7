import type { ReactNode } from "react";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { merInfoKey } from "@/lib/merchant";
import { orderKeys } from "./keys";
import { usePick } from "./orders";

afterEach(() => vi.unstubAllGlobals());

describe("a pickup", () => {
  it("reads again the orders, the balance and the wallet's records, and no other kept screen's data", async () => {
    const body = { code: 1, msg: "Picked up", data: { id: 7 } };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })));
    const client = createQueryClient();
    const cached: QueryKey[] = [
      orderKeys.list("5", ""),
      orderKeys.counts(),
      orderKeys.badge(),
      orderKeys.detail(7),
      merInfoKey,
      ["wallet", "bill", "all"],
      ["catalog", "goods", "selling"],
      ["messages", "unread"],
      ["figures", "home"],
    ];
    cached.forEach((key) => client.setQueryData(key, {}));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <IntlProvider locale="en">{children}</IntlProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => usePick(), { wrapper });

    await act(() => result.current.mutateAsync({ id: 7, pay_password: "246810" }));

    const stale = cached.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("."));
    expect(stale).toEqual(["orders.list.5.", "orders.counts", "orders.badge", "orders.detail.7", "account.merInfo", "wallet.bill.all"]);
  });
});
