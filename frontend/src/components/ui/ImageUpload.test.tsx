import { render, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { holdUploads, pickImage } from "@/test/upload";
import { ImageUpload } from "./ImageUpload";

function renderUpload() {
  const onChange = vi.fn();
  const onUploadingChange = vi.fn();
  const view = render(
    <IntlProvider locale="en" messages={{}}>
      <ImageUpload kind="logo" value={null} onChange={onChange} onUploadingChange={onUploadingChange} />
    </IntlProvider>,
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
});
