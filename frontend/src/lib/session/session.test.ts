import { describe, expect, it } from "vitest";
import { clearSession, getSession, reloadSession, signIn, updateSession } from "@/lib/session";

describe("session", () => {
  it("persists every field under the spec's keys and never a password", () => {
    signIn({ token: "abc", shop_name: "Demo" });
    const link = { id: 1, label: "Telegram", kind: "telegram" as const, kind_label: "Telegram", url: "https://t.me/x" };
    updateSession({ lang: "tai", total: 3, msgTotal: 2, kfUrls: [link] });

    expect(localStorage.getItem("token")).toBe("abc");
    expect(JSON.parse(localStorage.getItem("MerInfo")!)).toEqual({ token: "abc", shop_name: "Demo" });
    expect(localStorage.getItem("lang")).toBe("tai");
    expect(localStorage.getItem("total")).toBe("3");
    expect(localStorage.getItem("msg_total")).toBe("2");
    expect(JSON.parse(localStorage.getItem("kf_urls")!)).toEqual([link]);
    expect(Object.keys(localStorage).some((key) => /pwd|password/i.test(key))).toBe(false);

    reloadSession();
    expect(getSession()).toMatchObject({ token: "abc", lang: "tai", total: 3, msgTotal: 2 });
  });

  it("logout clears token and merchant info only", () => {
    signIn({ token: "abc" });
    updateSession({ lang: "ri" });
    clearSession();
    reloadSession();
    expect(getSession()).toMatchObject({ token: "", merInfo: null, lang: "ri" });
  });

  it("falls back to ru-RU for a missing or unknown language", () => {
    expect(getSession().lang).toBe("ru-RU");
    localStorage.setItem("lang", "fr");
    reloadSession();
    expect(getSession().lang).toBe("ru-RU");
  });
});
