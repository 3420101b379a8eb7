import { useState } from "react";
import { Button, Form, Popup } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { useUploading } from "@/components/ui/ImageUpload";
import { useResubmitDocuments } from "../api";
import { myMessages as m, registerMessages as rm } from "./messages";
import { resubmitSchema } from "./schemas";
import { UploadTile, uploadId } from "./UploadTile";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import "./account.css";

type Values = z.infer<ReturnType<typeof resubmitSchema>>;
const EMPTY: Values = { id_front: null, id_back: null, id_hand: null, license: null };

/** A rejected merchant sends new ID documents (merchant/resubmit) and goes back to review. */
export function ResubmitDocuments() {
  const [open, setOpen] = useState(false);
  const schema = useSchema(resubmitSchema);
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const resubmit = useResubmitDocuments();
  const uploads = useUploading();
  const tiles = { control, onUploadingChange: uploads.onUploadingChange };
  const submit = handleSubmit((values) =>
    resubmit.mutate(
      {
        id_front: uploadId(values.id_front),
        id_back: uploadId(values.id_back),
        id_hand: uploadId(values.id_hand),
        license: uploadId(values.license),
      },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset(EMPTY);
          setOpen(false);
        },
        onError: (error) => applyFieldErrors(error, setError, ["id_front", "id_back", "id_hand", "license"]),
      },
    ),
  );
  return (
    <>
      <Button size="small" color="danger" fill="outline" className="my-notice-action" onClick={() => setOpen(true)}>
        <FormattedMessage {...m.resubmit} />
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <Form
          layout="vertical"
          onFinish={() => void submit()}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={resubmit.isPending}
              disabled={uploads.uploading}
            >
              <FormattedMessage {...m.resubmitSubmit} />
            </Button>
          }
        >
          <Form.Header>
            <FormattedMessage {...m.resubmitTitle} />
          </Form.Header>
          <Form.Item label={<FormattedMessage {...rm.idHint} />}>
            <div className="upload-row">
              <UploadTile {...tiles} name="id_front" kind="id_document" label={rm.idFront} />
              <UploadTile {...tiles} name="id_back" kind="id_document" label={rm.idBack} />
              <UploadTile {...tiles} name="id_hand" kind="id_document" label={rm.idHand} />
              <UploadTile {...tiles} name="license" kind="license" label={rm.license} />
            </div>
          </Form.Item>
        </Form>
      </Popup>
    </>
  );
}
