import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { Translate } from "./schemas";

/** A schema built with the active language's messages, rebuilt when the language changes. */
export function useSchema<S>(build: (t: Translate) => S, ...deps: unknown[]): S {
  const intl = useIntl();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => build((message) => intl.formatMessage(message)), [intl, ...deps]);
}
