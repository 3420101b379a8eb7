import { creationOptions, fromBase64url, requestOptions, toBase64url } from "./passkey";

const bytes = (buffer: ArrayBuffer | ArrayBufferView) =>
  Array.from(new Uint8Array(buffer instanceof ArrayBuffer ? buffer : buffer.buffer));

test("base64url round-trips every byte, without padding", () => {
  const all = new Uint8Array(256).map((_, i) => i);
  const text = toBase64url(all.buffer);
  expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(bytes(fromBase64url(text))).toEqual(Array.from(all));
  expect(toBase64url(new Uint8Array([0xfb, 0xff]).buffer)).toBe("-_8");
  expect(bytes(fromBase64url("-_8"))).toEqual([0xfb, 0xff]);
});

test("the server's options become the browser's: binary members decoded", () => {
  const created = creationOptions({
    challenge: "AQID",
    rp: { id: "example.com", name: "Shop" },
    user: { id: "BAUG", name: "a@b.c", displayName: "A" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [{ type: "public-key", id: "Bwg", transports: ["internal"] }],
  });
  expect(bytes(created.challenge as ArrayBuffer)).toEqual([1, 2, 3]);
  expect(bytes(created.user.id as ArrayBuffer)).toEqual([4, 5, 6]);
  expect(created.user.name).toBe("a@b.c");
  expect(created.excludeCredentials?.map((c) => bytes(c.id as ArrayBuffer))).toEqual([[7, 8]]);

  const requested = requestOptions({ challenge: "AQID", rpId: "example.com", allowCredentials: [], userVerification: "required" });
  expect(bytes(requested.challenge as ArrayBuffer)).toEqual([1, 2, 3]);
  expect(requested.allowCredentials).toEqual([]);
  expect(requested.userVerification).toBe("required");
});
