import type { ReactNode } from "react";
import { onlineManager, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { Toast } from "antd-mobile";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createQueryClient, OfflineError } from "@/lib/api";
import { useMoneyMutation } from "./useMoneyMutation";

type Input = { amount: string };

/** A server stand-in: records the key of every call and answers with the next planned outcome. */
function server(...outcomes: unknown[]) {
  const keys: string[] = [];
  const send = vi.fn(async (_input: Input, key: string) => {
    keys.push(key);
    const outcome = outcomes.shift();
    if (outcome === undefined) throw new Error("no outcome planned");
    if (typeof outcome !== "string") throw outcome; // an error (jsdom's DOMException is no `instanceof Error`)
    return outcome;
  });
  return { keys, send };
}

function setup(send: (input: Input, key: string) => Promise<string>, invalidates: readonly QueryKey[] = []) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <IntlProvider locale="en" onError={() => undefined}>
        {children}
      </IntlProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useMoneyMutation(send, { invalidates }), { wrapper });
  /** One submit, as a form does it: mutate and wait until it settles. */
  const submit = async (amount = "100.00") => {
    await act(async () => {
      await result.current.mutateAsync({ amount }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
  };
  return { result, submit, client };
}

const lost = () => new TypeError("Failed to fetch");
const rejected = () => new ApiError(0, "Wrong payment password", { error: 1010 });

describe("useMoneyMutation", () => {
  it("sends the same key again after a lost answer (network failure, time-out, server error)", async () => {
    const toast = vi.spyOn(Toast, "show");
    const timeout = new DOMException("The operation timed out.", "TimeoutError");
    const { keys, send } = server(lost(), timeout, new ApiError(0, "Bad gateway", null, 502), "done");
    const { submit } = setup(send);
    await submit();
    const noAnswer = expect.objectContaining({ content: expect.stringContaining("submit again") });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(noAnswer));
    await submit();
    await submit();
    await submit();
    expect(send).toHaveBeenCalledTimes(4);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps the key when the form changed after a lost answer: the server refuses a second, different use", async () => {
    const { keys, send } = server(lost(), "done");
    const { submit } = setup(send);
    await submit("100.00");
    await submit("90.00");
    expect(send.mock.calls.map(([input]) => input.amount)).toEqual(["100.00", "90.00"]);
    expect(keys[1]).toBe(keys[0]);
  });

  it("makes a fresh key for the submit after a success", async () => {
    const { keys, send } = server("done", "done again");
    const { submit, result } = setup(send);
    await submit();
    expect(result.current.data).toBe("done");
    await submit();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("makes a fresh key for the submit after a rejection (nothing was stored under it)", async () => {
    const toast = vi.spyOn(Toast, "show");
    const { keys, send } = server(rejected(), "done");
    const { submit } = setup(send);
    await submit();
    // The query client toasts the server's message (possibly once antd-mobile's Toast has loaded).
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: "Wrong payment password" })));
    await submit();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("after a lost answer then a success, the next submit is a new operation", async () => {
    const { keys, send } = server(lost(), "done", "done again");
    const { submit } = setup(send);
    await submit();
    await submit();
    await submit();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("each mounted form has its own key", async () => {
    const first = server(lost());
    const second = server(lost());
    await setup(first.send).submit();
    await setup(second.send).submit();
    expect(first.keys[0]).not.toBe(second.keys[0]);
  });

  describe("offline", () => {
    afterEach(() => onlineManager.setOnline(true));

    it("fails at once, sends nothing, and sends nothing later when the device is back online", async () => {
      const toast = vi.spyOn(Toast, "show");
      const { send } = server("done");
      const { submit, result } = setup(send);
      onlineManager.setOnline(false);
      await submit();
      expect(result.current.error).toBeInstanceOf(OfflineError);
      expect(result.current.isPaused).toBe(false);
      expect(send).not.toHaveBeenCalled();
      // Not the "submit again, it will be done once" of a lost answer: nothing was sent (UnansweredChanges says so).
      expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ content: expect.stringContaining("submit again") }));
      onlineManager.setOnline(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(send).not.toHaveBeenCalled();
      await submit();
      expect(send).toHaveBeenCalledTimes(1);
      expect(result.current.data).toBe("done");
    });
  });

  describe("reads again exactly what a money move changes", () => {
    // What a merchant who visited every screen has in the cache (every screen stays mounted).
    const cached: QueryKey[] = [
      ["account", "merInfo"],
      ["wallet", "bill", "all"],
      ["wallet", "extractForm"],
      ["orders", "list", "5", ""],
      ["orders", "badge"],
      ["catalog", "goods", "selling"],
      ["figures", "home"],
      ["messages", "unread"],
    ];
    const invalidated = (client: ReturnType<typeof setup>["client"]) =>
      cached.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("."));

    it.each([
      ["done", "done"],
      ["refused", rejected()],
      ["unanswered", lost()],
    ])("the balance, the wallet and the feature's keys, and nothing else, after an attempt %s", async (_name, outcome) => {
      const { send } = server(outcome);
      const { submit, client } = setup(send, [["orders"]]);
      cached.forEach((key) => client.setQueryData(key, {}));
      await submit();
      await waitFor(() =>
        expect(invalidated(client)).toEqual([
          "account.merInfo",
          "wallet.bill.all",
          "wallet.extractForm",
          "orders.list.5.",
          "orders.badge",
        ]),
      );
    });
  });
});
