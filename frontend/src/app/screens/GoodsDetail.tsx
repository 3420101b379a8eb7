import { ProductDetailView } from "@/features/catalog";
import { NotFound } from "../NotFound";
import { useIdParam } from "../useIdParam";

/** /goodsDetail?id=<product id>: pictures, description, prices, profit and the shop listing. */
export default function GoodsDetailScreen() {
  const id = useIdParam();
  return id === null ? <NotFound /> : <ProductDetailView key={id} id={id} />;
}
