import type { ReactNode } from "react";
import { RightOutline } from "antd-mobile-icons";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { FigureInfo } from "@/components/ui/FigureInfo";
import "./figures.css";

type Props = {
  label: MessageDescriptor;
  /** Its basis in one line, behind the (i) in the cell's corner. */
  info: MessageDescriptor;
  children: ReactNode;
  onClick?: () => void;
  testId?: string;
  className?: string;
};

/** One figure of a grid: its value above its label, and its info tap; a button with an arrow when it opens something
 * (the info tap beside it, never inside it). */
export function FigureCell({ label, info, children, onClick, testId, className }: Props) {
  const body = (
    <>
      <span className="figures-value">{children}</span>
      <span className="figures-label">
        <FormattedMessage {...label} />
        {onClick && <RightOutline className="figures-more" />}
      </span>
    </>
  );
  return (
    <div className={["figures-cell", className].filter(Boolean).join(" ")} data-testid={testId}>
      {onClick ? (
        <button type="button" className="figures-cell-body figures-cell-link" onClick={onClick}>
          {body}
        </button>
      ) : (
        <div className="figures-cell-body">{body}</div>
      )}
      <FigureInfo label={label} info={info} className="figures-info" />
    </div>
  );
}
