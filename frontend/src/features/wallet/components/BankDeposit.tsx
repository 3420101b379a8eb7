import { useMemo } from "react";
import { Button, Card, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useNavigate } from "react-router-dom";
import { FormField } from "@/components/ui/FormField";
import { ImageUpload, useUploading } from "@/components/ui/ImageUpload";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryFallback } from "@/components/ui/QueryState";
import { applyFieldErrors } from "@/lib/api";
import { useDepositOptions, useRecharge, type BankDetails } from "../api";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { CopyButton } from "@/components/ui/CopyButton";
import { amountSchema } from "./amountSchema";
import { KeyValue } from "./KeyValue";
import { walletMessages as m } from "./messages";
import "./wallet.css";

function useBankSchema(maximum: string | undefined, cardPattern: string | undefined) {
  const intl = useIntl();
  const format = useFormat();
  return useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, intl.formatMessage(m.nameRequired)),
        card_number: z
          .string()
          .trim()
          .min(1, intl.formatMessage(m.cardNumberRequired))
          .refine((value) => !cardPattern || new RegExp(cardPattern).test(value), intl.formatMessage(m.cardNumberInvalid)),
        bank_name: z.string().trim().min(1, intl.formatMessage(m.bankNameRequired)),
        amount: amountSchema(intl, { maximum, formatMoney: format.money }),
        voucher: z.object({ id: z.string(), url: z.string() }).nullable(),
      }),
    [intl, maximum, cardPattern, format.money],
  );
}

type Values = z.infer<ReturnType<typeof useBankSchema>>;
const FIELDS = ["name", "card_number", "bank_name", "amount", "voucher"] as const;

function PlatformBank({ bank }: { bank: BankDetails }) {
  return (
    <Card className="wallet-section" title={<FormattedMessage {...m.platformBank} />}>
      <KeyValue label={<FormattedMessage {...m.bankName} />}>
        <span translate="no">{bank.bank_name}</span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.accountName} />}>
        <span translate="no">{bank.account_name}</span>
      </KeyValue>
      {bank.branch && (
        <KeyValue label={<FormattedMessage {...m.branch} />}>
          <span translate="no">{bank.branch}</span>
        </KeyValue>
      )}
      <div className="wallet-address" style={{ marginTop: 8 }}>
        <code data-testid="bank-account-number">{bank.account_number}</code>
        <CopyButton text={bank.account_number} />
      </div>
      {bank.note && <p className="wallet-note" style={{ margin: "8px 0 0" }}>{bank.note}</p>}
    </Card>
  );
}

/** BankCardRecharge: the platform's bank details, then the merchant's transfer: name, card number, bank, amount. */
export function BankDeposit() {
  const intl = useIntl();
  const navigate = useNavigate();
  const options = useDepositOptions();
  const { data } = options;
  const schema = useBankSchema(data?.maximum, data?.card_pattern);
  const format = useFormat();
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: { name: "", card_number: "", bank_name: "", amount: "", voucher: null },
  });
  const recharge = useRecharge();
  const uploads = useUploading();

  if (!data) return <QueryFallback query={options} />;
  if (data.banks.length === 0) return <EmptyState description={<FormattedMessage {...m.noBanks} />} />;

  const submit = handleSubmit(({ voucher, ...values }) =>
    recharge.mutate(
      { type: "bank", ...values, voucher: voucher?.id ?? "" },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset();
          navigate("/rechargeRecord");
        },
        onError: (error) => applyFieldErrors(error, setError, FIELDS),
      },
    ),
  );

  return (
    <>
      {data.banks.map((bank) => (
        <PlatformBank key={bank.account_number} bank={bank} />
      ))}
      <div className="wallet-heading">
        <FormattedMessage {...m.yourTransfer} />
      </div>
      <Form
        layout="vertical"
        mode="card"
        onFinish={() => void submit()}
        footer={
          <div className="wallet-form-footer">
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={recharge.isPending}
              disabled={uploads.uploading}
            >
              <FormattedMessage {...m.submitDeposit} />
            </Button>
          </div>
        }
      >
        <FormField
          control={control}
          name="name"
          label={<FormattedMessage {...m.payerName} />}
          render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(m.payerNamePlaceholder)} />}
        />
        <FormField
          control={control}
          name="card_number"
          label={<FormattedMessage {...m.cardNumber} />}
          render={(field) => (
            <Input {...field} inputMode="numeric" clearable placeholder={intl.formatMessage(m.cardNumberPlaceholder)} />
          )}
        />
        <FormField
          control={control}
          name="bank_name"
          label={<FormattedMessage {...m.bankName} />}
          render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(m.bankNamePlaceholder)} />}
        />
        <FormField
          control={control}
          name="amount"
          label={<FormattedMessage {...m.amount} />}
          render={(field) => (
            <Input {...field} inputMode="decimal" clearable placeholder={intl.formatMessage(m.amountPlaceholder)} />
          )}
          hint={
            <span data-testid="deposit-maximum">
              <FormattedMessage {...m.depositMaximum} values={{ maximum: format.money(data.maximum) }} />
            </span>
          }
        />
        <Controller
          control={control}
          name="voucher"
          render={({ field }) => (
            <Form.Item label={<FormattedMessage {...m.receipt} />}>
              <ImageUpload
                kind="voucher"
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={uploads.onUploadingChange}
              />
            </Form.Item>
          )}
        />
      </Form>
    </>
  );
}
