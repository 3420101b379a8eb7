import { useQueryClient } from "@tanstack/react-query";
import { accountKeys } from "@/features/account";
import { BaseInfoForm } from "@/features/shop";

/** /baseinfo: the shop's logo, name, phone, address, introduction and welcome message. */
export default function BaseinfoScreen() {
  const queryClient = useQueryClient();
  // The merchant summary (getMerInfo) shows the shop's name and logo: refresh it after a save.
  return <BaseInfoForm onSaved={() => void queryClient.invalidateQueries({ queryKey: accountKeys.all })} />;
}
