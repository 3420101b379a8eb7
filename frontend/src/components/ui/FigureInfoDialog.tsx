import { Dialog } from "antd-mobile";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages";

type Props = { open: boolean; title: string; text: string; onClose: () => void };

/** The explanation of a figure (FigureInfo), in its own chunk. */
export default function FigureInfoDialog({ open, title, text, onClose }: Props) {
  const intl = useIntl();
  return (
    <Dialog
      visible={open}
      getContainer={() => document.body} // not inside the figure's label, whose faded or small text it would take on
      title={title}
      content={<div data-testid="figure-info-text">{text}</div>}
      closeOnMaskClick
      closeOnAction
      onClose={onClose}
      actions={[{ key: "close", text: intl.formatMessage(uiMessages.gotIt) }]}
    />
  );
}
