import type { ReactNode } from "react";
import { RightOutline } from "antd-mobile-icons";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import "./figures.css";

type Props = { label: MessageDescriptor; children: ReactNode; onClick?: () => void; testId?: string; className?: string };

/** One figure of a grid: its value above its label; a button with an arrow when it opens something. */
export function FigureCell({ label, children, onClick, testId, className }: Props) {
  const body = (
    <>
      <span className="figures-value">{children}</span>
      <span className="figures-label">
        <FormattedMessage {...label} />
        {onClick && <RightOutline className="figures-more" />}
      </span>
    </>
  );
  const classes = ["figures-cell", onClick && "figures-cell-link", className].filter(Boolean).join(" ");
  return onClick ? (
    <button type="button" className={classes} onClick={onClick} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className={classes} data-testid={testId}>
      {body}
    </div>
  );
}
