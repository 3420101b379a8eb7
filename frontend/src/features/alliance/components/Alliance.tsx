import { Button, Card } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { QueryFallback } from "@/components/ui/QueryState";
import { copyText } from "@/lib/clipboard";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { coalitionQuery, useCoalition, type AllianceMember, type CoalitionPage } from "../api";
import { allianceMessages as m } from "./messages";
import "./alliance.css";

/** Copies `text` and says "Copy successful" (or how to copy by hand). */
function useCopy() {
  const intl = useIntl();
  return async (text: string) => {
    const done = await copyText(text);
    if (done) toast.success(intl.formatMessage(m.copied));
    else toast.fail(intl.formatMessage(m.copyFailed));
  };
}

/** The invitation: code, link (copy; share where the browser has a share sheet) and its QR code. */
function InviteCard({ page }: { page: CoalitionPage }) {
  const intl = useIntl();
  const copy = useCopy();
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const share = async () => {
    try {
      await navigator.share({
        title: intl.formatMessage(m.shareTitle),
        text: intl.formatMessage(m.shareText, { code: page.invite_code }),
        url: page.invite_link,
      });
    } catch {
      // Closed by the merchant, or refused by the browser: nothing to say.
    }
  };
  return (
    <Card className="alliance-card" title={<FormattedMessage {...m.inviteNow} />}>
      <p className="alliance-hint">
        <FormattedMessage {...m.inviteHint} />
      </p>
      <div className="alliance-label">
        <FormattedMessage {...m.inviteCode} />
      </div>
      <div className="alliance-row">
        <span className="alliance-code" translate="no" data-testid="invite-code">
          {page.invite_code}
        </span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void copy(page.invite_code)}>
          <FormattedMessage {...m.copyCode} />
        </Button>
      </div>
      <div className="alliance-label">
        <FormattedMessage {...m.inviteLink} />
      </div>
      {/* One line that scrolls sideways: a link broken across lines split the code inside it. */}
      <div className="alliance-row alliance-link">
        {/* Focusable, so that a keyboard can scroll it too. */}
        <code translate="no" data-testid="invite-link" tabIndex={0}>
          {page.invite_link}
        </code>
      </div>
      <div className="alliance-actions">
        <Button color="primary" onClick={() => void copy(page.invite_link)} data-testid="copy-link">
          <FormattedMessage {...m.copyLink} />
        </Button>
        {canShare && (
          <Button color="primary" fill="outline" onClick={() => void share()}>
            <FormattedMessage {...m.share} />
          </Button>
        )}
      </div>
      <div className="alliance-qr">
        <img src={page.qr} alt={intl.formatMessage(m.qrAlt)} />
        <FormattedMessage {...m.qrHint} />
      </div>
    </Card>
  );
}

/** The rule, with the rate in force ("off" at 0). */
function RuleCard({ rate }: { rate: string }) {
  const intl = useIntl();
  const off = Number(rate) === 0;
  const percent = intl.formatNumber(Number(rate) / 100, { style: "percent", maximumFractionDigits: 2 });
  return (
    <Card className="alliance-card alliance-rule" title={<FormattedMessage {...m.ruleTitle} />}>
      <div className="alliance-rate">
        <span>
          <FormattedMessage {...m.currentRate} />
        </span>
        <strong data-testid="alliance-rate">{percent}</strong>
      </div>
      <p>{off ? <FormattedMessage {...m.ruleOff} /> : <FormattedMessage {...m.ruleOn} values={{ rate: percent }} />}</p>
      <p>
        <FormattedMessage {...m.ruleLevel} />
      </p>
    </Card>
  );
}

function Totals({ totals }: { totals: CoalitionPage["totals"] }) {
  return (
    <div className="alliance-totals" data-testid="alliance-totals">
      <div className="alliance-total">
        <div className="alliance-total-label">
          <FormattedMessage {...m.members} />
        </div>
        <div className="alliance-total-value">{totals.members}</div>
      </div>
      <div className="alliance-total">
        <div className="alliance-total-label">
          <FormattedMessage {...m.activeMembers} />
        </div>
        <div className="alliance-total-value">{totals.active_members}</div>
      </div>
      <div className="alliance-total">
        <div className="alliance-total-label">
          <FormattedMessage {...m.totalRewards} />
        </div>
        <div className="alliance-total-value">
          <Money value={totals.total_rewards} />
        </div>
      </div>
    </div>
  );
}

function MemberItem({ member }: { member: AllianceMember }) {
  const format = useFormat();
  return (
    <div data-testid="alliance-member">
      <div className="alliance-member-head">
        <span className="alliance-member-name" translate="no">
          {member.name}
        </span>
        <span className="alliance-member-income" data-testid="alliance-member-reward">
          <FormattedMessage {...m.reward} values={{ amount: format.money(member.income) }} />
        </span>
      </div>
      <div className="alliance-member-sub">
        <span>
          <FormattedMessage {...m.orders} values={{ count: member.orders_completed }} />
        </span>
        <span>
          <FormattedMessage {...m.registeredAt} values={{ time: format.dateTime(member.registered_at) }} />
        </span>
      </div>
    </div>
  );
}

/** Alliance (spec /alliance): invite now (code, link to copy or share, QR), the rule and its rate, the totals, and
 * the first-level members with the rewards earned from each. */
export function Alliance() {
  const query = useCoalition();
  const first = query.data?.pages[0];
  if (!first) return <QueryFallback query={query} />;
  return (
    <>
      <InviteCard page={first} />
      <RuleCard rate={first.rate} />
      <Totals totals={first.totals} />
      <div className="alliance-heading">
        <FormattedMessage {...m.firstLevel} />
      </div>
      <InfiniteList
        queryKey={coalitionQuery.queryKey}
        fetchPage={coalitionQuery.fetchPage}
        itemKey={(member) => member.id}
        renderItem={(member) => <MemberItem member={member} />}
      />
    </>
  );
}
