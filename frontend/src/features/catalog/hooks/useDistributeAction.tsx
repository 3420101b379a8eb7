import { Dialog } from "antd-mobile";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useDistribute, type DistributeRequest, type DistributeResult } from "../api";
import { distributionMessages as m } from "../components/messages";
import "../components/catalog.css";

/** A refusal at the level's product quantity carries the same counts as a success (data.limit). */
export function refusedResult(error: unknown): DistributeResult | null {
  if (!(error instanceof ApiError) || !error.isRejection) return null;
  const data = error.data as Partial<DistributeResult> | null;
  return data && typeof data.limit === "number" && typeof data.skipped === "number"
    ? { added: data.added ?? 0, skipped: data.skipped, already: data.already ?? 0, limit: data.limit }
    : null;
}

/**
 * Runs a distribution (chosen, all of the filter, hot) and shows what the server did: the server's msg and the
 * counts added / not added over the level's limit / already in the shop, with a way on to /level or /goods.
 */
export function useDistributeAction(onDone?: () => void) {
  const intl = useIntl();
  const navigate = useNavigate();
  const mutation = useDistribute();

  const showResult = (result: DistributeResult, msg: string) => {
    const lines: [string, number, boolean][] = [
      [intl.formatMessage(m.resultAdded), result.added, false],
      [intl.formatMessage(m.resultSkipped, { limit: result.limit }), result.skipped, result.skipped > 0],
      [intl.formatMessage(m.resultAlready), result.already, false],
    ];
    const actions = [
      ...(result.skipped > 0 ? [{ key: "upgrade", text: intl.formatMessage(m.upgrade), onClick: () => navigate("/level") }] : []),
      ...(result.added > 0 ? [{ key: "goods", text: intl.formatMessage(m.viewGoods), onClick: () => navigate("/goods") }] : []),
      { key: "close", text: intl.formatMessage(m.close) },
    ];
    Dialog.show({
      title: intl.formatMessage(m.resultTitle),
      closeOnAction: true,
      closeOnMaskClick: true,
      content: (
        <div className="distribution-result" data-testid="distribute-result">
          <div className="distribution-result-msg">{msg}</div>
          {lines.map(([label, count, warn]) => (
            <div className="distribution-result-line" key={label}>
              <span>{label}</span>
              <b className={warn ? "is-skipped" : undefined}>{count}</b>
            </div>
          ))}
        </div>
      ),
      actions,
    });
  };

  const run = (request: DistributeRequest) =>
    mutation.mutate(request, {
      onSuccess: ({ data, msg }) => {
        showResult(data, msg);
        onDone?.();
      },
      onError: (error) => {
        const refused = refusedResult(error);
        if (refused) showResult(refused, (error as ApiError).msg);
        else if (error instanceof ApiError && error.isRejection) toast.fail(error.msg);
      },
    });

  return { run, isPending: mutation.isPending };
}
