import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { ContactChangeSheet } from "./ContactChangeSheet";

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const SECURITY = "merchant/security";
const twoStep = (on: boolean) => ({ code: 1, msg: "", data: { second_factor: on, totp: on, recovery_codes_left: on ? 10 : 0 } });

/** fetch answering by path: `answers[path]` (the last one again once they run out); two-step sign-in off unless
 * `answers` says otherwise. */
function serve(answers: Record<string, unknown[]>) {
  const all: Record<string, unknown[]> = { [SECURITY]: [twoStep(false)], ...answers };
  const fetchMock = vi.fn((url: string) => {
    const path = url.replace("/merchant/", "");
    const queue = all[path];
    return answer(queue.length > 1 ? queue.shift() : queue[0]);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The requests the form sent (the state of two-step sign-in it read aside). */
function sent(fetchMock: ReturnType<typeof serve>) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => !url.endsWith(SECURITY));
}

function body(fetchMock: ReturnType<typeof serve>, index: number) {
  const [url, init] = sent(fetchMock)[index];
  return { url, body: JSON.parse(init.body as string) as unknown };
}

function mount(kind: "email" | "phone", onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <ContactChangeSheet kind={kind} open onClose={onClose} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe("ContactChangeSheet", () => {
  it("sends a code to the new email, then changes it with the code and the login password", async () => {
    const fetchMock = serve({
      "merchant/send_contact_code": [{ code: 1, msg: "A verification code has been sent to the new email address.", data: null }],
      "merchant/change_contact": [{ code: 1, msg: "Email address changed", data: { email: "new@example.org" } }],
    });
    const onClose = mount("email");
    expect(await screen.findByText("Change email")).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("Enter the new email address"), { target: { value: " new@example.org " } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(body(fetchMock, 0)).toEqual({ url: "/merchant/merchant/send_contact_code", body: { kind: "email", value: "new@example.org" } });
    expect(await screen.findByRole("button", { name: /Resend in \d+s/ })).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText("6-digit code"), { target: { value: "123456" } });
    fireEvent.change(screen.getByPlaceholderText("Enter your login password"), { target: { value: "Merchant-pass-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body(fetchMock, 1)).toEqual({
      url: "/merchant/merchant/change_contact",
      body: { kind: "email", value: "new@example.org", code: "123456", password: "Merchant-pass-2026" },
    });
  });

  it("asks for a valid phone number before sending anything", async () => {
    const fetchMock = serve({});
    mount("phone");
    fireEvent.change(await screen.findByPlaceholderText(/Enter the new phone number/), { target: { value: "12ab" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Please enter a valid phone number")).toBeTruthy();
    expect(sent(fetchMock)).toHaveLength(0);
  });

  it("shows the server's refusal on its field: an address another account has", async () => {
    const taken = "This email address is already used by another account.";
    serve({
      "merchant/send_contact_code": [{ code: 1, msg: "sent", data: null }],
      "merchant/change_contact": [{ code: 0, msg: taken, data: { error: 1000, errors: { value: [taken] } } }],
    });
    const onClose = mount("email");
    fireEvent.change(await screen.findByPlaceholderText("Enter the new email address"), { target: { value: "taken@example.com" } });
    fireEvent.change(screen.getByPlaceholderText("6-digit code"), { target: { value: "123456" } });
    fireEvent.change(screen.getByPlaceholderText("Enter your login password"), { target: { value: "secret-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("with two-step sign-in on, asks its code and sends it as factor_code", async () => {
    const fetchMock = serve({
      [SECURITY]: [twoStep(true)],
      "merchant/change_contact": [{ code: 1, msg: "Email address changed", data: { email: "new@example.org" } }],
    });
    const onClose = mount("email");
    fireEvent.change(await screen.findByPlaceholderText("Enter the new email address"), { target: { value: "new@example.org" } });
    fireEvent.change(screen.getAllByPlaceholderText("6-digit code")[0], { target: { value: "123456" } });
    fireEvent.change(screen.getByPlaceholderText("Enter your login password"), { target: { value: "Merchant-pass-2026" } });
    expect(await screen.findByText("Two-step sign-in code")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    expect(
      await screen.findByText("Please enter the code from your authenticator app or a recovery code."),
    ).toBeTruthy();
    expect(sent(fetchMock)).toHaveLength(0);

    fireEvent.change(screen.getAllByPlaceholderText("6-digit code")[1], { target: { value: "65 4321" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body(fetchMock, 0).body).toEqual({
      kind: "email",
      value: "new@example.org",
      code: "123456",
      password: "Merchant-pass-2026",
      factor_code: "654321",
    });
  });
});
