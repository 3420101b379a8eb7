import { describe, expect, it } from "vitest";
import { LANGUAGES, loadMessages } from "@/lib/intl";

describe("catalogue loader", () => {
  it("loads the active language's catalogue", async () => {
    const korean = await loadMessages("han");
    expect(korean.tag).toBe("ko-KR");
    expect(korean.messages["login.submit"]).toBe("로그인");
  });

  it("falls back to ru-RU for an unknown or missing language", async () => {
    for (const code of ["fr", "", null]) {
      const loaded = await loadMessages(code as string);
      expect(loaded.code).toBe("ru-RU");
      expect(loaded.messages["login.submit"]).toBe("Войти");
    }
  });

  it("has a catalogue for each of the seven languages", async () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(["en", "zh-CN", "zh-Hant", "ru-RU", "han", "ri", "tai"]);
    for (const language of LANGUAGES) {
      const loaded = await loadMessages(language.code);
      expect(loaded.code).toBe(language.code);
      expect(loaded.messages["route.home"]).toBeTruthy();
    }
  });
});
