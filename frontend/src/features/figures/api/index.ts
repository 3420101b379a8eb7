/**
 * Home and Finance figures (GET index/index, index/echart, merchant/financial_report, merchant/credit_events): every
 * number is computed on the server from recorded events; the browser only formats them.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiData } from "@/lib/api/types";

export type HomeFigures = ApiData<"index/index">;
export type CurveRange = "today" | "seven" | "thirty";
export type SalesCurve = ApiData<"index/echart">;
export type ReportRange = "all" | "yesterday" | "today" | "week" | "month";
export type FinancialReport = ApiData<"merchant/financial_report">;
export type CreditEvents = ApiData<"merchant/credit_events">;

/** `invalidateQueries({queryKey: figureKeys.all})` refreshes Home's and Finance's figures (pull to refresh). */
export const figureKeys = {
  all: ["figures"] as const,
  home: () => [...figureKeys.all, "home"] as const,
  curve: (range: CurveRange) => [...figureKeys.all, "curve", range] as const,
  report: (range: ReportRange) => [...figureKeys.all, "report", range] as const,
  credit: () => [...figureKeys.all, "credit"] as const,
};

export const useHomeFigures = () =>
  useQuery({
    queryKey: figureKeys.home(),
    queryFn: ({ signal }) => api.get("index/index", undefined, signal),
    refetchOnWindowFocus: "always",
  });

/** No placeholder from another range: today's points are hours, the others' are dates (each answer names its range). */
export const useSalesCurve = (range: CurveRange) =>
  useQuery({
    queryKey: figureKeys.curve(range),
    queryFn: ({ signal }) => api.get("index/echart", { range }, signal),
  });

export const useFinancialReport = (range: ReportRange) =>
  useQuery({
    queryKey: figureKeys.report(range),
    queryFn: ({ signal }) => api.get("merchant/financial_report", { range }, signal),
    placeholderData: keepPreviousData,
  });

/** The credit score's rules and its latest 100 events (a score changes a few times a month at most). */
export const useCreditEvents = (enabled: boolean) =>
  useQuery({
    queryKey: figureKeys.credit(),
    queryFn: ({ signal }) => api.get("merchant/credit_events", { page: 1, limit: 100 }, signal),
    enabled,
  });
