import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/api";
import { holdUploads, pickImage } from "@/test/upload";
import { ResubmitDocuments } from "./ResubmitDocuments";

const uploaded = (id: string) => ({ code: 1, msg: "ok", data: { id, url: `/media/${id}.png` } });

describe("ResubmitDocuments", () => {
  it("holds its submit button while a picture is uploading, then sends every upload id", async () => {
    const uploads = holdUploads({ code: 1, msg: "Submitted for review", data: { status: "pending" } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en" messages={{}}>
          <ResubmitDocuments />
        </IntlProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Submit new documents" }));
    const submit = await screen.findByRole("button", { name: "Submit for review" });
    const inputs = () => document.querySelectorAll<HTMLInputElement>(".upload-tile input[type=file]");
    await waitFor(() => expect(inputs()).toHaveLength(4));

    const [front, back, hand] = Array.from(inputs());
    pickImage(front);
    pickImage(back);
    await waitFor(() => expect(submit).toHaveProperty("disabled", true));
    await uploads.answer(0, uploaded("front"));
    pickImage(hand);
    await uploads.answer(1, uploaded("back"));
    // Two uploads ended, one is still on its way: still held.
    expect(submit).toHaveProperty("disabled", true);

    await uploads.answer(2, uploaded("hand"));
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    fireEvent.click(submit);

    await waitFor(() => expect(uploads.fetchMock).toHaveBeenCalledTimes(4));
    const [url, init] = uploads.fetchMock.mock.calls[3] as unknown as [string, RequestInit];
    expect(url).toBe("/merchant/merchant/resubmit");
    expect(JSON.parse(init.body as string)).toEqual({ id_front: "front", id_back: "back", id_hand: "hand", license: "" });
  });
});
