import { useEffect, useRef, useState } from "react";
import { Button, ImageViewer, TextArea } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { uploadImage } from "@/components/ui/ImageUpload";
import { QueryFallback } from "@/components/ui/QueryState";
import { useImageSrc } from "@/hooks/useImageSrc";
import { useRouteActive } from "@/hooks/useRouteActive";
import { newIdempotencyKey } from "@/lib/api";
import { useFormat } from "@/lib/money";
import { sendSupportMessage, supportKeys, useSupportMessages } from "../api";
import type { SupportMessage, SupportPage } from "../api/types";
import { supportMessages as m } from "./messages";
import "./support.css";

const TEXT_MAX = 1000; // the server's limit (apps/support/constants.py SUPPORT_TEXT_MAX)

/** A message on its way: shown at once as "Sending…", then replaced by the server's; "Not sent" with a retry that
 * sends the same Idempotency-Key (a message that did arrive is never sent twice). */
type Pending = {
  key: string;
  text: string;
  file: File | null;
  preview: string | null;
  imageId: string | null;
  status: "sending" | "failed";
};

function Bubble({ text, image, onImage }: { text: string; image: string | null; onImage: (url: string) => void }) {
  const intl = useIntl();
  const src = useImageSrc(image); // a message's image is a private file: read with the session's token
  return (
    // Plain text as typed (never a link, never a deposit card): support messages are conversation, not instructions.
    <div className={text ? "support-bubble" : "support-bubble image-only"} translate="no">
      {src && (
        <img
          src={src}
          alt={intl.formatMessage(m.image)}
          onClick={() => onImage(src)}
          onLoad={(event) => event.currentTarget.scrollIntoView?.({ block: "nearest" })}
        />
      )}
      {text && <span>{text}</span>}
    </div>
  );
}

/** Services: the support conversation. Operator replies on the left, the merchant's messages on the right, times
 * under them; text and images; read again every 30 seconds while the app is visible and after sending. */
export function SupportChat() {
  const intl = useIntl();
  const format = useFormat();
  const queryClient = useQueryClient();
  const active = useRouteActive();
  const query = useSupportMessages(active);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<Pending[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);

  const pages = query.data?.pages;
  const messages = (pages ?? []).flatMap((page) => page.list).reverse(); // oldest first
  const newestId = pages?.[0]?.list[0]?.id ?? 0;

  // Reading the newest page marked the replies read: the badge follows without waiting for its next poll.
  const unreadNow = pages?.[0]?.unread;
  useEffect(() => {
    if (unreadNow !== undefined) queryClient.setQueryData(supportKeys.unread(), { unread: unreadNow });
  }, [unreadNow, queryClient]);

  // The newest message in view when one arrives or is being sent.
  useEffect(() => {
    if (active) end.current?.scrollIntoView({ block: "end" });
  }, [active, newestId, pending.length]);

  const patch = (key: string, change: Partial<Pending>) =>
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const deliver = async (item: Pending) => {
    patch(item.key, { status: "sending" });
    try {
      let imageId = item.imageId;
      if (item.file && !imageId) {
        imageId = (await uploadImage(item.file, "support")).id;
        patch(item.key, { imageId });
      }
      const sent = await sendSupportMessage({ text: item.text, ...(imageId ? { image_id: imageId } : {}) }, item.key);
      queryClient.setQueryData<InfiniteData<SupportPage, number | undefined>>(supportKeys.messages(), (old) => {
        if (!old) return old;
        const [first, ...rest] = old.pages;
        if (!first || first.list.some((message) => message.id === sent.id)) return old;
        return { ...old, pages: [{ ...first, conversation_id: first.conversation_id ?? null, list: [sent, ...first.list] }, ...rest] };
      });
      setPending((list) => list.filter((other) => other.key !== item.key));
      if (item.preview) URL.revokeObjectURL(item.preview);
      void queryClient.invalidateQueries({ queryKey: supportKeys.messages() });
    } catch {
      patch(item.key, { status: "failed" }); // the client's toast said why (a rejection's msg)
    }
  };

  const queue = (text: string, file: File | null) => {
    const item: Pending = {
      key: newIdempotencyKey(),
      text,
      file,
      preview: file ? URL.createObjectURL(file) : null,
      imageId: null,
      status: "sending",
    };
    setPending((list) => [...list, item]);
    void deliver(item);
  };

  const sendText = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft("");
    queue(text, null);
  };

  const showImage = (url: string) => ImageViewer.show({ image: url });

  return (
    <div className="support-chat">
      <div className="support-notice" role="note">
        <FormattedMessage {...m.officialNotice} />
      </div>
      <div className="support-thread" data-testid="support-thread">
        {!pages ? (
          <QueryFallback query={query} lines={4} />
        ) : (
          <>
            {query.hasNextPage && (
              <div className="support-earlier">
                <Button size="mini" fill="none" color="primary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  <FormattedMessage {...m.earlier} />
                </Button>
              </div>
            )}
            {messages.length === 0 && pending.length === 0 && (
              <div className="support-empty">
                <FormattedMessage {...m.empty} />
              </div>
            )}
            {messages.map((message: SupportMessage) => {
              const mine = message.author === "merchant";
              return (
                <div key={message.id} className={`support-row ${mine ? "mine" : "theirs"}`} data-author={message.author}>
                  {!mine && <div className="support-author">{message.author_label}</div>}
                  <Bubble text={message.text} image={message.image ?? null} onImage={showImage} />
                  <div className="support-meta">{format.dateTime(message.created_at)}</div>
                </div>
              );
            })}
            {pending.map((item) => (
              <div key={item.key} className="support-row mine" data-status={item.status}>
                <Bubble text={item.text} image={item.preview} onImage={showImage} />
                {item.status === "sending" ? (
                  <div className="support-meta">
                    <FormattedMessage {...m.sending} />
                  </div>
                ) : (
                  <div className="support-meta failed">
                    <FormattedMessage {...m.failed} />
                    <Button size="mini" color="danger" fill="outline" onClick={() => void deliver(item)}>
                      <FormattedMessage {...m.retry} />
                    </Button>
                  </div>
                )}
              </div>
            ))}
          </>
        )}
        <div ref={end} />
      </div>
      <div className="support-composer">
        <button
          type="button"
          className="support-icon-button"
          aria-label={intl.formatMessage(m.pickImage)}
          onClick={() => fileInput.current?.click()}
        >
          <PictureOutline />
        </button>
        <input
          ref={fileInput}
          className="support-file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          data-testid="support-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) queue("", file);
          }}
        />
        <TextArea
          value={draft}
          onChange={setDraft}
          placeholder={intl.formatMessage(m.placeholder)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={TEXT_MAX}
          rows={1}
        />
        <Button color="primary" shape="rounded" size="small" disabled={!draft.trim()} onClick={sendText}>
          <FormattedMessage {...m.send} />
        </Button>
      </div>
    </div>
  );
}
