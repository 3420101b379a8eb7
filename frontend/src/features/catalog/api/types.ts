/**
 * Shapes of the catalogue answers (apps/catalog/apis.py). Money values are 2-decimal strings from the server
 * (purchase price and profit are computed there, at the merchant's level); replace with the generated OpenAPI
 * types once `make schema` includes them.
 */
export type Category = { id: number; name: string; product_count: number };

export type ProductCard = {
  id: number;
  title: string;
  category_id: number;
  image: string | null;
  retail_price: string;
  purchase_price: string;
  profit: string;
  stock: number;
  is_hot: boolean;
};

/** A product of the distribution center; `added` when it is already in the merchant's shop. */
export type CenterProduct = ProductCard & { added: boolean };

export type GoodsTab = "all" | "selling" | "stock";

/** A listing of the merchant's shop (product/manage, product/hot). */
export type Goods = {
  id: number;
  product: ProductCard;
  on_shelf: boolean;
  status: "selling" | "stock";
  status_label: string;
  clicks: number;
  sales: number;
  created_at: string;
};

export type ProductImage = { url: string | null; thumbnail: string | null };

export type ProductDetail = ProductCard & {
  description: string;
  category_name: string;
  images: ProductImage[];
  /** The merchant's listing of this product, or null when it is not in the shop. */
  goods: { id: number; on_shelf: boolean; clicks: number; sales: number; created_at: string } | null;
};

/** The distribution center's filter (product/product and product/addAll). */
export type CenterFilter = { category?: number; keyword?: string };

/** What a distribution did: added now, not added because of the level's product quantity, already there. */
export type DistributeResult = { added: number; skipped: number; already: number; limit: number };
