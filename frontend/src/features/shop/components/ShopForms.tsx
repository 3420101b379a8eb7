import type { ReactNode } from "react";
import { Button, Form, Input, TextArea } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { QueryState } from "@/components/ui/QueryState";
import { FormField } from "@/components/ui/FormField";
import { ImageUpload, useUploading, type Uploaded } from "@/components/ui/ImageUpload";
import type { UseMutationResult } from "@tanstack/react-query";
import { useSchema } from "@/hooks/useSchema";
import { applyFieldErrors, type Answer } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useSaveBanners, useSaveStore, useStore, type Shop, type ShopImage } from "../api";
import {
  bannersSchema,
  baseInfoSchema,
  socialSchema,
  type BannersValues,
  type BaseInfoValues,
  type SocialValues,
} from "../hooks/schemas";
import { bannerMessages, baseInfoMessages as b, formMessages, socialMessages as s } from "./messages";
import "./shop.css";

type Saved = (shop: Shop) => void;

/** Example addresses (not texts to translate). */
const EXAMPLE = { twitter: "https://twitter.com/yourshop", google: "https://g.page/yourshop" };

const uploaded = (image: ShopImage | null): Uploaded | null => (image?.url ? { id: image.key, url: image.url } : null);

/** Waits for GET merchant/store, then renders the form with the shop's current values. */
function WithShop({ children }: { children: (shop: Shop) => ReactNode }) {
  return <QueryState query={useStore()}>{children}</QueryState>;
}

type ShopFormOptions<V extends FieldValues, I> = {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  /** Fields that can receive the server's field errors. */
  fields: Path<V>[];
  save: UseMutationResult<Answer<Shop>, Error, I>;
  toInput: (values: V) => I;
  onSaved?: Saved;
};

/** react-hook-form + zod with the shop's values; saving toasts the server's msg and puts field errors on fields.
 * Save without a change sends nothing and says so (not "Saved successfully" for what was not saved). */
function useShopForm<V extends FieldValues, I>({ resolver, defaultValues, fields, save, toInput, onSaved }: ShopFormOptions<V, I>) {
  const intl = useIntl();
  const form = useForm<V>({ mode: "onTouched", resolver, defaultValues });
  const { isDirty } = form.formState; // read while rendering: react-hook-form then tracks it
  const onFinish = form.handleSubmit((values) => {
    if (!isDirty) {
      toast.info(intl.formatMessage(formMessages.nothingChanged));
      return;
    }
    save.mutate(toInput(values), {
      onSuccess: ({ data, msg }) => {
        toast.success(msg);
        form.reset(values); // what was saved is the new starting point
        onSaved?.(data);
      },
      onError: (error) => applyFieldErrors(error, form.setError, fields),
    });
  });
  return { control: form.control, onFinish };
}

/** Save: busy while saving, held while a picture of the form is still uploading. */
function SaveButton({ loading, uploading = false }: { loading: boolean; uploading?: boolean }) {
  return (
    <Button block type="submit" color="primary" size="large" loading={loading} disabled={uploading}>
      <FormattedMessage {...formMessages.save} />
    </Button>
  );
}

function BaseInfoFields({ shop, onSaved }: { shop: Shop; onSaved?: Saved }) {
  const intl = useIntl();
  const schema = useSchema(baseInfoSchema);
  const save = useSaveStore();
  const { control, onFinish } = useShopForm({
    resolver: zodResolver(schema) as Resolver<BaseInfoValues>,
    defaultValues: { ...shop, logo: uploaded(shop.logo) },
    fields: ["logo", "name", "phone", "address", "introduction", "welcome_message"],
    save,
    toInput: ({ logo, ...texts }) => ({ ...texts, logo: logo?.id ?? "" }),
    onSaved,
  });
  const uploads = useUploading();
  const optional = intl.formatMessage(formMessages.optional);
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void onFinish()}
      footer={<SaveButton loading={save.isPending} uploading={uploads.uploading} />}
    >
      <Form.Item label={<FormattedMessage {...b.logo} />}>
        <Controller
          control={control}
          name="logo"
          render={({ field }) => (
            <ImageUpload
              kind="logo"
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={uploads.onUploadingChange}
            />
          )}
        />
      </Form.Item>
      <FormField
        control={control}
        name="name"
        label={<FormattedMessage {...b.name} />}
        render={(field) => <Input {...field} clearable maxLength={100} placeholder={intl.formatMessage(b.namePlaceholder)} />}
      />
      <FormField
        control={control}
        name="phone"
        label={<FormattedMessage {...b.phone} />}
        render={(field) => <Input {...field} type="tel" clearable maxLength={32} placeholder={optional} />}
      />
      <FormField
        control={control}
        name="address"
        label={<FormattedMessage {...b.address} />}
        render={(field) => <Input {...field} clearable maxLength={255} placeholder={optional} />}
      />
      <FormField
        control={control}
        name="introduction"
        label={<FormattedMessage {...b.introduction} />}
        render={(field) => (
          <TextArea
            {...field}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={2000}
            showCount
            placeholder={intl.formatMessage(b.introductionPlaceholder)}
          />
        )}
      />
      <FormField
        control={control}
        name="welcome_message"
        label={<FormattedMessage {...b.welcome} />}
        render={(field) => (
          <TextArea
            {...field}
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={255}
            showCount
            placeholder={intl.formatMessage(b.welcomePlaceholder)}
          />
        )}
      />
    </Form>
  );
}

/** /baseinfo: logo, name, phone, address, introduction, welcome message (merchant/store). */
export function BaseInfoForm({ onSaved }: { onSaved?: Saved }) {
  return <WithShop>{(shop) => <BaseInfoFields shop={shop} onSaved={onSaved} />}</WithShop>;
}

function SocialFields({ shop, onSaved }: { shop: Shop; onSaved?: Saved }) {
  const schema = useSchema(socialSchema);
  const save = useSaveStore();
  const { control, onFinish } = useShopForm({
    resolver: zodResolver(schema) as Resolver<SocialValues>,
    defaultValues: { twitter_url: shop.twitter_url, google_url: shop.google_url },
    fields: ["twitter_url", "google_url"],
    save,
    toInput: (values) => values,
    onSaved,
  });
  return (
    <>
      <p className="shop-intro">
        <FormattedMessage {...s.intro} />
      </p>
      <Form layout="vertical" mode="card" onFinish={() => void onFinish()} footer={<SaveButton loading={save.isPending} />}>
        <FormField
          control={control}
          name="twitter_url"
          label={<FormattedMessage {...s.twitter} />}
          render={(field) => <Input {...field} inputMode="url" clearable placeholder={EXAMPLE.twitter} />}
        />
        <FormField
          control={control}
          name="google_url"
          label={<FormattedMessage {...s.google} />}
          render={(field) => <Input {...field} inputMode="url" clearable placeholder={EXAMPLE.google} />}
        />
      </Form>
    </>
  );
}

/** /socialmedia: Twitter and Google links, https only (checked here and by the server). */
export function SocialMediaForm({ onSaved }: { onSaved?: Saved }) {
  return <WithShop>{(shop) => <SocialFields shop={shop} onSaved={onSaved} />}</WithShop>;
}

function BannerFields({ shop, onSaved }: { shop: Shop; onSaved?: Saved }) {
  const save = useSaveBanners();
  const { control, onFinish } = useShopForm({
    resolver: zodResolver(bannersSchema()) as Resolver<BannersValues>,
    defaultValues: { store_banner: uploaded(shop.store_banner), ad_banner: uploaded(shop.ad_banner) },
    fields: ["store_banner", "ad_banner"],
    save,
    toInput: (values) => ({ store_banner: values.store_banner?.id ?? "", ad_banner: values.ad_banner?.id ?? "" }),
    onSaved,
  });
  const banners = [
    { name: "store_banner" as const, label: bannerMessages.store, hint: bannerMessages.storeHint },
    { name: "ad_banner" as const, label: bannerMessages.ad, hint: bannerMessages.adHint },
  ];
  const uploads = useUploading();
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void onFinish()}
      footer={<SaveButton loading={save.isPending} uploading={uploads.uploading} />}
    >
      {banners.map((banner) => (
        <Form.Item key={banner.name} label={<FormattedMessage {...banner.label} />}>
          <div className="shop-banner-hint">
            <FormattedMessage {...banner.hint} />
          </div>
          <div className="shop-banner-upload" data-testid={banner.name}>
            <Controller
              control={control}
              name={banner.name}
              render={({ field }) => (
                <ImageUpload
                  kind="banner"
                  value={field.value}
                  onChange={field.onChange}
                  onUploadingChange={uploads.onUploadingChange}
                />
              )}
            />
          </div>
        </Form.Item>
      ))}
    </Form>
  );
}

/** /uploadBanner: store banner and advertisement banner (upload kind banner, then merchant/store_banner). */
export function BannerForm({ onSaved }: { onSaved?: Saved }) {
  return <WithShop>{(shop) => <BannerFields shop={shop} onSaved={onSaved} />}</WithShop>;
}
