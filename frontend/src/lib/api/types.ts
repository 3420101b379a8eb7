/**
 * Types of the merchant API, from the server's OpenAPI schema (`make schema` regenerates ./schema.d.ts from
 * /api/schema/; `make schema-check` fails when it is out of date). Use these instead of hand-written shapes:
 *
 *   type Order = Schemas["OrderOutput"];                  // a component
 *   type Page = ApiData<"order/list">;                    // `data` of GET /merchant/order/list
 *   type Body = ApiBody<"order/pick">;                    // JSON body of POST /merchant/order/pick
 *   type Query = ApiQuery<"order/list">;                  // query of GET /merchant/order/list
 *
 * Paths are relative to /merchant, as `api.get` / `api.post` take them.
 */
import type { components, paths } from "./schema";

/** Every named schema of the API (serializers: "<View>Output", "<View>OutputPage", "<View>InputRequest"...). */
export type Schemas = components["schemas"];

type Strip<P> = P extends `/merchant/${infer Rest}` ? Rest : never;

/** An API path relative to /merchant: "merchant/login", "order/list"... */
export type ApiPath = Strip<keyof paths>;

type Method = "get" | "post";
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[`/merchant/${P}`][M]>;

/** The methods a path answers. */
export type ApiMethod<P extends ApiPath> = {
  [M in Method]: paths[`/merchant/${P}`][M] extends undefined ? never : M;
}[Method];

/** `data` of the success answer {code: 1, msg, data}. The method may be left out when the path has only one. */
export type ApiData<P extends ApiPath, M extends ApiMethod<P> = ApiMethod<P>> =
  Operation<P, M> extends { responses: { 200: { content: { "application/json": infer A } } } }
    ? Extract<A, { code: 1 }> extends { data: infer D }
      ? D
      : never
    : never;

/** A rejection {code: 0, msg, data: {error, errors?, wait?} | null}: HTTP 200 beside the success, and 4xx. */
export type ApiRejection = Schemas["Rejection"];

/** The JSON body of a POST (multipart-only endpoints such as common/upload: the multipart fields). */
export type ApiBody<P extends ApiPath, M extends ApiMethod<P> = ApiMethod<P>> =
  Operation<P, M> extends { requestBody?: { content: infer C } }
    ? C extends { "application/json": infer B }
      ? B
      : C extends { "multipart/form-data": infer F }
        ? F
        : never
    : never;

/** The query parameters of a GET. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod<P> = ApiMethod<P>> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The item type of a paged list's `data.list`. */
export type ApiListItem<P extends ApiPath, M extends ApiMethod<P> = ApiMethod<P>> =
  ApiData<P, M> extends { list: (infer T)[] } ? T : never;
