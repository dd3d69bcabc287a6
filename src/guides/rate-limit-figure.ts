/**
 * The Rate limits guide's figure, planned from the model: requests, remaining quota and back-off over three minutes,
 * simulated on the sandbox's rate limiter with the lowest plan's figures and the description's ban, as SVG geometry
 * and a summary in words. The component (components/guides/RateLimitFigure.astro) only draws it.
 */
import { type ApiModel, lowestPlanQuota, planOrder } from '../openapi/index.ts';
import { simulate } from './rate-limit-simulation.ts';

/** How fast the simulated client asks, and for how long. */
const perSecond = 2;
const seconds = 180;

// Drawn small (480 wide) so that its 13 px labels stay readable where a phone scales it down to ~360 px (they were
// ~5 px tall there at 640 wide with 11 px labels); the stylesheet caps how far it grows on a wide screen.
const width = 480;
const height = 260;
const pad = { left: 58, right: 20, top: 14, bottom: 52 };

export interface RateLimitFigure {
  width: number;
  height: number;
  /** The plot area's edges. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** The client's waits after each 429, as spans of the time axis. */
  waits: { x: number; width: number }[];
  /** The time axis's labels; the last ends at the axis's end rather than centred on it, so it is never cut off. */
  ticks: { x: number; label: string; anchor: 'middle' | 'end' }[];
  /** The quota axis's labels: the plan's quota a minute at the top, 0 at the bottom. */
  levels: { y: number; label: string }[];
  /** The remaining quota as a step line (an SVG path). */
  line: string;
  /** Where each 429 falls. */
  refusals: { x: number; y: number }[];
  summary: string;
}

/** The figure, or none for a description without numeric limits for its lowest plan. */
export function rateLimitFigure(model: ApiModel): RateLimitFigure | undefined {
  const quota = lowestPlanQuota(model);
  if (!quota || quota.perMinute <= 0) return undefined;
  const plan = planOrder(model)[0];
  const requests = simulate({ quota, ban: model.rateLimits?.temporaryBan }, perSecond, seconds);
  const refused = requests.filter((r) => r.outcome === 'limited');
  const allowed = requests.filter((r) => r.outcome === 'allowed');
  const x = (s: number) => pad.left + (s / seconds) * (width - pad.left - pad.right);
  const y = (n: number) => pad.top + (1 - n / quota.perMinute) * (height - pad.top - pad.bottom);
  // A step line: the remaining quota holds until the next admitted request changes it.
  const line = allowed
    .map((r, i) =>
      i === 0
        ? `M${x(r.at).toFixed(1)},${y(r.remaining).toFixed(1)}`
        : `H${x(r.at).toFixed(1)} V${y(r.remaining).toFixed(1)}`,
    )
    .join(' ');
  const ticks = Array.from({ length: seconds / 30 + 1 }, (_, i) => i * 30);
  return {
    width,
    height,
    plot: { left: pad.left, right: width - pad.right, top: pad.top, bottom: height - pad.bottom },
    waits: refused.map((r) => ({ x: x(r.at), width: x(r.at + (r.waited ?? 0)) - x(r.at) })),
    ticks: ticks.map((t) => ({ x: x(t), label: `${t} s`, anchor: t === seconds ? 'end' : 'middle' })),
    levels: [
      { y: y(quota.perMinute), label: String(quota.perMinute) },
      { y: y(0), label: '0' },
    ],
    line,
    refusals: refused.map((r) => ({ x: x(r.at), y: y(0) })),
    summary: `A client asking for ${perSecond} requests a second on the ${plan} plan (${quota.perMinute} a minute): ${allowed.length} requests succeed in ${seconds / 60} minutes; ${refused.length} get 429, and each time the client waits the Retry-After (${refused.map((r) => `${r.waited} s`).join(', ')}) until the minute resets, so it is never banned.`,
  };
}
