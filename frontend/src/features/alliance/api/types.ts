/** Shapes of the alliance API, from the server's OpenAPI schema (`make schema`, lib/api/types.ts). */
import type { ApiData, ApiListItem } from "@/lib/api/types";

/** GET index/coalition: the invitation, the rate in force (percent), the totals and a page of members. */
export type CoalitionPage = ApiData<"index/coalition">;

/** A member: initials, settled orders, registration time, and the rewards the signed-in merchant earned from it. */
export type AllianceMember = ApiListItem<"index/coalition">;
