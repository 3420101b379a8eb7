import { applicationServerKey, pushNotice, sitePath, subscriptionBody } from "./pushPayload";

const ORIGIN = "https://shop.example";

describe("pushNotice", () => {
  it("keeps the server's title, body, path and tag", () => {
    const payload = { title: "New order", body: "Order 123 awaits pickup", path: "/orderDetail?id=123", tag: "notice-4" };
    expect(pushNotice(payload)).toEqual(payload);
  });

  it("shows something for a payload that is not a notice, and opens /home", () => {
    expect(pushNotice(null)).toEqual({ title: "Merchant", body: "", path: "/home" });
    expect(pushNotice({ title: 5, body: ["x"], path: {}, tag: "" })).toEqual({ title: "Merchant", body: "", path: "/home" });
  });

  it("bounds what it shows", () => {
    expect(pushNotice({ title: "t".repeat(500) }).title).toHaveLength(200);
  });
});

describe("sitePath", () => {
  it("opens a path of this site with its query and hash", () => {
    expect(sitePath("/orderDetail?id=123", ORIGIN)).toBe("/orderDetail?id=123");
    expect(sitePath("/messageDetail?id=9#top", ORIGIN)).toBe("/messageDetail?id=9#top");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "orderDetail", "", 42, null])(
    "refuses %s: /home instead",
    (path) => {
      expect(sitePath(path, ORIGIN)).toBe("/home");
    },
  );
});

describe("subscriptionBody", () => {
  it("takes the endpoint and both keys of PushSubscription.toJSON()", () => {
    const json = { endpoint: "https://push.example/1", expirationTime: null, keys: { p256dh: "BPk", auth: "au" } };
    expect(subscriptionBody(json)).toEqual({ endpoint: "https://push.example/1", p256dh: "BPk", auth: "au" });
  });

  it("is null without an endpoint or a key", () => {
    expect(subscriptionBody({ endpoint: "https://push.example/1", keys: { p256dh: "BPk" } })).toBeNull();
    expect(subscriptionBody({ keys: { p256dh: "BPk", auth: "au" } })).toBeNull();
  });
});

describe("applicationServerKey", () => {
  it("decodes base64url without padding into the key's bytes", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const base64url = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(Array.from(applicationServerKey(base64url))).toEqual(Array.from(bytes));
  });
});
