import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "@/components/ui/messages";

type Props = { children: ReactNode };
type State = { error: Error | null };

/**
 * Catches render errors of one screen so the rest of the app keeps working. Plain markup rather than antd-mobile's
 * ErrorBlock, whose illustrations would weigh about 11 KB gzipped in the entry chunk of every page.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="app-error" role="alert">
        <p className="app-error-title">
          <FormattedMessage {...uiMessages.errorTitle} />
        </p>
        <Button color="primary" onClick={() => window.location.reload()}>
          <FormattedMessage {...uiMessages.errorReload} />
        </Button>
      </div>
    );
  }
}
