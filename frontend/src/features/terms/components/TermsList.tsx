import { Collapse, Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryState } from "@/components/ui/QueryState";
import { useFormat } from "@/lib/money";
import { useTerms, type TermsKind, type TermsVersion } from "../api";
import { termsMessages as m } from "./messages";
import "./terms.css";

/** A version's values ("Profit margin 15 %") and the operators' note. */
function Values({ version }: { version: TermsVersion }) {
  return (
    <>
      <dl className="terms-values">
        {version.values.map((item) => (
          <div key={item.name} className="terms-value">
            <dt>{item.name}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      {version.change_note && (
        <p className="terms-note">
          <span className="terms-note-label">
            <FormattedMessage {...m.note} />
          </span>
          <span translate="no">{version.change_note}</span>
        </p>
      )}
    </>
  );
}

/** An announced version: marked, with the date it applies from and when the merchant was told. */
function Upcoming({ version }: { version: TermsVersion }) {
  const format = useFormat();
  return (
    <div className="terms-version terms-upcoming" data-testid="terms-upcoming">
      <div className="terms-version-head">
        <Tag color="warning" fill="solid">
          <FormattedMessage {...m.upcoming} />
        </Tag>
        <strong>
          <FormattedMessage {...m.from} values={{ date: format.dateTime(version.effective_from) }} />
        </strong>
      </div>
      <div className="terms-when">
        <FormattedMessage {...m.announced} values={{ date: format.dateTime(version.announced_at) }} />
      </div>
      <Values version={version} />
    </div>
  );
}

function KindCard({ kind }: { kind: TermsKind }) {
  const format = useFormat();
  return (
    <section className="terms-kind" data-testid={`terms-kind-${kind.kind}`}>
      <header className="terms-kind-head">
        <h2>{kind.title}</h2>
        {kind.upcoming.length > 0 && (
          <Tag color="warning" fill="outline">
            <FormattedMessage {...m.upcomingCount} values={{ count: kind.upcoming.length }} />
          </Tag>
        )}
      </header>
      {kind.upcoming.map((version) => (
        <Upcoming key={version.id} version={version} />
      ))}
      {kind.in_force.length > 0 && (
        <h3 className="terms-section">
          <FormattedMessage {...m.inForce} />
        </h3>
      )}
      {kind.in_force.map((version) => (
        <div key={version.id} className="terms-version" data-testid="terms-in-force">
          <div className="terms-when">
            <FormattedMessage {...m.since} values={{ date: format.dateTime(version.effective_from) }} />
          </div>
          <Values version={version} />
        </div>
      ))}
      {kind.past.length > 0 && (
        <Collapse className="terms-history">
          <Collapse.Panel
            key="history"
            title={<FormattedMessage {...m.historyCount} values={{ count: kind.past_total }} />}
          >
            {kind.past.map((version) => (
              <div key={version.id} className="terms-version terms-past">
                <div className="terms-when">
                  <FormattedMessage {...m.since} values={{ date: format.dateTime(version.effective_from) }} />
                </div>
                <Values version={version} />
              </div>
            ))}
            {kind.past_total > kind.past.length && (
              <p className="terms-when">
                <FormattedMessage {...m.historyShown} values={{ shown: kind.past.length, total: kind.past_total }} />
              </p>
            )}
          </Collapse.Panel>
        </Collapse>
      )}
    </section>
  );
}

/**
 * /terms: the platform's published terms (levels, order windows, referral rate, fees, deposit details...), each kind
 * with its announced changes first (marked, with the date they apply from), then the terms in force, then the
 * earlier ones.
 */
export function TermsList() {
  const terms = useTerms();
  return (
    <QueryState query={terms}>
      {(data) => (
        <div className="terms">
          <p className="terms-intro">
            <FormattedMessage {...m.intro} values={{ days: data.notice_days }} />
          </p>
          {data.kinds.length === 0 ? (
            <EmptyState description={<FormattedMessage {...m.none} />} />
          ) : (
            data.kinds.map((kind) => <KindCard key={kind.kind} kind={kind} />)
          )}
        </div>
      )}
    </QueryState>
  );
}
