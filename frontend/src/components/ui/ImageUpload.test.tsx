import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { signIn } from "@/lib/session";
import { holdUploads, pickImage } from "@/test/upload";
import { ImageUpload, type Uploaded } from "./ImageUpload";

/** The picker in a form: its value follows onChange, as a react-hook-form Controller's does. */
function Field({ kind, initial, onChange, onUploadingChange }: {
  kind: string;
  initial: Uploaded | null;
  onChange: (value: Uploaded | null) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [value, setValue] = useState(initial);
  const change = (next: Uploaded | null) => {
    setValue(next);
    onChange(next);
  };
  return <ImageUpload kind={kind} value={value} onChange={change} onUploadingChange={onUploadingChange} />;
}

function renderUpload(kind = "logo", initial: Uploaded | null = null) {
  const onChange = vi.fn();
  const onUploadingChange = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <Field kind={kind} initial={initial} onChange={onChange} onUploadingChange={onUploadingChange} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  const pick = () => pickImage(view.container.querySelector<HTMLInputElement>("input[type=file]")!);
  return { ...view, onChange, onUploadingChange, pick };
}

describe("ImageUpload", () => {
  it("reports uploading from the pick until the upload id is handed over", async () => {
    const uploads = holdUploads();
    const { onChange, onUploadingChange, pick } = renderUpload();
    expect(onUploadingChange).not.toHaveBeenCalled();

    pick();
    await waitFor(() => expect(onUploadingChange).toHaveBeenLastCalledWith(true));
    expect(uploads.fetchMock.mock.calls[0][0]).toBe("/merchant/common/upload");
    expect(onChange).not.toHaveBeenCalled();

    await uploads.answer(0, { code: 1, msg: "ok", data: { id: "up-1", url: "/media/up-1.png" } });
    await waitFor(() => expect(onUploadingChange).toHaveBeenLastCalledWith(false));
    expect(onChange).toHaveBeenCalledWith({ id: "up-1", url: "/media/up-1.png" });
    expect(onUploadingChange).toHaveBeenCalledTimes(2);
  });

  it("reports the end of a failed upload", async () => {
    const uploads = holdUploads();
    const { onChange, onUploadingChange, pick } = renderUpload();
    pick();
    await waitFor(() => expect(onUploadingChange).toHaveBeenLastCalledWith(true));

    await uploads.answer(0, { code: 0, msg: "Unsupported image", data: null });
    await waitFor(() => expect(onUploadingChange).toHaveBeenLastCalledWith(false));
    expect(onChange.mock.calls.every(([value]) => value === null)).toBe(true);
    // No broken tile stays behind: no failed cell, no picture cell, only the "add" button again.
    expect(document.querySelector(".adm-image-uploader-cell-fail")).toBeNull();
    expect(document.querySelector(".adm-image-uploader-cell-image")).toBeNull();
  });

  it("reports the end when it is unmounted mid-upload", async () => {
    holdUploads();
    const { onUploadingChange, pick, unmount } = renderUpload();
    pick();
    await waitFor(() => expect(onUploadingChange).toHaveBeenLastCalledWith(true));

    unmount();
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    expect(onUploadingChange).toHaveBeenCalledTimes(2);
  });

  it("shows the picture just chosen from the device, not through its private link", async () => {
    const uploads = holdUploads();
    URL.createObjectURL = vi.fn(() => "blob:picked");
    URL.revokeObjectURL = vi.fn();
    const { pick, unmount } = renderUpload("id_document");
    pick();
    await waitFor(() => expect(uploads.fetchMock).toHaveBeenCalledTimes(1));
    await uploads.answer(0, { code: 1, msg: "ok", data: { id: "up-2", url: "/merchant/common/file/MQ:signed" } });
    await waitFor(() => expect(document.querySelector(".adm-image-uploader-cell-image img")).not.toBeNull());
    expect(document.querySelector(".adm-image-uploader-cell-image img")!.getAttribute("src")).toBe("blob:picked");
    expect(document.querySelector('img[src*="common/file"]')).toBeNull();
    expect(uploads.fetchMock).toHaveBeenCalledTimes(1); // the link was never asked for
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:picked");
  });

  it("shows a private value it starts with through the session's token", async () => {
    signIn({ token: "tok-owner", name: "Shop" });
    URL.createObjectURL = vi.fn(() => "blob:stored");
    URL.revokeObjectURL = vi.fn();
    const fetchMock = vi.fn().mockResolvedValue(new Response("png", { headers: { "Content-Type": "image/png" } }));
    vi.stubGlobal("fetch", fetchMock);
    renderUpload("voucher", { id: "up-3", url: `${window.location.origin}/merchant/common/file/Mw:signed` });
    await waitFor(() => expect(document.querySelector('.adm-image-uploader-cell-image img[src="blob:stored"]')).not.toBeNull());
    expect(new Headers(fetchMock.mock.calls[0][1].headers).get("token")).toBe("tok-owner");
  });
});
