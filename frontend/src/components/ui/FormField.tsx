import type { ReactNode } from "react";
import { Form } from "antd-mobile";
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from "react-hook-form";

type Props<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  /** Shown under the input while it has no error (e.g. the limit of an amount). */
  hint?: ReactNode;
  render: (field: ControllerRenderProps<T, N>) => React.ReactElement;
};

/** An antd-mobile Form.Item bound to a react-hook-form field; its error (zod or server) shows under the input. */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, hint, render }: Props<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          description={
            fieldState.error?.message ? <span className="field-error">{fieldState.error.message}</span> : (hint ?? null)
          }
        >
          {render(field)}
        </Form.Item>
      )}
    />
  );
}
