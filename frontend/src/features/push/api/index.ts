export { pushKeys } from "./keys";
export {
  getPushSettings,
  pushSettingsQueryOptions,
  setPushKinds,
  turnOffPush,
  turnOnPush,
  usePushDevice,
  usePushSettings,
  useSetPushKinds,
  useTurnOffPush,
  useTurnOnPush,
} from "./push";
export type * from "./types";
