import { useCallback, useEffect, useState } from "react";
import { ImageUploader, type ImageUploadItem } from "antd-mobile";
import { useIntl } from "react-intl";
import { useImageSrc } from "@/hooks/useImageSrc";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { uiMessages } from "./messages";

export type Uploaded = { id: string; url: string };

/** POST merchant/common/upload: multipart `file` + `kind` (logo, banner, id_document, voucher, ...) -> {id, url}. */
export function uploadImage(file: File, kind: string): Promise<Uploaded> {
  const body = new FormData();
  body.append("file", file);
  body.append("kind", kind);
  return api.post("common/upload", body);
}

type Props = {
  kind: string;
  value: Uploaded | null;
  onChange: (value: Uploaded | null) => void;
  /** Told true when an upload starts and false when it ends (or the picker unmounts): see useUploading(). */
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * A form's uploads in progress: pass `onUploadingChange` to each of its ImageUploads and keep the submit button
 * disabled while `uploading`, so a picture still on its way is not left out of the saved values.
 */
export function useUploading() {
  const [count, setCount] = useState(0);
  const onUploadingChange = useCallback((uploading: boolean) => setCount((n) => n + (uploading ? 1 : -1)), []);
  return { uploading: count > 0, onUploadingChange };
}

/** One image: pick, upload at once, and hand the upload id to the form (e.g. through a react-hook-form Controller). */
export function ImageUpload({ kind, value, onChange, onUploadingChange }: Props) {
  const intl = useIntl();
  const [pending, setPending] = useState(0);
  const busy = pending > 0;
  // One true/false pair per busy period, also when the picker unmounts mid-upload.
  useEffect(() => {
    if (!busy || !onUploadingChange) return;
    onUploadingChange(true);
    return () => onUploadingChange(false);
  }, [busy, onUploadingChange]);

  // The picture just chosen is shown from the device, not through its link: a private upload's link (ID documents,
  // licenses, vouchers) opens only with the session's token, and a registration has none. A value the form started
  // with is shown through its link (useImageSrc reads a private one with the token).
  const [picked, setPicked] = useState<Uploaded | null>(null);
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  const isPicked = value !== null && value.id === picked?.id;
  const stored = useImageSrc(value && !isPicked ? value.url : null);
  const shown = isPicked ? picked.url : stored;
  const fileList: ImageUploadItem[] = value ? [{ key: value.id, url: shown ?? "" }] : [];
  return (
    <ImageUploader
      value={fileList}
      maxCount={1}
      // A failed upload is told in a toast and leaves no broken tile behind: the picker is empty again.
      showFailed={false}
      accept="image/jpeg,image/png,image/webp"
      upload={async (file) => {
        setPending((n) => n + 1);
        try {
          const uploaded = await uploadImage(file, kind);
          const preview = URL.createObjectURL(file);
          setPicked({ id: uploaded.id, url: preview });
          onChange(uploaded);
          return { key: uploaded.id, url: preview };
        } catch (error) {
          toast.fail((error as Error).message || intl.formatMessage(uiMessages.uploadFailed));
          throw error;
        } finally {
          setPending((n) => n - 1);
        }
      }}
      onChange={(items) => items.length === 0 && onChange(null)}
    />
  );
}
