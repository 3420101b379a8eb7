export { promotionKeys } from "./keys";
export { getTrain, trainQueryOptions, useTrain, buyTrain, useBuyTrain, getTrainBill, getSellingGoods } from "./train";
export type * from "./types";
