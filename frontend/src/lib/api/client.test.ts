import { describe, expect, it, vi } from "vitest";
import { getSession, reloadSession, signIn, updateSession } from "@/lib/session";
import { api, ApiError, fetchPrivateFile, newIdempotencyKey, privateFilePath, TIMEOUT_MS } from "@/lib/api";
import { toast } from "@/lib/toast";

// The toast is antd-mobile's, loaded lazily and drawn after a tick: the tests check what the client asks it to
// show, and nothing is drawn after a test's environment is gone.
vi.mock("@/lib/toast", () => ({ toast: { fail: vi.fn() } }));

function answer(body: unknown, status = 200) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

function sentHeaders(fetchMock: ReturnType<typeof vi.fn>): Record<string, string> {
  return fetchMock.mock.calls[0][1].headers as Record<string, string>;
}

describe("api client", () => {
  it("sends token and lang, and unwraps data on code 1", async () => {
    signIn({ token: "tok-1", name: "Shop" });
    updateSession({ lang: "han" });
    const fetchMock = answer({ code: 1, msg: "ok", data: { balance: "10.00" } });
    vi.stubGlobal("fetch", fetchMock);

    await expect(api.get("product/product", { page: 1, keyword: "" })).resolves.toEqual({ balance: "10.00" });

    expect(fetchMock.mock.calls[0][0]).toBe("/merchant/product/product?page=1");
    expect(sentHeaders(fetchMock)).toMatchObject({ token: "tok-1", lang: "han" });
    expect(TIMEOUT_MS).toBe(99999);
  });

  it("throws ApiError with msg and field errors on code 0", async () => {
    vi.stubGlobal("fetch", answer({ code: 0, msg: "Wrong password", data: { errors: { pay_password: ["Wrong"] } } }));

    const error = await api.post("merchant/verify_pay", { pay_password: "000000" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, msg: "Wrong password", status: 200, isRejection: true });
    expect((error as ApiError).fieldErrors).toEqual({ pay_password: ["Wrong"] });
  });

  it("keeps the server msg for success toasts", async () => {
    vi.stubGlobal("fetch", answer({ code: 1, msg: "Login successful", data: { merinfo: { token: "t" } } }));
    await expect(api.postAnswer("merchant/login", { account: "a", password: "b" })).resolves.toEqual({
      data: { merinfo: { token: "t" } },
      msg: "Login successful",
    });
  });

  it("clears token and MerInfo on HTTP 401 but keeps the language", async () => {
    signIn({ token: "expired", name: "Shop" });
    updateSession({ lang: "en" });
    vi.stubGlobal("fetch", answer({ code: 401, msg: "Please log in first", data: null }, 401));

    const error = await api.get("merchant/getMerInfo").catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 401, status: 401 });
    expect(toast.fail).toHaveBeenCalledWith("Please log in first");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("MerInfo")).toBeNull();
    expect(localStorage.getItem("lang")).toBe("en");
    reloadSession();
    expect(getSession()).toMatchObject({ token: "", merInfo: null, lang: "en" });
  });

  it("only logs other HTTP errors and keeps the session", async () => {
    signIn({ token: "tok" });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<html>", { status: 502 })));

    const error = await api.get("merchant/getMerInfo").catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, isRejection: false });
    expect(log).toHaveBeenCalled();
    expect(getSession().token).toBe("tok");
  });

  it("sends an Idempotency-Key when asked, and multipart bodies as they are", async () => {
    const fetchMock = answer({ code: 1, msg: "", data: { id: 3, url: "/media/x.png" } });
    vi.stubGlobal("fetch", fetchMock);
    const key = newIdempotencyKey();
    const form = new FormData();
    form.append("kind", "voucher");

    await api.post("common/upload", form, { idempotencyKey: key });

    const [, init] = fetchMock.mock.calls[0];
    expect(init.method).toBe("POST");
    expect(init.body).toBe(form);
    expect(init.headers["Idempotency-Key"]).toBe(key);
    expect(init.headers["Content-Type"]).toBeUndefined();
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it("reads a private file on this origin with the session's token", async () => {
    expect(privateFilePath("https://elsewhere.example/merchant/common/file/MQ:x:y")).toBe("/merchant/common/file/MQ:x:y");
    expect(privateFilePath("/media/public/logo/a.png")).toBeNull();
    expect(privateFilePath("https://cdn.example/private/a.png")).toBeNull();
    signIn({ token: "tok-1", name: "Shop" });
    const fetchMock = vi.fn().mockResolvedValue(new Response("png", { headers: { "Content-Type": "image/png" } }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchPrivateFile("/merchant/common/file/MQ:x:y")).resolves.toMatchObject({ size: 3, type: "image/png" });
    expect(fetchMock.mock.calls[0][0]).toBe("/merchant/common/file/MQ:x:y");
    expect(sentHeaders(fetchMock)).toMatchObject({ token: "tok-1" });
    vi.stubGlobal("fetch", answer({ code: 0, msg: "Not found.", data: null }, 404));
    await expect(fetchPrivateFile("/merchant/common/file/other")).rejects.toMatchObject({ status: 404 });
  });
});
