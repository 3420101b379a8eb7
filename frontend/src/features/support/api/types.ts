/** Shapes of the support API: aliases of the types generated from the server's OpenAPI schema (`make schema`). */
import type { ApiBody, ApiData, Schemas } from "@/lib/api/types";

/** A configured customer-service link (kf url): https:, tg: or mailto: only (checked on the server). */
export type SupportLink = Schemas["SupportLink"];
export type SupportLinkKind = SupportLink["kind"];
export type SupportEntry = ApiData<"newapi/get_kf_url">;
export type SupportMessage = Schemas["SupportMessage"];
export type SupportPage = ApiData<"newapi/kf_messages">;
export type SendInput = ApiBody<"newapi/kf_send">;
