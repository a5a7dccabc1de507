/**
 * Runs `run` in a task of its own after the current one: a MessageChannel message, not a timer,
 * so no timer clamping delays it and no clock holds it (a test's paused page clock fakes every
 * timer, and would keep the app from ever starting). Returns a cancel.
 */
export function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
