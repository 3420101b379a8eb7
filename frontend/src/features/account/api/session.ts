import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { LangCode } from "@/lib/intl";
import { clearSession, updateSession } from "@/lib/session";

/** POST merchant/logout ends this session on the server; the browser session is cleared whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await api.post("merchant/logout");
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { toast: false } });
}

/** GET merchant/set_language: the signed-in merchant's language (notifications and e-mails use it). */
export function setLanguage(lang: LangCode): Promise<{ lang: string }> {
  return api.get("merchant/set_language", { lang });
}

export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLanguage,
    onMutate: (lang) => updateSession({ lang }),
    // Server texts (status labels, messages) are translated: refetch them in the new language.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
