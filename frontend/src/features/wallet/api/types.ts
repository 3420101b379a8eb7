/**
 * Shapes of the wallet API: aliases of the types generated from the server's OpenAPI schema (`make schema`,
 * lib/api/types.ts). Money is a 2-decimal string, times are ISO 8601.
 */
import type { ApiBody, ApiData, ApiListItem, ApiQuery, Schemas } from "@/lib/api/types";

export type DepositNetwork = Schemas["GetBlockchainApiNetwork"];

export type BankDetails = Schemas["GetBlockchainApiBank"];

/** GET merchant/getBlockchain. */
export type DepositOptions = ApiData<"merchant/getBlockchain">;

/** Deposit and withdrawal status: 0 in review, 1 approved, 2 rejected; a withdrawal also 3 cancelled. */
export type RecordStatus = Schemas["DepositStatusEnum"] | Schemas["WithdrawalStatusEnum"];

export type Deposit = Schemas["DepositOutput"];

/** POST merchant/recharge, by method: the chain and bank forms send different fields. */
type RechargeBody = ApiBody<"merchant/recharge">;
export type ChainRechargeInput = Required<Pick<RechargeBody, "network" | "amount" | "voucher" | "tx_hash">> & {
  type: "chain";
};
export type BankRechargeInput = Required<
  Pick<RechargeBody, "name" | "card_number" | "bank_name" | "amount" | "voucher">
> & { type: "bank" };
export type RechargeInput = ChainRechargeInput | BankRechargeInput;

/** GET merchant/extract: the withdrawal form data; `preview` when asked with an amount. */
export type ExtractForm = ApiData<"merchant/extract", "get">;

export type FeePreview = Schemas["ExtractApiOutputFeePreview"];

export type ExtractInput = ApiBody<"merchant/extract", "post">;

export type Withdrawal = Schemas["WithdrawalOutput"];

/** A payout destination (merchant/destinations): name, shortened account, when it is usable. */
export type Destination = Schemas["Destination"];

export type Destinations = ApiData<"merchant/destinations">;

export type DestinationInput = ApiBody<"merchant/destination_add">;

/** Funds records tabs (`type` of merchant/bill). */
export type BillTab = NonNullable<ApiQuery<"merchant/bill">["type"]>;

export type BillLine = ApiListItem<"merchant/bill">;

/** The wallet figures of getMerInfo (apps/wallet/selectors.wallet_summary). */
export type WalletSummary = Pick<ApiData<"merchant/getMerInfo">, "balance" | "total_income" | "held_amount" | "pending_sales">;

export type LevelUpgradeInput = ApiBody<"index/level_upgrade">;
export type LevelUpgradeAnswer = ApiData<"index/level_upgrade">;
