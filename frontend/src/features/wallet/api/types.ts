/**
 * Shapes of the wallet answers (apps/wallet/apis.py). Money is a 2-decimal string, times are ISO 8601.
 * Replace with the generated OpenAPI types (`make schema` -> lib/api/schema.d.ts) once they are generated.
 */

export type DepositNetwork = {
  code: string;
  currency: string;
  address: string;
  /** A PNG data URL made by the server from the address. */
  qr_code: string;
  minimum: string;
  confirmations: number;
};

export type BankDetails = {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  note: string;
};

/** GET merchant/getBlockchain. */
export type DepositOptions = { networks: DepositNetwork[]; banks: BankDetails[]; notice: string };

export type RecordStatus = 0 | 1 | 2;

export type Deposit = {
  id: number;
  number: string;
  created_at: string;
  method: "chain" | "bank";
  method_label: string;
  network: string | null;
  amount: string;
  credited_amount: string | null;
  tx_hash: string;
  status: RecordStatus;
  status_label: string;
  reason: string;
};

export type ChainRechargeInput = { type: "chain"; network: string; amount: string; voucher: string; tx_hash: string };
export type BankRechargeInput = {
  type: "bank";
  name: string;
  card_number: string;
  bank_name: string;
  amount: string;
  voucher: string;
};
export type RechargeInput = ChainRechargeInput | BankRechargeInput;

/** GET merchant/extract: the withdrawal form data; `preview` when asked with an amount. */
export type ExtractForm = {
  balance: string;
  currency: string;
  methods: { code: "chain" | "bank"; label: string }[];
  networks: { code: string; currency: string; address_format: string }[];
  address_formats: Record<string, string>;
  fee_fixed: string;
  fee_percent: string;
  minimum: string;
  preview: FeePreview | null;
};

export type FeePreview = { amount: string; fee: string; actual_amount: string };

export type ExtractInput = {
  method: "chain" | "bank";
  currency: string;
  network: string;
  full_name: string;
  bank_name: string;
  account: string;
  amount: string;
  pay_password: string;
};

export type Withdrawal = {
  id: number;
  number: string;
  created_at: string;
  method: "chain" | "bank";
  method_label: string;
  currency: string;
  network: string | null;
  account: string;
  amount: string;
  fee: string;
  actual_amount: string;
  status: RecordStatus;
  status_label: string;
  reason: string;
};

/** Funds records tabs (`type` of merchant/bill). */
export type BillTab = "all" | "recharge" | "withdraw" | "order";

export type BillLine = {
  id: number;
  kind: string;
  title: string;
  memo: string;
  amount: string;
  balance_after: string;
  created_at: string;
};

/** The wallet figures of getMerInfo (apps/wallet/selectors.wallet_summary). */
export type WalletSummary = { balance: string; total_income: string; pending_amount: string };

export type LevelUpgradeInput = { level_id: number; pay_password: string };
export type LevelUpgradeAnswer = { level: { id: number; rank: number; name: string }; wallet: WalletSummary };
