/** Shapes of the terms API, from the server's OpenAPI schema (`make schema`, lib/api/types.ts). */
import type { ApiData } from "@/lib/api/types";

/** GET merchant/terms: the notice period (days) and every kind of published terms. */
export type TermsData = ApiData<"merchant/terms">;

/** One kind of terms (levels, order windows, referral rate, fees...): versions in force, upcoming and replaced. */
export type TermsKind = TermsData["kinds"][number];

/** One version of a kind's terms: when it applies from, when merchants were told, the operators' note, its values. */
export type TermsVersion = TermsKind["in_force"][number];
