import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { ImageUpload, type Uploaded } from "@/components/ui/ImageUpload";
import "./account.css";

/** What the API takes for an image field: the upload id, or "" when there is none. */
export const uploadId = (value: Uploaded | null) => (value ? value.id : "");

/** One image of a form (an upload kind of common/upload) with its caption and its error. */
export function UploadTile<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  kind: string;
  label?: MessageDescriptor;
  /** The form's useUploading().onUploadingChange, so it can hold its submit while this picture uploads. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <div className="upload-tile" data-field={props.name}>
          <ImageUpload
            kind={props.kind}
            value={field.value as Uploaded | null}
            onChange={field.onChange}
            onUploadingChange={props.onUploadingChange}
          />
          {props.label && (
            <div className="upload-tile-label">
              <FormattedMessage {...props.label} />
            </div>
          )}
          {fieldState.error?.message && <div className="field-error">{fieldState.error.message}</div>}
        </div>
      )}
    />
  );
}
