import { useState } from "react";
import { Button, Card, Dialog, Input, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { QueryState } from "@/components/ui/QueryState";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import {
  useConfirmDestination,
  useDestinations,
  useRemoveDestination,
  type Destination,
  type Destinations,
} from "../api";
import { KeyValue } from "./KeyValue";
import { walletMessages as m } from "./messages";
import "./wallet.css";

/** "Confirm now": the two-step sign-in code (or a recovery code) makes a waiting destination usable at once. A wrong
 * code is refused by the server (counted) and toasted. */
function ConfirmNow({ destination }: { destination: Destination }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const confirming = useConfirmDestination();
  if (!open)
    return (
      <Button size="small" color="primary" fill="outline" data-testid="destination-confirm-now" onClick={() => setOpen(true)}>
        <FormattedMessage {...m.destinationConfirmNow} />
      </Button>
    );
  return (
    <div className="wallet-destination-code">
      <Input
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        aria-label={intl.formatMessage(m.destinationCode)}
        placeholder={intl.formatMessage(m.destinationCodePlaceholder)}
        data-testid="destination-code"
      />
      <Button
        size="small"
        color="primary"
        loading={confirming.isPending}
        disabled={!code.trim()}
        data-testid="destination-code-submit"
        onClick={() =>
          confirming.mutate(
            { id: destination.id, code: code.trim() },
            {
              onSuccess: ({ msg }) => {
                toast.success(msg);
                setOpen(false);
              },
            },
          )
        }
      >
        <FormattedMessage {...m.destinationConfirm} />
      </Button>
    </div>
  );
}

function RemoveButton({ destination }: { destination: Destination }) {
  const intl = useIntl();
  const removing = useRemoveDestination();
  const ask = async () => {
    const confirmed = await Dialog.confirm({
      content: (
        <span data-testid="destination-remove-confirm">
          {/* Rendered outside the app's providers (an imperative dialog): formatted here, names kept as they are. */}
          {intl.formatMessage(m.destinationRemoveConfirm, {
            name: <span translate="no">{destination.name}</span>,
            account: <span translate="no">{destination.account}</span>,
          })}
        </span>
      ),
      confirmText: (
        <span className="dialog-danger" data-testid="confirm-danger">
          {intl.formatMessage(m.destinationRemove)}
        </span>
      ),
      cancelText: intl.formatMessage(m.destinationKeep),
    });
    if (confirmed) removing.mutate(destination.id, { onSuccess: ({ msg }) => toast.success(msg) });
  };
  return (
    <Button
      size="small"
      color="danger"
      fill="outline"
      loading={removing.isPending}
      data-testid="destination-remove"
      onClick={() => void ask()}
    >
      <FormattedMessage {...m.destinationRemove} />
    </Button>
  );
}

function DestinationItem({ destination, secondFactor }: { destination: Destination; secondFactor: boolean }) {
  const format = useFormat();
  return (
    <Card className="wallet-section" data-testid="destination">
      <div className="wallet-record-head">
        <span className="wallet-record-title" translate="no">
          {destination.name}
        </span>
        <Tag color={destination.usable ? "success" : "warning"} data-testid="destination-status">
          {destination.usable ? (
            <FormattedMessage {...m.destinationUsable} />
          ) : (
            <FormattedMessage {...m.usableFrom} values={{ date: format.dateTime(destination.usable_from) }} />
          )}
        </Tag>
      </div>
      <KeyValue label={<FormattedMessage {...m.method} />}>
        {destination.method_label}
        {destination.network && <span className="wallet-dot">{destination.network}</span>}
      </KeyValue>
      <KeyValue label={<FormattedMessage {...(destination.method === "chain" ? m.address : m.cardNumber)} />}>
        <span className="wallet-record-number" translate="no">
          {destination.account}
        </span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.fullName} />}>
        <span translate="no">{destination.holder}</span>
      </KeyValue>
      <div className="wallet-record-actions">
        {!destination.usable && secondFactor && <ConfirmNow destination={destination} />}
        <RemoveButton destination={destination} />
      </div>
    </Card>
  );
}

function DestinationList({ saved }: { saved: Destinations }) {
  return (
    <>
      <p className="wallet-note" data-testid="cooling-off">
        <FormattedMessage {...m.coolingOff} values={{ hours: saved.cooling_off_hours }} />
      </p>
      {!saved.second_factor_enabled && (
        <p className="wallet-note" data-testid="destinations-turn-on">
          <FormattedMessage {...m.destinationsTurnOn} />
        </p>
      )}
      {saved.list.length === 0 ? (
        <p className="wallet-note" data-testid="destinations-empty">
          <FormattedMessage {...m.destinationsEmpty} />
        </p>
      ) : (
        saved.list.map((destination) => (
          <DestinationItem key={destination.id} destination={destination} secondFactor={saved.second_factor_enabled} />
        ))
      )}
    </>
  );
}

/** /payoutDestinations: the saved destinations with their status (usable, or usable from …), Remove (asked first)
 * and, while one waits and two-step sign-in is on, "Confirm now" with the code. */
export function PayoutDestinations() {
  return <QueryState query={useDestinations()} lines={6}>{(saved) => <DestinationList saved={saved} />}</QueryState>;
}
