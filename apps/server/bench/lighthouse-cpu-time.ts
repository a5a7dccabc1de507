/**
 * `bench:lighthouse --cpu-time`: the same runs audited a second time with every task of the page's
 * main thread shrunk to the CPU time its thread really spent in it (the trace's `tdur`), so the
 * simulation (which multiplies the task times it observed) sees the page's own work and not the
 * time its thread waited for a core. On a 2-core host Lighthouse's own processes (the browser's
 * DevTools and tracing work, the GPU process drawing and screenshotting every frame, Lighthouse's
 * Node process) and anything else running take a core's worth of CPU during the page's load, and
 * the page's tasks last two to three times their CPU time: "what the page costs" and "what this
 * host's contention adds" are then told apart. An analysis, not the score: the goals are judged on
 * the runs as Lighthouse measured them.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';

/** A Chrome trace event, as much of it as these benches read. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
};

/**
 * The renderer main thread that parsed the page (`pageUrl`), or failing that the one with the
 * most tasks (the page's, not about:blank's or an extension's).
 */
export function pageMainThread(
  events: TraceEvent[],
  pageUrl: string,
): { pid: number; tid: number } {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const parsed = events.find(
    (e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(pageUrl),
  );
  if (parsed) return { pid: parsed.pid, tid: parsed.tid };
  const tasks = (t: TraceEvent) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
  const busiest = mains.sort((a, b) => tasks(b) - tasks(a))[0];
  if (!busiest) throw new Error('no renderer main thread in the trace');
  return { pid: busiest.pid, tid: busiest.tid };
}

/**
 * Shrinks each top-level task of the page's main thread to its thread time, and everything inside
 * it in proportion (start times too, so nesting holds); tasks keep their start, so the order of
 * events, the network and the other threads are as recorded. Returns the main thread's task time
 * before and after, in ms.
 */
/**
 * The thread's top-level tasks with their wall (`dur`) and CPU (`tdur`) times, by start: a task
 * run inside another (a nested message loop) is left out, its time being its parent's.
 */
export function topLevelTasks(events: TraceEvent[], thread: { pid: number; tid: number }) {
  const tasks = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  let end = Number.NEGATIVE_INFINITY;
  return tasks.filter((task) => {
    if (task.ts < end) return false;
    end = task.ts + (task.dur ?? 0);
    return true;
  });
}

export function shrinkToCpuTime(
  events: TraceEvent[],
  pageUrl: string,
): { beforeMs: number; afterMs: number } {
  const thread = pageMainThread(events, pageUrl);
  const onThread = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid)
    .sort((a, b) => a.ts - b.ts);
  let beforeMs = 0;
  let afterMs = 0;
  let next = 0;
  // A nested task is shrunk with its parent, as an event inside it.
  for (const task of topLevelTasks(events, thread)) {
    const dur = task.dur ?? 0;
    const ratio = dur > 0 ? Math.min(1, (task.tdur ?? dur) / dur) : 1;
    const end = task.ts + dur;
    beforeMs += dur / 1000;
    afterMs += (dur * ratio) / 1000;
    // Events inside the task: those starting in [ts, end] (the list is sorted by start).
    while (next < onThread.length && (onThread[next]?.ts ?? 0) < task.ts) next++;
    for (let i = next; i < onThread.length; i++) {
      const event = onThread[i] as TraceEvent;
      if (event.ts > end) break;
      if (event === task) continue;
      event.ts = task.ts + (event.ts - task.ts) * ratio;
      if (event.dur !== undefined) event.dur *= ratio;
    }
    task.dur = dur * ratio;
  }
  return { beforeMs, afterMs };
}

/**
 * A copy of the artifacts Lighthouse gathered into `from` (gatherMode), written to `to` with the
 * page's main-thread tasks shrunk to their CPU time, for Lighthouse to audit (auditMode).
 */
export function cpuTimeArtifacts(from: string, to: string, pageUrl: string) {
  cpSync(from, to, { recursive: true });
  const tracePath = `${to}/defaultPass.trace.json`;
  const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
  const shrunk = shrinkToCpuTime(trace.traceEvents, pageUrl);
  writeFileSync(tracePath, JSON.stringify(trace));
  return shrunk;
}
