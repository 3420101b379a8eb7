import { useState } from "react";
import { Avatar, Button, List, Popup } from "antd-mobile";
import { RightOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useConfirm } from "@/components/ui/confirm";
import { ImageUpload, useUploading, type Uploaded } from "@/components/ui/ImageUpload";
import { toast } from "@/lib/toast";
import { useSetAvatar, type MerchantInfo } from "../api";
import { profileMessages as m } from "./messages";
import "./account.css";

/**
 * The avatar row of Personal info. Tapping it opens a sheet: pick a new photo (uploaded at once as kind "avatar"),
 * then save it (merchant/avatar); or remove the current one after a confirmation.
 */
export function AvatarEditor({ merchant }: { merchant: MerchantInfo }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Uploaded | null>(null);
  const uploads = useUploading();
  const save = useSetAvatar();
  const confirm = useConfirm();

  const close = () => {
    setOpen(false);
    setPicked(null);
  };
  const submit = (avatar: string) =>
    save.mutate(
      { avatar },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          close();
        },
      },
    );

  return (
    <>
      <List.Item
        className="profile-avatar-row"
        onClick={() => setOpen(true)}
        extra={<Avatar className="profile-avatar" src={merchant.avatar ?? ""} alt="" />}
      >
        <FormattedMessage {...m.avatar} />
      </List.Item>
      <Popup visible={open} onMaskClick={close} destroyOnClose bodyClassName="avatar-sheet">
        <h3 className="avatar-sheet-title">
          <FormattedMessage {...m.avatarTitle} />
        </h3>
        <p className="avatar-sheet-hint">
          <FormattedMessage {...m.avatarHint} />
        </p>
        <div className="avatar-sheet-pictures">
          <Avatar className="avatar-sheet-current" src={merchant.avatar ?? ""} alt="" />
          <RightOutline className="avatar-sheet-arrow" />
          <div className="upload-tile" data-field="avatar">
            <ImageUpload kind="avatar" value={picked} onChange={setPicked} onUploadingChange={uploads.onUploadingChange} />
          </div>
        </div>
        <div className="avatar-sheet-actions">
          <Button
            block
            color="primary"
            size="large"
            disabled={!picked || uploads.uploading}
            loading={save.isPending && save.variables?.avatar !== ""}
            onClick={() => {
              if (picked) submit(picked.id);
            }}
          >
            <FormattedMessage {...m.avatarSave} />
          </Button>
          {merchant.avatar && (
            <Button
              block
              color="danger"
              fill="none"
              loading={save.isPending && save.variables?.avatar === ""}
              onClick={async () => {
                if (await confirm(m.avatarRemoveConfirm, undefined, { danger: m.avatarRemove })) submit("");
              }}
            >
              <FormattedMessage {...m.avatarRemove} />
            </Button>
          )}
        </div>
      </Popup>
    </>
  );
}
