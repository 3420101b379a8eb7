/** The Message screens with the badges: "Mark all read" clears the unread badge; a message opens what it is about. */
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { getSession, signIn } from "@/lib/session";
import { persistBadges } from "./badges";
import { MessageDetailView, MessageList, type Notice, type NoticeDetail } from "@/features/messages";

const NOTICE: Notice = {
  id: 3,
  created_at: "2026-11-20T08:00:00Z",
  type: 1,
  type_label: "System message",
  sender: "Platform",
  title: "Refund requested",
  preview: "The buyer of order O-9 asked for a refund.",
  is_read: false,
  target: { kind: "refund", id: 12 },
};

/** The server: every message unread until index/see_all_notices is posted; records the paths asked. */
function serve() {
  let unread = 2;
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(String(url), "http://app").pathname;
      paths.push(path);
      const data = path.endsWith("see_all_notices")
        ? { marked: unread, unread: (unread = 0) }
        : path.endsWith("see_notice")
          ? ({ ...NOTICE, is_read: true, content: "The buyer asked for a refund." } satisfies NoticeDetail)
          : { list: [{ ...NOTICE, is_read: unread === 0 }], page: 1, limit: 10, total: 1, unread };
      return new Response(JSON.stringify({ code: 1, msg: "", data }), { status: 200 });
    }),
  );
  return paths;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function mount(path: string) {
  signIn({ token: "tok" });
  const client = createQueryClient();
  persistBadges(client);
  render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="en" messages={{}} timeZone="UTC">
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/message" element={<MessageList />} />
            <Route path="/messageDetail" element={<MessageDetailView id={3} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("Messages", () => {
  it("marks every message read and clears the unread badge", async () => {
    const paths = serve();
    mount("/message");
    fireEvent.click(await screen.findByTestId("mark-all-read"));
    await waitFor(() => expect(getSession().msgTotal).toBe(0));
    expect(paths).toContain("/merchant/index/see_all_notices");
    await waitFor(() => expect(screen.queryByTestId("mark-all-read")).toBeNull());
  });

  it("opens what a message is about", async () => {
    serve();
    mount("/messageDetail?id=3");
    fireEvent.click(await screen.findByTestId("message-target"));
    expect((await screen.findByTestId("where")).textContent).toBe("/refundRequest?id=12");
  });
});
