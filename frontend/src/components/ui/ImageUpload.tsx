import { ImageUploader, Toast, type ImageUploadItem } from "antd-mobile";
import { useIntl } from "react-intl";
import { api } from "@/lib/api";
import { uiMessages } from "./messages";

export type Uploaded = { id: string; url: string };

/** POST merchant/common/upload: multipart `file` + `kind` (logo, banner, id_document, voucher, ...) -> {id, url}. */
export function uploadImage(file: File, kind: string): Promise<Uploaded> {
  const body = new FormData();
  body.append("file", file);
  body.append("kind", kind);
  return api.post<Uploaded>("common/upload", body);
}

type Props = {
  kind: string;
  value: Uploaded | null;
  onChange: (value: Uploaded | null) => void;
};

/** One image: pick, upload at once, and hand the upload id to the form (e.g. through a react-hook-form Controller). */
export function ImageUpload({ kind, value, onChange }: Props) {
  const intl = useIntl();
  const fileList: ImageUploadItem[] = value ? [{ key: value.id, url: value.url }] : [];
  return (
    <ImageUploader
      value={fileList}
      maxCount={1}
      accept="image/jpeg,image/png,image/webp"
      upload={async (file) => {
        try {
          const uploaded = await uploadImage(file, kind);
          onChange(uploaded);
          return { key: uploaded.id, url: uploaded.url };
        } catch (error) {
          Toast.show({ icon: "fail", content: (error as Error).message || intl.formatMessage(uiMessages.uploadFailed) });
          throw error;
        }
      }}
      onChange={(items) => items.length === 0 && onChange(null)}
    />
  );
}
