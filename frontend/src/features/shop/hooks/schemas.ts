import type { MessageDescriptor } from "react-intl";
import { z } from "zod";
import { baseInfoMessages as b, socialMessages as s } from "../components/messages";

type Translate = (message: MessageDescriptor, values?: Record<string, number | string>) => string;

/** The server's phone rule (merchant/store): digits, spaces, +, -, ( ), at most 32 characters. */
const PHONE = /^\+?[0-9 ()-]{0,31}$/;
/** An absolute web address with a host name that has a dot, as Django's URLValidator wants. */
const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;

function text(t: Translate, max: number) {
  return z.string().trim().max(max, t(b.tooLong, { max }));
}

const image = z.object({ id: z.string(), url: z.string() }).nullable();

export function baseInfoSchema(t: Translate) {
  return z.object({
    logo: image,
    name: text(t, 100).min(1, t(b.nameRequired)),
    phone: z.string().trim().regex(PHONE, t(b.phoneInvalid)),
    address: text(t, 255),
    introduction: text(t, 2000),
    welcome_message: text(t, 255),
  });
}

/** A social link: empty (no link) or an https:// web address (spec: HTTPS only); the server checks it again. */
export function socialLink(t: Translate) {
  return z
    .string()
    .trim()
    .max(200, t(b.tooLong, { max: 200 }))
    .refine((value) => value === "" || value.toLowerCase().startsWith("https://"), t(s.httpsOnly))
    .refine((value) => value === "" || WEB_ADDRESS.test(value), t(s.invalid));
}

export function socialSchema(t: Translate) {
  return z.object({ twitter_url: socialLink(t), google_url: socialLink(t) });
}

export function bannersSchema() {
  return z.object({ store_banner: image, ad_banner: image });
}

export type BaseInfoValues = z.infer<ReturnType<typeof baseInfoSchema>>;
export type SocialValues = z.infer<ReturnType<typeof socialSchema>>;
export type BannersValues = z.infer<ReturnType<typeof bannersSchema>>;
