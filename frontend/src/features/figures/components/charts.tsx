/**
 * The charts (recharts), in their own chunk: Home and Finance load it lazily (LazyChart), so Home's first load stays
 * within the front-end budget. Amounts arrive as strings; a chart only needs their size to draw, and every label
 * shows the server's string formatted by Intl.
 */
import { FormattedMessage } from "react-intl";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { figureMessages as m } from "./messages";
import "./figures.css";
import { roundTicks } from "./ticks";

export type ChartPoint = { label: string; value: string; detail?: string };

/** `format`: an amount as the app writes money (the tip); `tick`: an axis's round amount, short. */
type Props = { points: ChartPoint[]; format: (value: string) => string; tick: (value: string) => string; name: string };

const AXIS = { fontSize: 11, fill: "#8c8c8c" };

function Tip({ active, payload, format, name }: { active?: boolean; payload?: { payload: ChartPoint }[]; format: Props["format"]; name: string }) {
  const point = active ? payload?.[0]?.payload : undefined;
  if (!point) return null;
  return (
    <div className="figures-chart-tip">
      <div>{point.label}</div>
      <div>
        <FormattedMessage {...m.labelValue} values={{ label: name, value: format(point.value) }} />
      </div>
      {point.detail && <div>{point.detail}</div>}
    </div>
  );
}

const plotted = (points: ChartPoint[]) => points.map((point) => ({ ...point, y: Number(point.value) }));

/** The amount axis: round ticks written as money in the language, in a width that fits the longest. */
function amountAxis(points: ChartPoint[], tick: Props["tick"]) {
  const ticks = roundTicks(points.map((point) => Number(point.value)));
  const longest = Math.max(...ticks.map((value) => tick(String(value)).length));
  return {
    ticks,
    domain: [ticks[0], ticks[ticks.length - 1]],
    tickFormatter: (value: number) => tick(String(value)),
    width: Math.min(80, longest * 6.5 + 8),
    interval: 0 as const,
    tick: AXIS,
  };
}

/** Sales per hour or per day, as an area. */
export function SalesChart({ points, format, tick, name }: Props) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <AreaChart data={plotted(points)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#f0f0f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={16} />
        <YAxis {...amountAxis(points, tick)} />
        <Tooltip content={<Tip format={format} name={name} />} />
        <Area
          type="monotone"
          dataKey="y"
          stroke="#1264e3"
          fill="#1264e3"
          fillOpacity={0.15}
          dot={points.length === 1} // one point is no area: drawn as a dot
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Profit per date, as bars (a refund after receipt can make a date negative). */
export function ProfitChart({ points, format, tick, name }: Props) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={plotted(points)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#f0f0f0" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={16} />
        <YAxis {...amountAxis(points, tick)} />
        <Tooltip content={<Tip format={format} name={name} />} cursor={{ fill: "#f5f5f5" }} />
        {/* One date is one bar, not the whole width, and seen even without profit (on the 0 line). */}
        <Bar dataKey="y" minPointSize={points.length === 1 ? 2 : 0} maxBarSize={32} isAnimationActive={false}>
          {points.map((point) => (
            <Cell key={point.label} fill={point.value.startsWith("-") ? "#fa541c" : "#13a86b"} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
