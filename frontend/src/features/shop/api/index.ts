export { shopKeys } from "./keys";
export { getStore, storeQueryOptions, useStore, saveStore, saveBanners, useSaveStore, useSaveBanners } from "./store";
export { getLevels, levelsQueryOptions, useLevels } from "./levels";
export type * from "./types";
