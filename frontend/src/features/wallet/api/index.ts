export { walletKeys } from "./keys";
export { getDepositOptions, depositOptionsQueryOptions, useDepositOptions } from "./depositOptions";
export { recharge, useRecharge } from "./recharge";
export { getRechargeLog } from "./rechargeLog";
export { getExtractForm, extractFormQueryOptions, useExtractForm, getFeePreview, useFeePreview, extract, useExtract } from "./extract";
export { getExtractLog } from "./extractLog";
export {
  getDestinations,
  destinationsQueryOptions,
  useDestinations,
  addDestination,
  useAddDestination,
  removeDestination,
  useRemoveDestination,
  confirmDestination,
  useConfirmDestination,
} from "./destinations";
export { cancelWithdrawal, useCancelWithdrawal } from "./extractCancel";
export { getBill } from "./bill";
export { toWalletSummary, useWalletSummary } from "./summary";
export { levelUpgrade, useLevelUpgrade } from "./levelUpgrade";
export type * from "./types";
