/** Shapes of the account API, from the generated OpenAPI schema (`make schema` -> lib/api/schema.d.ts). */
import type { ApiData, Schemas } from "@/lib/api/types";

export type MerchantStatus = Schemas["MerchantStatusEnum"];

export type { MerchantInfo } from "@/lib/merchant";

export type LoginInput = Schemas["LoginApiInputRequest"];
export type LoginAnswer = Schemas["SignedInOutput"];

export type ThirdInput = Schemas["ThirdInputRequest"];
export type ThirdAnswer = Schemas["ThirdOutput"];

/** register / tkregister: upload fields carry the `id` returned by common/upload. */
export type RegisterInput = Schemas["RegistrationInputRequest"];
export type RegisterAnswer = Schemas["RegisterOutput"];

export type VerifyCodeAnswer = Schemas["VerifyCodeApiOutput"];

export type ResetPasswordInput = Schemas["ResetPwdApiResetInputRequest"];
export type ChangePasswordInput = Schemas["ResetPwdApiChangeInputRequest"];

/** Setting, or changing with the current payment password or the login password. */
export type PayPasswordInput = Schemas["ResetPayApiInputRequest"];

/** resubmit: a rejected merchant's new ID documents (uploaded while signed in). */
export type ResubmitInput = Schemas["IdDocumentsRequest"];

/** avatar: the upload id of an image uploaded as kind "avatar", or "" to remove it. */
export type AvatarInput = Schemas["AvatarApiInputRequest"];

/** One row of the account history (merchant/operator_actions): an operator's action on the account, with its reason. */
export type OperatorAction = Schemas["OperatorActionListApiOutput"];
/** A contact detail the merchant changes: email or phone. */
export type ContactKind = Schemas["ContactKindEnum"];
/** send_contact_code: the new address; change_contact: with its code and the login password. */
export type ContactCodeInput = Schemas["SendContactCodeApiInputRequest"];
export type ChangeContactInput = Schemas["ChangeContactApiInputRequest"];
/** send_verify_code: which current address gets a code; verify_contact: with that code. */
export type VerifyCodeInput = Schemas["SendVerifyCodeApiInputRequest"];
export type VerifyContactInput = Schemas["VerifyContactApiInputRequest"];

/** The account recovery operators started (requested, or approved and waiting for its delay). */
export type Recovery = Schemas["Recovery"];
export type RecoveryAnswer = Schemas["RecoveryOutput"];

/** Two-step sign-in: the sign-in's second step (login or third answered second_factor) and its state. */
export type SecondStep = Schemas["SecondStep"];
export type LoginFactorInput = Schemas["LoginFactorApiInputRequest"];
export type SecurityState = Schemas["SecurityState"];
export type TotpStartAnswer = Schemas["TotpStartApiOutput"];
export type RecoveryCodesAnswer = Schemas["RecoveryCodes"];
/** merchant/devices: the open sessions (one page); a row: the device in words, address, place, times, `current`. */
export type DevicePage = ApiData<"merchant/devices">;
export type DeviceSession = DevicePage["list"][number];
/** device_signout: one session ({id}) or every other one ({all_others: true}). */
export type DeviceSignoutInput = Schemas["DeviceSignoutApiInputRequest"];
export type DeviceSignoutAnswer = Schemas["DeviceSignoutApiOutput"];
export type NotMeAnswer = Schemas["NotMeApiOutput"];
/** One of the merchant's passkeys, and their list (merchant/passkeys). */
export type Passkey = Schemas["PasskeyOutput"];
export type PasskeyList = Schemas["PasskeyListOutput"];
