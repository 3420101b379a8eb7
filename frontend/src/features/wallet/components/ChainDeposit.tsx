import { useMemo } from "react";
import { Button, Card, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { FormField } from "@/components/ui/FormField";
import { ImageUpload, useUploading } from "@/components/ui/ImageUpload";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryFallback } from "@/components/ui/QueryState";
import { Money } from "@/components/ui/Money";
import { applyFieldErrors } from "@/lib/api";
import { useDepositOptions, useRecharge, type DepositNetwork } from "../api";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { CopyButton } from "@/components/ui/CopyButton";
import { amountSchema } from "./amountSchema";
import { walletMessages as m } from "./messages";
import "./wallet.css";

function useChainSchema(network: DepositNetwork | undefined, maximum: string | undefined) {
  const intl = useIntl();
  const format = useFormat();
  const token = network?.currency;
  return useMemo(
    () =>
      z.object({
        amount: amountSchema(intl, {
          min: network?.minimum,
          minOf: "deposit",
          maximum,
          formatMoney: (value) => format.money(value, token),
        }),
        voucher: z
          .object({ id: z.string(), url: z.string() })
          .nullable()
          .refine((value) => Boolean(value), intl.formatMessage(m.voucherRequired)),
        tx_hash: z.string().trim(),
      }),
    [intl, network?.minimum, token, maximum, format],
  );
}

type Values = z.infer<ReturnType<typeof useChainSchema>>;

/** The platform's stable address of one network: QR code, copy, minimum, confirmations, the token's rate. */
function NetworkAddress({ network, more }: { network: DepositNetwork; more: boolean }) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <Card
      className="wallet-section"
      title={<FormattedMessage {...m.depositAddress} />}
      extra={
        <span className="wallet-network">
          <span translate="no">{network.code}</span>
          {more && (
            <Link to="/walletRecharge" replace>
              <FormattedMessage {...m.changeNetwork} />
            </Link>
          )}
        </span>
      }
    >
      <div className="wallet-qr">
        <img src={network.qr_code} alt={intl.formatMessage(m.qrAlt)} />
      </div>
      <div className="wallet-address">
        <code data-testid="deposit-address">{network.address}</code>
        <CopyButton text={network.address} />
      </div>
      <p className="wallet-note" style={{ margin: "8px 0 0" }}>
        <FormattedMessage {...m.addressHint} values={{ currency: network.currency, network: network.code }} />
      </p>
      <p className="wallet-note" style={{ margin: "4px 0 0" }}>
        <FormattedMessage {...m.tokenRate} values={{ token: network.currency, one: format.money("1.00") }} />
      </p>
      <div className="wallet-facts">
        <div className="wallet-fact">
          <div className="wallet-fact-label">
            <FormattedMessage {...m.minimum} />
          </div>
          <div className="wallet-fact-value">
            <Money value={network.minimum} currency={network.currency} />
          </div>
        </div>
        <div className="wallet-fact">
          <div className="wallet-fact-label">
            <FormattedMessage {...m.confirmations} />
          </div>
          <div className="wallet-fact-value">{network.confirmations}</div>
        </div>
      </div>
    </Card>
  );
}

/**
 * BlockchainRecharge: the network chosen on WalletRecharge (`?network=USDT-TRC20`; "Change network" goes back to the
 * list), its address and QR code, and the deposit form: amount, voucher (required), transaction hash (optional).
 */
export function ChainDeposit() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useDepositOptions();
  const { data } = options;
  const network = data?.networks.find((n) => n.code === params.get("network")) ?? data?.networks[0];
  const schema = useChainSchema(network, data?.maximum);
  const format = useFormat();
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: { amount: "", voucher: null, tx_hash: "" },
  });
  const recharge = useRecharge();
  const uploads = useUploading();

  if (!data) return <QueryFallback query={options} />;
  if (!network) return <EmptyState description={<FormattedMessage {...m.noNetworks} />} />;

  const submit = handleSubmit((values) =>
    recharge.mutate(
      {
        type: "chain",
        network: network.code,
        amount: values.amount,
        voucher: values.voucher!.id,
        tx_hash: values.tx_hash,
      },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset();
          navigate("/rechargeRecord");
        },
        onError: (error) => applyFieldErrors(error, setError, ["amount", "voucher", "tx_hash"]),
      },
    ),
  );

  return (
    <>
      <NetworkAddress network={network} more={data.networks.length > 1} />
      <div className="wallet-warning">{data.notice}</div>
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
          name="amount"
          label={<FormattedMessage {...m.amountIn} values={{ currency: network.currency }} />}
          render={(field) => (
            <Input {...field} inputMode="decimal" clearable placeholder={intl.formatMessage(m.amountPlaceholder)} />
          )}
          hint={
            <span data-testid="deposit-maximum">
              <FormattedMessage {...m.depositMaximum} values={{ maximum: format.money(data.maximum, network.currency) }} />
            </span>
          }
        />
        <Controller
          control={control}
          name="voucher"
          render={({ field, fieldState }) => (
            <Form.Item
              label={<FormattedMessage {...m.voucher} />}
              description={
                fieldState.error?.message ? (
                  <span className="field-error">{fieldState.error.message}</span>
                ) : (
                  <FormattedMessage {...m.voucherHint} />
                )
              }
            >
              <ImageUpload
                kind="voucher"
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={uploads.onUploadingChange}
              />
            </Form.Item>
          )}
        />
        <FormField
          control={control}
          name="tx_hash"
          label={<FormattedMessage {...m.txHash} />}
          render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(m.txHashPlaceholder)} />}
        />
      </Form>
    </>
  );
}
