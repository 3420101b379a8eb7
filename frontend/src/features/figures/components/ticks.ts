/** An amount axis's ticks at round values (1, 2 or 5 times a power of ten apart), from 0 or below the lowest value
 * to the highest or above, about `count` of them: never 0.37 or 15 steps. */
export function roundTicks(values: number[], count = 4): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return [0, 1]; // nothing yet: an axis from 0 to 1 (a 0 is drawn on its line)
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step / 2; tick += step) {
    ticks.push(Number(tick.toPrecision(12))); // 0.1 + 0.2 is written 0.3
  }
  if (ticks[ticks.length - 1] < high) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}
