export { accountKeys } from "./keys";
export { login, useLogin } from "./login";
export { thirdSignIn, useThirdSignIn } from "./third";
export { getMerInfo, merInfoQueryOptions, useMerInfo } from "./merInfo";
export type * from "./types";
