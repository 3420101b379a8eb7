import type { ApiBody, ApiData } from "@/lib/api/types";

/** GET merchant/push: the VAPID public key and the merchant's kinds, in their fixed order. */
export type PushSettings = ApiData<"merchant/push">;
export type PushKind = PushSettings["kinds"][number]["kind"];
export type PushKindsInput = ApiBody<"merchant/push_kinds">;
export type PushSubscribeInput = ApiBody<"merchant/push_subscribe">;
