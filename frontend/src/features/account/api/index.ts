export { accountKeys } from "./keys";
export { deviceTimeZone, login, useLogin } from "./login";
export { thirdSignIn, useThirdSignIn } from "./third";
export { getMerInfo, merInfoQueryOptions, useMerInfo } from "./merInfo";
export {
  register,
  resubmitDocuments,
  useRegister,
  useResubmitDocuments,
  useVerifyInviteCode,
  verifyInviteCode,
} from "./register";
export {
  changePassword,
  resetPassword,
  savePayPassword,
  sendResetCode,
  useChangePassword,
  useResetPassword,
  useSavePayPassword,
} from "./password";
export { logout, setLanguage, useLogout, useSetLanguage } from "./session";
export { setAvatar, useSetAvatar } from "./avatar";
export { setTimeZone, useSetTimeZone } from "./timeZone";
export { getOperatorActions } from "./operatorActions";
export {
  cancelRecovery,
  changeContact,
  getRecovery,
  recoveryQueryOptions,
  sendContactCode,
  sendVerifyCode,
  useCancelRecovery,
  useChangeContact,
  useRecovery,
  useVerifyContact,
  verifyContact,
} from "./contact";
export {
  loginFactor,
  securityQueryOptions,
  useLoginFactor,
  useRecoveryCodes,
  useSecurity,
  useTotpConfirm,
  useTotpOff,
  useTotpStart,
} from "./security";
export { devicesQueryOptions, getDevices, notMe, signOutDevice, useDevices, useNotMe, useSignOutDevice } from "./devices";
export {
  addPasskey,
  getPasskeys,
  makePasskey,
  passkeyAnswer,
  passkeyFactorAnswer,
  passkeySignIn,
  passkeysQueryOptions,
  removePasskey,
  useAddPasskey,
  useMakePasskey,
  usePasskeys,
  usePasskeySignIn,
  useRemovePasskey,
} from "./passkeys";
export type * from "./types";
