import { useState } from "react";
import { Button, Dialog, List, Popup, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { PayPasswordPopup } from "@/components/ui/PayPasswordPopup";
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
    if (!isAnswered(error)) return; // unanswered: useMoneyMutation says to submit again
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
    picking.mutate(
      { id: order.id, pay_password: payPassword },
      {
        onSuccess: ({ msg }) => toast.success(msg),
        onError: refused,
        onSettled: () => setAsking(false),
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

function BatchResults({ answer, onClose }: { answer: PickBatchAnswer | null; onClose: () => void }) {
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
          <List className="orders-results-list">
            {answer.results.map((row) => (
              <List.Item key={row.id} description={row.result_label} data-testid={`pick-result-${row.result}`}>
                <span translate="no">{row.number}</span>
              </List.Item>
            ))}
          </List>
          <Button block color="primary" onClick={onClose}>
            <FormattedMessage {...m.close} />
          </Button>
        </div>
      )}
    </Popup>
  );
}

/** "Pick up all" on the awaiting pickup tab: one payment password for every order awaiting pickup (oldest first, as
 * far as the balance goes), then a sheet that says which were picked up and why the others were not. */
export function PickAllButton({ count, totalCost }: { count: number; totalCost: string }) {
  const format = useFormat();
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<PickBatchAnswer | null>(null);
  const picking = usePickBatch();
  const refused = useShowRefusal();
  const pay = (payPassword: string) =>
    picking.mutate(
      { all: true, pay_password: payPassword },
      { onSuccess: ({ data }) => setAnswer(data), onError: refused, onSettled: () => setAsking(false) },
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
      <BatchResults answer={answer} onClose={() => setAnswer(null)} />
    </div>
  );
}
