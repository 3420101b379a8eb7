import type { ReactNode } from "react";
import { Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormField } from "@/components/ui/FormField";
import { passwordMessages as pm } from "./messages";

type Props<T extends FieldValues> = {
  control: Control<T>;
  /** Labels of the two fields; the password screens' "New password" / "Repeat" by default. */
  label?: ReactNode;
  confirmLabel?: ReactNode;
};

/** A new login password entered twice (`password`, `password_confirm`): register, forgotten and changed password. */
export function NewPasswordFields<T extends FieldValues & { password: string; password_confirm: string }>({
  control,
  label = <FormattedMessage {...pm.new} />,
  confirmLabel = <FormattedMessage {...pm.repeat} />,
}: Props<T>) {
  const intl = useIntl();
  return (
    <>
      <FormField
        control={control}
        name={"password" as FieldPath<T>}
        label={label}
        render={(field) => (
          <Input {...field} type="password" autoComplete="new-password" placeholder={intl.formatMessage(pm.minLength)} />
        )}
      />
      <FormField
        control={control}
        name={"password_confirm" as FieldPath<T>}
        label={confirmLabel}
        render={(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            placeholder={intl.formatMessage(pm.repeatPlaceholder)}
          />
        )}
      />
    </>
  );
}
