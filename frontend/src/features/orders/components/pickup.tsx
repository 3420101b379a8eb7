import { useState } from "react";
import { Button, Dialog, List, Popup, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { isPayPasswordRefusal, PayPasswordPopup } from "@/components/ui/PayPasswordPopup";
import { ApiError, isAnswered } from "@/lib/api";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { usePick, usePickBatch, type OrderSummary, type PickBatchAnswer } from "../api";
import { orderMessages as m } from "./messages";
import "./orders.css";

const INSUFFICIENT_FUNDS = 1006;

/** A refused pickup: a low balance offers the way to deposit; any other reason is a toast. */
function useShowRefusal() {
  const intl = useIntl();
  const navigate = useNavigate();
  return (error: Error) => {
    // Unanswered: useMoneyMutation says to submit again; a refused password: the password sheet shows it.
    if (!isAnswered(error) || isPayPasswordRefusal(error)) return;
    const code = (error instanceof ApiError && (error.data as { error?: number } | null)?.error) || 0;
    if (code !== INSUFFICIENT_FUNDS) {
      toast.fail((error as ApiError).msg);
      return;
    }
    void Dialog.confirm({
      content: <span data-testid="pick-insufficient">{(error as ApiError).msg}</span>,
      confirmText: intl.formatMessage(m.deposit),
      cancelText: intl.formatMessage(m.notNow),
      onConfirm: () => navigate("/recharge"),
    });
  };
}

/** "Pick up" on an order awaiting pickup: the payment password for its cost, then the order moves on. */
export function PickButton({ order, block }: { order: Pick<OrderSummary, "id" | "number" | "total_cost">; block?: boolean }) {
  const format = useFormat();
  const [asking, setAsking] = useState(false);
  const picking = usePick();
  const refused = useShowRefusal();
  const pay = (payPassword: string) =>
    picking.mutateAsync(
      { id: order.id, pay_password: payPassword },
      {
        onSuccess: ({ msg }) => {
          setAsking(false);
          toast.success(msg);
        },
        onError: refused,
      },
    );
  return (
    <>
      <Button
        color="primary"
        size={block ? "large" : "small"}
        block={block}
        loading={picking.isPending}
        data-testid="pick-up"
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
      >
        <FormattedMessage {...m.pickUp} />
      </Button>
      <PayPasswordPopup
        visible={asking}
        action={<FormattedMessage {...m.pickAction} values={{ number: <span translate="no">{order.number}</span> }} />}
        amount={format.money(order.total_cost)}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </>
  );
}

/** The result of "Pick up all": how many were picked up and what was paid, each order's result and cost, and for
 * orders skipped for the balance what a deposit must add (with the way to deposit). Kept by the Order screen, which
 * stays mounted: the "Pick up all" button goes away once nothing awaits pickup. */
export function PickResults({ answer, onClose }: { answer: PickBatchAnswer | null; onClose: () => void }) {
  const format = useFormat();
  const navigate = useNavigate();
  const short = answer !== null && Number(answer.shortfall) > 0;
  return (
    <Popup visible={answer !== null} onMaskClick={onClose} destroyOnClose>
      {answer && (
        <div className="orders-results" data-testid="pick-results">
          <h3 className="orders-results-title">
            <FormattedMessage {...m.pickedAll} />
          </h3>
          <div className="orders-results-summary">
            <Tag color="success" fill="outline">
              <FormattedMessage {...m.picked} values={{ count: answer.picked }} />
            </Tag>
            {answer.skipped > 0 && (
              <Tag color="warning" fill="outline">
                <FormattedMessage {...m.skipped} values={{ count: answer.skipped }} />
              </Tag>
            )}
          </div>
          <div className="orders-results-paid" data-testid="pick-paid">
            <FormattedMessage {...m.paid} values={{ amount: format.money(answer.paid) }} />
          </div>
          <List className="orders-results-list">
            {answer.results.map((row) => (
              <List.Item
                key={row.id}
                description={
                  <FormattedMessage {...m.resultCost} values={{ result: row.result_label, amount: format.money(row.order_cost) }} />
                }
                data-testid={`pick-result-${row.result}`}
              >
                <span translate="no">{row.number}</span>
              </List.Item>
            ))}
          </List>
          {short && (
            <div className="orders-results-short" data-testid="pick-shortfall">
              <FormattedMessage {...m.shortfall} values={{ amount: format.money(answer.shortfall) }} />
            </div>
          )}
          <div className="orders-results-actions">
            {short && (
              <Button
                block
                color="primary"
                data-testid="pick-deposit"
                onClick={() => {
                  onClose();
                  navigate("/recharge");
                }}
              >
                <FormattedMessage {...m.deposit} />
              </Button>
            )}
            <Button block color={short ? "default" : "primary"} onClick={onClose} data-testid="pick-results-close">
              <FormattedMessage {...m.close} />
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/** "Pick up all" on the awaiting pickup tab: one payment password for every order awaiting pickup (the soonest
 * deadline first, as far as the balance goes); the answer goes to `onPicked` (the screen shows it: PickResults). */
export function PickAllButton({
  count,
  totalCost,
  onPicked,
}: {
  count: number;
  totalCost: string;
  onPicked: (answer: PickBatchAnswer) => void;
}) {
  const format = useFormat();
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const picking = usePickBatch();
  const refused = useShowRefusal();
  const pay = (payPassword: string) =>
    picking.mutateAsync(
      { all: true, pay_password: payPassword },
      {
        onSuccess: ({ data }) => {
          setAsking(false);
          onPicked(data);
        },
        onError: refused,
      },
    );
  if (count === 0) return null;
  return (
    <div className="orders-pick-all">
      <Button block color="primary" loading={picking.isPending} onClick={() => setAsking(true)} data-testid="pick-up-all">
        <FormattedMessage {...m.pickUpAll} values={{ count }} />
      </Button>
      <PayPasswordPopup
        visible={asking}
        action={<FormattedMessage {...m.pickAllAction} values={{ count }} />}
        amount={intl.formatMessage(m.pickAllAmount, { amount: format.money(totalCost) })}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </div>
  );
}
