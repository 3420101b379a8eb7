import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteActiveContext } from "@/hooks/useRouteActive";
import { createQueryClient } from "@/lib/api";
import { signIn } from "@/lib/session";
import { SupportChat } from "./SupportChat";

function answer(data: unknown, code = 1, msg = "ok") {
  return Promise.resolve(new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const REPLY = { id: 2, author: "operator", author_label: "Customer service", text: "Pay at https://evil.example", image: null, created_at: "2026-11-25T08:00:00+00:00" };
const PAGE = { conversation_id: 1, list: [REPLY], has_more: false, unread: 0 };

function mount(active: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <MemoryRouter>
          <RouteActiveContext.Provider value={active}>
            <SupportChat />
          </RouteActiveContext.Provider>
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("SupportChat", () => {
  it("reads nothing while its screen is hidden (reading marks replies read)", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    mount(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a reply as plain text, never as a link, and a failed send with a retry under the same key", async () => {
    const keys: string[] = [];
    let sends = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input);
      if (url.includes("kf_messages")) return answer(PAGE);
      keys.push(new Headers(init?.headers).get("Idempotency-Key") ?? "");
      sends += 1;
      if (sends === 1) return answer(null, 0, "Try again later");
      return answer({ ...REPLY, id: 3, author: "merchant", author_label: "Merchant", text: "Thanks" });
    });
    mount(true);
    const reply = await screen.findByText("Pay at https://evil.example");
    expect(reply.closest("a")).toBeNull();
    fireEvent.change(screen.getByPlaceholderText("Type a message"), { target: { value: "Thanks" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByText("Not sent")).toBeTruthy();
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByText("Not sent")).toBeNull());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("shows a private image read with the session's token, never its bare link", async () => {
    signIn({ token: "tok-owner", name: "Shop" });
    const link = `${window.location.origin}/merchant/common/file/MQ:signed`;
    URL.createObjectURL = vi.fn(() => "blob:support-image"); // jsdom has none
    URL.revokeObjectURL = vi.fn();
    const files: Array<string | null> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input);
      if (url.includes("kf_messages")) return answer({ ...PAGE, list: [{ ...REPLY, text: "", image: link }] });
      files.push(new Headers(init?.headers).get("token"));
      return Promise.resolve(new Response("png", { status: 200, headers: { "Content-Type": "image/png" } }));
    });
    mount(true);
    const image = await screen.findByRole("img", { name: "Image" });
    expect(image.getAttribute("src")).toBe("blob:support-image");
    expect(files).toEqual(["tok-owner"]); // the file was asked for with the session's token
    expect(document.querySelector(`img[src="${link}"]`)).toBeNull();
  });

  it("shows no broken picture when the server refuses the file", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
      const url = String(input);
      if (url.includes("kf_messages")) {
        return answer({ ...PAGE, list: [{ ...REPLY, text: "Look", image: `${window.location.origin}/merchant/common/file/x` }] });
      }
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: "Not found.", data: null }), { status: 404 }));
    });
    mount(true);
    await screen.findByText("Look");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("img")).toBeNull();
  });
});
