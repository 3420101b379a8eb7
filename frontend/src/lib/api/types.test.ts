import { describe, expectTypeOf, it } from "vitest";
import { api } from "./client";
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

  it("lets the app send only the names an operation declares (the server refuses any other by name)", () => {
    // Never called: the lines below are compiled, and each @ts-expect-error fails `tsc` once the call compiles.
    const wrongNames = () => {
      // @ts-expect-error the filter of product/manage is `tab`, not `status`
      void api.get("product/manage", { status: "selling" });
      // @ts-expect-error merchant/store has `name`, not `mer_name`
      void api.post("merchant/store", { mer_name: "Corner Store" });
      // @ts-expect-error getMerInfo takes no query at all
      void api.get("merchant/getMerInfo", { page: 1 });
      // @ts-expect-error a path the API does not have
      void api.get("merchant/nowhere");
    };
    expectTypeOf(wrongNames).toBeFunction();
    expectTypeOf(api.get<"product/manage">).returns.resolves.toEqualTypeOf<ApiData<"product/manage">>();
  });
});
