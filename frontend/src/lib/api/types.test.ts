import { describe, expectTypeOf, it } from "vitest";
import type { ApiBody, ApiData, ApiListItem, ApiMethod, ApiPath, ApiQuery, ApiRejection, Schemas } from "./types";

// Checked by `tsc --noEmit` (expectTypeOf fails to compile on a mismatch).
describe("API types from the OpenAPI schema", () => {
  it("picks an endpoint's data, body, query and list item", () => {
    expectTypeOf<ApiData<"merchant/getMerInfo">>().toEqualTypeOf<Schemas["MerInfo"]>();
    expectTypeOf<ApiBody<"merchant/login">>().toEqualTypeOf<Schemas["LoginApiInputRequest"]>();
    expectTypeOf<ApiListItem<"merchant/bill">>().toEqualTypeOf<Schemas["BillApiOutput"]>();
    expectTypeOf<ApiQuery<"product/manage">["tab"]>().toEqualTypeOf<"all" | "selling" | "stock" | undefined>();
    expectTypeOf<ApiData<"product/del">>().toEqualTypeOf<null>();
  });

  it("knows which paths and methods exist", () => {
    expectTypeOf<"merchant/login">().toExtend<ApiPath>();
    expectTypeOf<"merchant/nowhere">().not.toExtend<ApiPath>();
    expectTypeOf<ApiMethod<"merchant/extract">>().toEqualTypeOf<"get" | "post">();
    expectTypeOf<ApiData<"merchant/extract", "post">>().toEqualTypeOf<Schemas["WithdrawalOutput"]>();
  });

  it("documents the rejection beside the success", () => {
    expectTypeOf<ApiRejection["code"]>().toEqualTypeOf<0>();
    expectTypeOf<NonNullable<ApiRejection["data"]>["wait"]>().toEqualTypeOf<number | undefined>();
  });
});
