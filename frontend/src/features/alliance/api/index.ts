export { allianceKeys } from "./keys";
export { coalitionQuery, getCoalition, useCoalition } from "./coalition";
export type * from "./types";
