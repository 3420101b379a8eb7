/**
 * Shapes of the account answers (apps/accounts/apis.py). Replace with the generated OpenAPI types
 * (`make schema` -> frontend/src/lib/api/schema.d.ts) once the schema is generated.
 */
export type MerchantStatus = "pending" | "active" | "rejected" | "closed";

/** getMerInfo `data` and login `data.merinfo` (without the token). Money fields are 2-decimal strings. */
export type MerchantInfo = {
  id: number;
  phone: string;
  email: string | null;
  real_name: string;
  country: string;
  avatar: string | null;
  verified: boolean;
  status: MerchantStatus;
  status_label: string;
  status_reason: string;
  language: string;
  has_pay_password: boolean;
  invite_code: string;
  created_at: string;
  shop: { id: number; name: string; logo: string | null; phone: string; address: string } | null;
  level: { id: number; rank: number; name: string; profit_margin: string } | null;
  balance: string;
  pending_amount: string;
  total_income: string;
};

export type LoginInput = { account: string; password: string };
export type LoginAnswer = { merinfo: MerchantInfo & { token: string } };

export type ThirdInput = { data: string; code: string; mer: string };
export type ThirdAnswer = { status: number; merinfo?: MerchantInfo & { token: string } };

/** register / tkregister: upload fields carry the `id` returned by common/upload. */
export type RegisterInput = {
  logo: string;
  shop_name: string;
  shop_address: string;
  country: string;
  phone: string;
  real_name: string;
  id_front: string;
  id_back: string;
  id_hand: string;
  license: string;
  email: string;
  password: string;
  password_confirm: string;
  invite_code: string;
};
export type RegisterAnswer = { status: MerchantStatus; status_label: string };

export type VerifyCodeAnswer = { invite_code: string };

export type ResetPasswordInput = { account: string; code: string; password: string; password_confirm: string };
export type ChangePasswordInput = { old_password: string; password: string; password_confirm: string };

export type PayPasswordInput = {
  pay_password: string;
  pay_password_confirm: string;
  /** Changing: the current payment password, or the login password instead. */
  old_pay_password?: string;
  password?: string;
};
