import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The platform's money is US dollars (or the chain's coin): no icon may draw a yen/yuan sign. These antd-mobile-icons
 * draw "¥" (looked at: a bill, a coin, a hand with a coin, a payment, a receipt); records use ContentOutline.
 */
const YEN_ICONS = ["BillOutline", "PayCircleOutline", "HandPayCircleOutline", "ReceivePaymentOutline", "ReceiptOutline"];

test("no icon draws a yen or yuan sign", () => {
  const src = path.dirname(fileURLToPath(import.meta.url));
  const used = (readdirSync(src, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => {
      const source = readFileSync(path.join(src, file), "utf8");
      return YEN_ICONS.filter((icon) => new RegExp(`\\b${icon}\\b`).test(source)).map((icon) => `${file}: ${icon}`);
    });
  expect(used).toEqual([]);
});
