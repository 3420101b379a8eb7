import { afterEach, describe, expect, it, vi } from "vitest";
import { MutationObserver } from "@tanstack/react-query";
import { ApiError, applyFieldErrors, createQueryClient } from "@/lib/api";
import { toast } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({ toast: { fail: vi.fn() } }));

const refused = () => new ApiError(0, "Wrong current password", { errors: { old_password: ["Wrong current password"] } });

/** A mutation that the server refuses, run as a form runs it: its own onError puts the errors on `fields`. */
async function submit(fields: string[], error = refused()) {
  const observer = new MutationObserver(createQueryClient(), { mutationFn: () => Promise.reject(error) });
  const unsubscribe = observer.subscribe(() => undefined); // a mounted form: useMutation listens
  const setError = vi.fn();
  await observer
    .mutate(undefined, { onError: (e) => applyFieldErrors(e, setError, fields) })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 10)); // the toast waits a task
  unsubscribe();
  return setError;
}

describe("the query client's toast of a refusal", () => {
  afterEach(() => vi.mocked(toast.fail).mockClear());

  it("is not shown when the form shows every field error on its field", async () => {
    const setError = await submit(["old_password", "password"]);
    expect(setError).toHaveBeenCalledWith("old_password", { type: "server", message: "Wrong current password" });
    expect(toast.fail).not.toHaveBeenCalled();
  });

  it("is shown when a field error has no field on the form, or the refusal names none", async () => {
    await submit(["password"]);
    expect(toast.fail).toHaveBeenCalledWith("Wrong current password");
    vi.mocked(toast.fail).mockClear();
    await submit(["password"], new ApiError(0, "Too many attempts"));
    expect(toast.fail).toHaveBeenCalledWith("Too many attempts");
  });
});
