import { useMemo, useState } from "react";
import { Button, Card, Form, Input, List, Selector, Skeleton } from "antd-mobile";
import { ContentOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useNavigate } from "react-router-dom";
import { FormField } from "@/components/ui/FormField";
import { Money } from "@/components/ui/Money";
import { isPayPasswordRefusal, PayPasswordPopup } from "@/components/ui/PayPasswordPopup";
import { QueryState } from "@/components/ui/QueryState";
import { applyFieldErrors } from "@/lib/api";
import { useFormat } from "@/lib/money";
import {
  useAddDestination,
  useDestinations,
  useExtract,
  useExtractForm,
  useFeePreview,
  type Destination,
  type Destinations,
  type ExtractForm,
} from "../api";
import { useDebounced } from "@/hooks/useDebounced";
import { isPositiveAmount, parseAmount } from "@/lib/money/amount";
import { toast } from "@/lib/toast";
import { amountSchema } from "./amountSchema";
import { KeyValue } from "./KeyValue";
import { walletMessages as m } from "./messages";
import "./wallet.css";

function useWithdrawSchema(form: ExtractForm) {
  const intl = useIntl();
  const format = useFormat();
  return useMemo(
    () =>
      z
        .object({
          destination: z.string(),
          method: z.enum(["chain", "bank"]),
          network: z.string(),
          full_name: z.string().trim(),
          bank_name: z.string().trim(),
          account: z.string().trim(),
          amount: amountSchema(intl, {
            max: form.balance,
            min: form.minimum,
            maximum: form.maximum,
            formatMoney: format.money,
          }),
        })
        .superRefine((values, ctx) => {
          if (values.destination !== NEW) return; // a saved destination: its fields were checked when it was added
          const chain = values.method === "chain";
          const network = form.networks.find((n) => n.code === values.network);
          const say = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
          if (!values.full_name) say("full_name", intl.formatMessage(m.fullNameRequired));
          if (chain && !network) say("network", intl.formatMessage(m.networkRequired));
          if (!chain && !values.bank_name) say("bank_name", intl.formatMessage(m.bankNameRequired));
          // The server's own patterns, so the merchant learns of a mistyped address before the payment password.
          if (!values.account) say("account", intl.formatMessage(chain ? m.addressRequired : m.cardNumberRequired));
          else if (chain && network && !new RegExp(network.address_pattern).test(values.account))
            say("account", intl.formatMessage(m.addressInvalid, { network: network.code }));
          else if (!chain && !new RegExp(form.card_pattern).test(values.account))
            say("account", intl.formatMessage(m.cardNumberInvalid));
        }),
    [intl, format.money, form],
  );
}

type Values = z.infer<ReturnType<typeof useWithdrawSchema>>;
const FIELDS = ["destination", "method", "network", "full_name", "bank_name", "account", "amount"] as const;
const DESTINATION_FIELDS = ["method", "network", "full_name", "bank_name", "account"] as const;
/** The picker's choice that shows the fields of a new destination. */
const NEW = "new";

/** The saved destinations to choose from: name, shortened account, and "Usable from …" (disabled) while waiting. */
function DestinationPicker({
  destinations,
  value,
  onChange,
}: {
  destinations: Destination[];
  value: string;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const options = destinations.map((d) => ({
    value: String(d.id),
    disabled: !d.usable,
    label: (
      <span data-testid="destination-option" translate="no">
        {d.name}
      </span>
    ),
    description: (
      <span>
        <span translate="no">{d.account}</span>
        <span className="wallet-dot" data-testid="destination-status">
          {d.usable
            ? intl.formatMessage(m.destinationUsable)
            : intl.formatMessage(m.usableFrom, { date: format.dateTime(d.usable_from) })}
        </span>
      </span>
    ),
  }));
  options.push({
    value: NEW,
    disabled: false,
    label: <span data-testid="destination-new">{intl.formatMessage(m.destinationNew)}</span>,
    description: <span />,
  });
  return (
    <Selector
      columns={1}
      value={[value]}
      options={options}
      onChange={(values) => values[0] && onChange(values[0])}
    />
  );
}

/** The first usable destination, else "add a destination". */
function firstChoice(destinations: Destination[]): string {
  const usable = destinations.find((d) => d.usable);
  return usable ? String(usable.id) : NEW;
}

/** The fee and actual amount received for the typed amount, as the server computes them (GET extract?amount=). */
function FeePreview({ amount, payout }: { amount: string; payout: string }) {
  const typed = parseAmount(amount);
  const settled = useDebounced(typed !== null && isPositiveAmount(typed) ? typed : null);
  const preview = useFeePreview(settled);
  if (settled === null || !preview.data)
    return (
      <div className="wallet-preview wallet-note" data-testid="fee-preview">
        {settled !== null && preview.isFetching ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : (
          <FormattedMessage {...m.feePreviewHint} />
        )}
      </div>
    );
  return (
    <div className="wallet-preview" data-testid="fee-preview">
      <KeyValue label={<FormattedMessage {...m.amount} />}>
        <Money value={preview.data.amount} />
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.fee} />}>
        <Money value={preview.data.fee} />
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.actualAmount} />} strong>
        <Money value={preview.data.actual_amount} currency={payout} />
      </KeyValue>
    </div>
  );
}

function WithdrawFields({ form, saved }: { form: ExtractForm; saved: Destinations }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const format = useFormat();
  const schema = useWithdrawSchema(form);
  const { control, handleSubmit, setError, setValue, reset, trigger, getValues } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: {
      destination: firstChoice(saved.list),
      method: form.methods[0]?.code ?? "bank",
      network: form.networks[0]?.code ?? "",
      full_name: "",
      bank_name: "",
      account: "",
      amount: "",
    },
  });
  const [picked, method, networkCode, amount] = useWatch({
    control,
    name: ["destination", "method", "network", "amount"],
  });
  const adding = picked === NEW;
  const chosen = saved.list.find((d) => String(d.id) === picked);
  // A destination just saved is picked while it waits: no amount or withdrawal until it is usable.
  const waiting = chosen !== undefined && !chosen.usable;
  const network = form.networks.find((n) => n.code === networkCode);
  const chain = adding ? method === "chain" : chosen?.method === "chain";
  const currency = adding ? (chain ? (network?.currency ?? "") : form.currency) : (chosen?.currency ?? form.currency);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const extract = useExtract();
  const adder = useAddDestination();

  /** "Save destination": the new destination's fields checked here, then saved; it is picked, shown waiting. */
  const save = async () => {
    if (!(await trigger([...DESTINATION_FIELDS]))) return;
    const values = getValues();
    const isChain = values.method === "chain";
    adder.mutate(
      {
        method: values.method,
        network: isChain ? values.network : "",
        currency,
        full_name: values.full_name,
        bank_name: isChain ? "" : values.bank_name,
        account: values.account,
      },
      {
        onSuccess: ({ data, msg }) => {
          toast.success(msg);
          setValue("destination", String(data.id));
        },
        onError: (error) => applyFieldErrors(error, setError, FIELDS),
      },
    );
  };

  const pay = (payPassword: string) => {
    if (!confirming) return Promise.resolve();
    return extract.mutateAsync(
      { destination: Number(confirming.destination), amount: confirming.amount, pay_password: payPassword },
      {
        onSuccess: ({ msg }) => {
          setConfirming(null);
          toast.success(msg);
          reset();
          navigate("/withdrawRecord");
        },
        onError: (error) => {
          if (isPayPasswordRefusal(error)) return; // shown in the payment password sheet, which stays open
          setConfirming(null);
          applyFieldErrors(error, setError, FIELDS);
        },
      },
    );
  };

  return (
    <>
      <Card className="wallet-section">
        <KeyValue label={<FormattedMessage {...m.balance} />} strong>
          <Money value={form.balance} />
        </KeyValue>
      </Card>
      <Form
        layout="vertical"
        mode="card"
        onFinish={() => void (adding ? save() : handleSubmit(setConfirming)())}
        footer={
          <div className="wallet-form-footer">
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={extract.isPending || adder.isPending}
              disabled={waiting}
              data-testid={adding ? "destination-save" : "withdraw-submit"}
            >
              <FormattedMessage {...(adding ? m.destinationSave : m.submitWithdraw)} />
            </Button>
          </div>
        }
      >
        <FormField
          control={control}
          name="destination"
          label={<FormattedMessage {...m.destination} />}
          render={(field) => <DestinationPicker destinations={saved.list} value={field.value} onChange={field.onChange} />}
        />
        <Form.Item>
          <div className="wallet-note wallet-flush" data-testid="cooling-off">
            <FormattedMessage {...m.coolingOff} values={{ hours: saved.cooling_off_hours }} />
            <div>
              <a data-testid="destinations-link" onClick={() => navigate("/payoutDestinations")}>
                <FormattedMessage {...m.destinationsLink} />
              </a>
            </div>
          </div>
        </Form.Item>
        {adding && (
        <>
        <FormField
          control={control}
          name="method"
          label={<FormattedMessage {...m.method} />}
          render={(field) => (
            <Selector
              columns={2}
              value={[field.value]}
              options={form.methods.map((option) => ({ label: option.label, value: option.code }))}
              onChange={(values) => values[0] && field.onChange(values[0])}
            />
          )}
        />
        {chain && (
          <FormField
            control={control}
            name="network"
            label={<FormattedMessage {...m.network} />}
            render={(field) => (
              <Selector
                columns={2}
                value={[field.value]}
                options={form.networks.map((option) => ({ label: option.code, value: option.code }))}
                onChange={(values) => values[0] && field.onChange(values[0])}
              />
            )}
          />
        )}
        <Form.Item
          label={<FormattedMessage {...m.currency} />}
          description={
            chain && <FormattedMessage {...m.tokenRate} values={{ token: currency, one: format.money("1.00") }} />
          }
        >
          <span data-testid="withdraw-currency">{currency}</span>
        </Form.Item>
        <FormField
          control={control}
          name="full_name"
          label={<FormattedMessage {...m.fullName} />}
          render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(m.fullNamePlaceholder)} />}
        />
        {!chain && (
          <FormField
            control={control}
            name="bank_name"
            label={<FormattedMessage {...m.bankName} />}
            render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(m.bankNamePlaceholder)} />}
          />
        )}
        <FormField
          control={control}
          name="account"
          label={<FormattedMessage {...(chain ? m.address : m.cardNumber)} />}
          render={(field) => (
            <Input
              {...field}
              clearable
              inputMode={chain ? "text" : "numeric"}
              placeholder={
                chain
                  ? intl.formatMessage(m.addressPlaceholder, {
                      format: form.address_formats[network?.address_format ?? ""] ?? "",
                    })
                  : intl.formatMessage(m.cardNumberPlaceholder)
              }
            />
          )}
        />
        <Form.Item>
          <div className="wallet-note wallet-flush">
            <FormattedMessage {...m.destinationAddHint} />
          </div>
        </Form.Item>
        </>
        )}
        {!adding && !waiting && (
        <>
        <FormField
          control={control}
          name="amount"
          label={<FormattedMessage {...m.amountIn} values={{ currency: form.currency }} />}
          render={(field) => (
            <div>
              <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
                <Input {...field} inputMode="decimal" clearable placeholder={intl.formatMessage(m.amountPlaceholder)} />
                <Button
                  className="wallet-all-button"
                  size="small"
                  color="primary"
                  fill="outline"
                  onClick={() => setValue("amount", form.balance, { shouldValidate: true })}
                >
                  <FormattedMessage {...m.all} />
                </Button>
              </div>
              <div className="wallet-amount-extra">
                <FormattedMessage {...m.available} values={{ amount: format.money(form.balance) }} />
              </div>
            </div>
          )}
        />
        <Form.Item label={<FormattedMessage {...m.feeRuleTitle} />}>
          <div className="wallet-note wallet-flush" data-testid="fee-rule">
            <FormattedMessage
              {...m.feeRule}
              values={{
                fixed: format.money(form.fee_fixed),
                percent: intl.formatNumber(Number(form.fee_percent), { maximumFractionDigits: 2 }),
                minimum: format.money(form.minimum),
              }}
            />
            <div data-testid="withdraw-maximum">
              <FormattedMessage {...m.withdrawMaximum} values={{ maximum: format.money(form.maximum) }} />
            </div>
            <div data-testid="withdraw-review-hours">
              <FormattedMessage {...m.reviewHours} values={{ hours: form.review_hours }} />
            </div>
          </div>
          <FeePreview amount={amount} payout={currency} />
        </Form.Item>
        </>
        )}
      </Form>
      <p className="wallet-note">
        <FormattedMessage {...m.reviewNote} />
      </p>
      <List mode="card">
        <List.Item prefix={<ContentOutline />} onClick={() => navigate("/withdrawRecord")}>
          <FormattedMessage {...m.withdrawRecords} />
        </List.Item>
      </List>
      <PayPasswordPopup
        visible={confirming !== null}
        action={<FormattedMessage {...m.withdrawAction} />}
        amount={confirming ? format.money(confirming.amount) : ""}
        onClose={() => setConfirming(null)}
        onSubmit={pay}
      />
    </>
  );
}

/** Withdraw: method, currency, network, full name, bank name, address or card number, amount with "all",
 * the published fee rule, review deadline and the server's fee preview, then the payment password. */
export function WithdrawForm() {
  const destinations = useDestinations();
  return (
    <QueryState query={useExtractForm()} lines={10}>
      {(form) => (
        <QueryState query={destinations} lines={3}>
          {(saved) => <WithdrawFields form={form} saved={saved} />}
        </QueryState>
      )}
    </QueryState>
  );
}
