import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { ContactVerifySheet } from "./ContactVerifySheet";
import { ProfileView } from "./ProfileView";

const MERCHANT = {
  id: 1,
  phone: "+66812345678",
  email: "merchant7@example.com",
  real_name: "Alex Morgan",
  country: "TH",
  avatar: null,
  verified: true,
  phone_verified: false,
  email_verified: false,
  status: "active",
  status_label: "Active",
  status_reason: "",
  language: "en",
  time_zone: "Asia/Bangkok",
  has_pay_password: true,
  invite_code: "ABC123",
  created_at: "2026-11-01T00:00:00Z",
  shop: null,
  level: null,
  balance: "0.00",
  pending_amount: "0.00",
  held_amount: "0.00",
  pending_sales: "0.00",
  total_income: "0.00",
};

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

/** fetch answering by path (without its query): `answers[path]`, the last one again once they run out. */
function serve(answers: Record<string, unknown[]>) {
  const fetchMock = vi.fn((url: string) => {
    const path = url.replace("/merchant/", "").split("?")[0];
    const queue = answers[path] ?? [{ code: 1, msg: "ok", data: null }];
    return answer(queue.length > 1 ? queue.shift() : queue[0]);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function posts(fetchMock: ReturnType<typeof serve>) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => ({ url, body: JSON.parse(init?.body as string) as unknown }));
}

function wrap(children: React.ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <MemoryRouter>{children}</MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ContactVerifySheet", () => {
  it("verifies the phone from personal information: a code to it, then the code; the row turns Verified", async () => {
    const fetchMock = serve({
      "merchant/getMerInfo": [{ code: 1, msg: "ok", data: MERCHANT }],
      "merchant/recovery": [{ code: 1, msg: "ok", data: { recovery: null, delay_hours: 72 } }],
      "merchant/send_verify_code": [{ code: 1, msg: "A verification code has been sent to your phone number.", data: null }],
      "merchant/verify_contact": [{ code: 1, msg: "Phone number verified", data: { ...MERCHANT, phone_verified: true } }],
    });
    render(wrap(<ProfileView />));
    const phoneRow = await screen.findByTestId("change-phone");
    expect(within(phoneRow).getByText("Not verified")).toBeTruthy();
    expect(within(screen.getByTestId("change-email")).getByText("Not verified")).toBeTruthy();

    // Verify opens its sheet, not the row's change sheet.
    fireEvent.click(within(phoneRow).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Verify phone number")).toBeTruthy();
    expect(screen.queryByText("Change phone number")).toBeNull();
    expect(screen.getByText("+668•••5678")).toBeTruthy(); // where the code goes, partly hidden

    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Please enter the verification code")).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("button", { name: /Resend in \d+s/ })).toBeTruthy();
    expect(posts(fetchMock)).toEqual([{ url: "/merchant/merchant/send_verify_code", body: { kind: "phone" } }]);

    fireEvent.change(screen.getByPlaceholderText("6-digit code"), { target: { value: " 123456 " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByText("Verify phone number")).toBeNull());
    expect(posts(fetchMock)[1]).toEqual({ url: "/merchant/merchant/verify_contact", body: { kind: "phone", code: "123456" } });
    await waitFor(() => expect(within(phoneRow).getByText("Verified")).toBeTruthy());
    expect(within(phoneRow).queryByRole("button", { name: "Verify" })).toBeNull();
    expect(within(screen.getByTestId("change-email")).getByText("Not verified")).toBeTruthy();
  });

  it("shows a wrong code's refusal on the code and stays open", async () => {
    const invalid = "The verification code is invalid or has expired.";
    serve({ "merchant/verify_contact": [{ code: 0, msg: invalid, data: { error: 1000, errors: { code: [invalid] } } }] });
    const onClose = vi.fn();
    render(wrap(<ContactVerifySheet kind="email" address="merchant7@example.com" open onClose={onClose} />));
    expect(await screen.findByText("Verify email")).toBeTruthy();
    expect(screen.getByText("m•••7@example.com")).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("6-digit code"), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
