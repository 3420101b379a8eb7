/**
 * The one API client (api.md): base /merchant, headers `token` and `lang`, timeout 99999 ms,
 * unwraps {code, msg, data}: code 1 -> data; code 0 -> ApiError; 401 -> session cleared, toast, /login
 * (the route guard redirects as soon as the token is gone).
 */
import { clearSession, getSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import { ApiError } from "./errors";
import type { ApiBody, ApiData, ApiMethod, ApiPath, ApiQuery } from "./types";

export const API_BASE = "/merchant";
export const TIMEOUT_MS = 99999;

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: "GET" | "POST";
  query?: Query;
  /** A JSON body, or FormData for multipart (common/upload). */
  body?: unknown;
  /** For money POSTs: one key per submit, the same key when the same submit is retried (hooks/useMoneyMutation). */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

type Envelope<T> = { code: number; msg: string; data: T };

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/${path.replace(/^\//, "")}${qs ? `?${qs}` : ""}`;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/** The answer's data and its translated msg (for success toasts with the server's text). */
export type Answer<T> = { data: T; msg: string };

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestAnswer<T>(path, options)).data;
}

export async function requestAnswer<T>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const { token, lang } = getSession();
  const headers: Record<string, string> = { Accept: "application/json", lang };
  if (token) headers.token = token;
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    signal,
  });
  const envelope = await readEnvelope<T>(response);

  if (response.status === 401 || envelope?.code === 401) {
    clearSession();
    if (envelope?.msg) toast.fail(envelope.msg);
    throw new ApiError(401, envelope?.msg ?? "", envelope?.data ?? null, 401);
  }
  if (!response.ok || !envelope) {
    console.error(`API ${path} failed: HTTP ${response.status}`, envelope);
    throw new ApiError(envelope?.code ?? 0, envelope?.msg ?? response.statusText, envelope?.data ?? null, response.status);
  }
  if (envelope.code !== 1) throw new ApiError(envelope.code, envelope.msg, envelope.data);
  return { data: envelope.data, msg: envelope.msg };
}

/** Where the server serves a private file (ID document, license, voucher, support image) to its owner's session. */
export const PRIVATE_FILE_PATH = `${API_BASE}/common/file/`;

/**
 * The path of a private file's link (an image URL from an answer), or null for any other URL. It is read on this
 * origin, whatever host the answer wrote, so the session's token never goes anywhere else.
 */
export function privateFilePath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname.startsWith(PRIVATE_FILE_PATH) ? parsed.pathname : null;
  } catch {
    return null;
  }
}

/**
 * A private file as a Blob: GET its path (privateFilePath) with the session's `token` (and `lang`) header, which an
 * <img> cannot send; the server answers 404 to anyone but the file's owner. Shown through an object URL
 * (hooks/useImageSrc).
 */
export async function fetchPrivateFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const { token, lang } = getSession();
  const headers: Record<string, string> = { lang };
  if (token) headers.token = token;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetch(path, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new ApiError(0, response.statusText, null, response.status);
  return response.blob();
}

/** The paths that answer `method` (relative to /merchant). */
type PathOf<M extends "get" | "post"> = { [P in ApiPath]: M extends ApiMethod<P> ? P : never }[ApiPath];
export type GetPath = PathOf<"get">;
export type PostPath = PathOf<"post">;

/**
 * Typed by path from the OpenAPI schema: the query and body take only the names the operation declares (the server
 * refuses any other by name), and the answer is its `data`. FormData is for multipart uploads (common/upload).
 */
type PostOptions = Omit<RequestOptions, "body" | "method">;
// `M & ApiMethod<P>` is M for every path of PathOf<M>; the intersection tells the compiler so for a generic P.
type Get<P extends GetPath> = "get" & ApiMethod<P>;
type Post<P extends PostPath> = "post" & ApiMethod<P>;

export const api = {
  get: <P extends GetPath>(path: P, query?: ApiQuery<P, Get<P>>, signal?: AbortSignal) =>
    request<ApiData<P, Get<P>>>(path, { method: "GET", query, signal }),
  post: <P extends PostPath>(path: P, body?: ApiBody<P, Post<P>> | FormData, options: PostOptions = {}) =>
    request<ApiData<P, Post<P>>>(path, { ...options, method: "POST", body: body ?? {} }),
  /** POST and keep the server's msg: `const { data, msg } = await api.postAnswer(...)`. */
  postAnswer: <P extends PostPath>(path: P, body?: ApiBody<P, Post<P>> | FormData, options: PostOptions = {}) =>
    requestAnswer<ApiData<P, Post<P>>>(path, { ...options, method: "POST", body: body ?? {} }),
};
