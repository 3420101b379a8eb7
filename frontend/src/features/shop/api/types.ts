/** Shapes of the shop answers (apps/shop/apis.py); replace with the generated OpenAPI types once available. */

/** An uploaded image: `key` is the upload id to send back (common/upload answers it as `id`). */
export type ShopImage = { key: string; url: string | null };

export type Shop = {
  name: string;
  logo: ShopImage | null;
  phone: string;
  address: string;
  introduction: string;
  welcome_message: string;
  twitter_url: string;
  google_url: string;
  store_banner: ShopImage | null;
  ad_banner: ShopImage | null;
};

/** merchant/store: any subset; `logo` is an upload key ("" removes the logo). */
export type StoreInput = Partial<Omit<Shop, "logo" | "store_banner" | "ad_banner"> & { logo: string }>;

/** merchant/store_banner: upload keys of kind banner ("" removes one). */
export type BannersInput = { store_banner?: string; ad_banner?: string };

export type Level = {
  id: number;
  rank: number;
  name: string;
  image: string | null;
  /** A fraction with 4 decimals, e.g. "0.1500" = 15 %. */
  profit_margin: string;
  product_quantity: number;
  upgrade_price: string;
  /** What moving up to this level costs now (the difference to the current level's price); null if not higher. */
  upgrade_cost: string | null;
  is_current: boolean;
};

export type LevelPage = { total: number; list: Level[]; page: number; limit: number; current_level_id: number | null };
