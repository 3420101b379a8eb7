import { describe, expect, it, vi } from "vitest";
import { readPartnerLink, savePartnerLink } from "../partner";
import { register } from "./register";
import type { RegisterInput } from "./types";

const input = { shop_name: "Shop", invite_code: "WELCOME" } as RegisterInput;
const ok = () =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 1, msg: "Under review", data: { status: "pending" } })));

describe("register", () => {
  it("posts a plain registration to merchant/register", async () => {
    const fetchMock = ok();
    vi.stubGlobal("fetch", fetchMock);
    await expect(register(input)).resolves.toEqual({ data: { status: "pending" }, msg: "Under review" });
    expect(fetchMock.mock.calls[0][0]).toBe("/merchant/merchant/register");
  });

  it("links a kept partner identity through tkregister with data, code and mer, then forgets it", async () => {
    savePartnerLink({ data: "payload", code: "sig", mer: "partner" });
    const fetchMock = ok();
    vi.stubGlobal("fetch", fetchMock);
    await register(input);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/merchant/merchant/tkregister");
    expect(JSON.parse(init.body)).toEqual({ ...input, data: "payload", code: "sig", mer: "partner" });
    expect(readPartnerLink()).toBeNull();
    expect(localStorage.getItem("data")).toBeNull();
  });

  it("keeps the partner identity when the registration is refused, for the next try", async () => {
    savePartnerLink({ data: "payload", code: "sig", mer: "partner" });
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 0, msg: "The invitation code is invalid.", data: null }))),
    );
    await expect(register(input)).rejects.toMatchObject({ msg: "The invitation code is invalid." });
    expect(readPartnerLink()).toEqual({ data: "payload", code: "sig", mer: "partner" });
  });
});
