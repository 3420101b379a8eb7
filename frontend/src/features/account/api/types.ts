/**
 * Shapes of the account answers used by the shell. Replace with the generated OpenAPI types
 * (`make schema` -> frontend/src/lib/api/schema.d.ts) once the accounts API is in the schema.
 */
import type { MerInfo } from "@/lib/session";

export type LoginInput = { account: string; password: string };
export type LoginAnswer = { merinfo: MerInfo & { token: string } };

export type ThirdInput = { data: string; code: string; mer: string };
export type ThirdAnswer = { status: number; merinfo?: MerInfo & { token: string } };
