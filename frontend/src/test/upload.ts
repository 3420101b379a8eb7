import { act, fireEvent } from "@testing-library/react";
import { vi } from "vitest";

/**
 * fetch where each common/upload waits until the test answers it (answer(i, body): the i-th upload), and any other
 * path answers `other`. jsdom has no object URLs: ImageUploader's preview gets a stub.
 */
export function holdUploads(other: unknown = { code: 1, msg: "ok", data: null }) {
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => undefined;
  const answers: ((body: unknown) => void)[] = [];
  const fetchMock = vi.fn((url: string) => {
    if (!url.endsWith("/common/upload")) return Promise.resolve(new Response(JSON.stringify(other)));
    return new Promise<Response>((resolve) => answers.push((body) => resolve(new Response(JSON.stringify(body)))));
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    answer: (index: number, body: unknown) => act(async () => answers[index](body)),
  };
}

/** Picks an image in an ImageUploader's file input. */
export function pickImage(input: HTMLInputElement, name = "photo.png") {
  fireEvent.change(input, { target: { files: [new File(["png"], name, { type: "image/png" })] } });
}
