/**
 * Delivery stated as CPU per message × audience ÷ worker cores. On two cores the
 * bench's worker shares the CPU with Postgres and the three sinks, so its measured p99 says what
 * this machine does, not what a deployment needs; this says how many delivery processes (one core
 * each: a process is one event loop) send every channel within the goal, here and, projected
 * (host-speed.ts' slowHostFactor), on a slow host of the class.
 */
import type { ChannelFigures } from './fanout-measure.ts';

export const DELIVERY_GOAL_SECONDS = 60;

export type DeliveryCpu = {
  /** CPU seconds, announcement → last send: `matcher` (the parent) and each channel's children. */
  workerCpu: Record<string, number>;
  /** Postgres' CPU seconds after the match (sends wait for it: decision 015). */
  postgresCpu: number;
};

const ms = (seconds: number) => `${(seconds * 1000).toFixed(3)} ms`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * Prints the table and returns the worker cores needed here and on a slow host (projected).
 * `sendsStartSeconds` is announcement → every fan's in-app alert: dispatch waits until then
 * (decision 015) and sends the outbound rows as their ranges commit (decision 056), so the window
 * left for the sends is the goal less it. `slowFactor` is slowHostFactor(host).
 */
export function printDeliveryCapacity(
  channels: ChannelFigures[],
  cpu: DeliveryCpu,
  sendsStartSeconds: number,
  slowFactor: number,
): { coresHere: number; coresSlow: number } {
  const window = DELIVERY_GOAL_SECONDS - sendsStartSeconds;
  const outbound = channels.filter((c) => c.channel !== 'in_app' && c.sent > 0);
  const sent = outbound.reduce((sum, c) => sum + c.sent, 0);
  const workerTotal = outbound.reduce((sum, c) => sum + (cpu.workerCpu[c.channel] ?? 0), 0);
  const cores = (cpuSeconds: number) => Math.max(1, Math.ceil(cpuSeconds / window));
  const factor = `×${slowFactor.toFixed(2)}`;

  console.log(
    `\ndelivery as CPU per message × audience ÷ worker cores (every channel sent within the goal's minute, on a slow host too): sends start once every fan has the in-app alert (${s(sendsStartSeconds)}), which leaves ${s(window)} of the ${DELIVERY_GOAL_SECONDS} s`,
  );
  console.log(
    `channel  |      sent | worker CPU a message | × audience | on a slow host (${factor}, projected)`,
  );
  for (const c of outbound) {
    const used = cpu.workerCpu[c.channel] ?? Number.NaN;
    console.log(
      `${c.channel.padEnd(8)} | ${c.sent.toLocaleString('en-US').padStart(9)} | ${ms(used / c.sent).padStart(20)} | ${s(used).padStart(10)} | ${s(used * slowFactor)}`,
    );
  }
  console.log(
    `all      | ${sent.toLocaleString('en-US').padStart(9)} | ${ms(workerTotal / sent).padStart(20)} | ${s(workerTotal).padStart(10)} | ${s(workerTotal * slowFactor)}`,
  );
  const coresHere = cores(workerTotal);
  const coresSlow = cores(workerTotal * slowFactor);
  console.log(
    `worker cores (delivery processes) that send every channel within ${DELIVERY_GOAL_SECONDS} s: ${coresHere} on this host, ${coresSlow} on a slow host (projected); this run had 2 cores for the worker, Postgres and the sinks together`,
  );
  console.log(
    `Postgres' CPU for delivery: ${ms(cpu.postgresCpu / sent)} a message, ${s(cpu.postgresCpu)} in all → ${cores(cpu.postgresCpu)} core(s) of the database's within ${DELIVERY_GOAL_SECONDS} s here, ${cores(cpu.postgresCpu * slowFactor)} on a slow host (projected)`,
  );
  console.log(
    `the matcher's own process (it sends nothing): ${s(cpu.workerCpu.matcher ?? Number.NaN)} of CPU`,
  );
  return { coresHere, coresSlow };
}
