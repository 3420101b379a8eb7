export { termsKeys } from "./keys";
export { getTerms, termsQueryOptions, useTerms } from "./terms";
export type * from "./types";
