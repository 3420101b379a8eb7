import { useSearchParams } from "react-router-dom";
import { ProductDetailView } from "@/features/catalog";

/** /goodsDetail?id=<product id>: pictures, description, prices, profit and the shop listing. */
export default function GoodsDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  return <ProductDetailView key={id} id={Number.isInteger(id) ? id : 0} />;
}
