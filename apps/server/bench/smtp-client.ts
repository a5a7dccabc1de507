/**
 * `npx tsx apps/server/bench/smtp-client.ts [-- --messages 10000 --rounds 3]`
 *
 * The SMTP client's own CPU a message, alone: composed alert-sized messages (composeMail) sent to
 * bench:fanout's SMTP sink (its own process, smtp-server) by nodemailer's pooled transport (what
 * bulk mail used before decision 057) and by our pipelined pool (adapters/email/smtp-pool.ts), ten
 * connections each, interleaved round by round. Prints this
 * process's CPU per message (composing included, the same for all) and the rate, beside the host's
 * speed (host-speed.ts).
 */
import { parseArgs } from 'node:util';
import { composeMail } from '../src/adapters/email/compose-mail.ts';
import { createSmtpEmailSender } from '../src/adapters/email/smtp-email-sender.ts';
import { createSmtpPool } from '../src/adapters/email/smtp-pool.ts';
import { mapConcurrently } from '../src/alerts/channels/map-concurrently.ts';
import { benchPlace } from './bench-place.ts';
import { machineLine } from './bench-sinks.ts';
import { startSink, stopAllChildren } from './fanout-processes.ts';
import { measureHostSpeed } from './host-speed.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string' },
  },
});
const messages = Number(values.messages);
const rounds = Number(values.rounds);
const CONNECTIONS = 10;
const FROM = 'Encore Alerts <alerts@encore.test>';

console.log(machineLine());
console.log((await measureHostSpeed()).line);
const { port } = await benchPlace('smtp-client', values.port, 1);
const sink = await startSink('email', port);
const url = `smtp://127.0.0.1:${port}`;

/** About an alert email's size: a text part and an HTML part of a few KB. */
const message = (n: number) => ({
  to: `fan${n}@example.com`,
  subject: `Night Static at The Ritz, Brooklyn, NY — Fri, Dec 4 (${n})`,
  text: `You watch Night Static.\n${'Doors 7pm, show 8pm. Tickets from $25. '.repeat(20)}\n`,
  html: `<p>You watch <b>Night Static</b>.</p>${'<p>Doors 7pm, show 8pm. Tickets from $25.</p>'.repeat(50)}`,
  headers: { 'List-Unsubscribe': `<https://encore.test/api/unsubscribe/${n}>` },
});

type Client = { send(n: number): Promise<void>; close(): void; inFlight: number };
const clients: Record<string, () => Client> = {
  nodemailer: () => {
    // A URL with options keeps nodemailer's pool (smtp-email-sender.ts).
    const sender = createSmtpEmailSender(`${url}/?pool=true`, FROM, { pool: CONNECTIONS });
    return {
      send: (n) => sender.send(message(n)),
      close: () => void sender.close(),
      inFlight: CONNECTIONS,
    };
  },
  ours: () => {
    const pool = createSmtpPool({ host: '127.0.0.1', port, secure: false }, CONNECTIONS);
    return {
      send: (n) => {
        const { raw, envelope } = composeMail(FROM, message(n), 'encore.test');
        return pool.send(envelope.from, envelope.to, raw);
      },
      close: () => pool.close(),
      inFlight: CONNECTIONS,
    };
  },
};

const figures = new Map<string, number[]>();
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [name, make] of Object.entries(clients)) {
      const client = make();
      const run = (count: number) =>
        mapConcurrently(
          Array.from({ length: count }, (_, n) => n),
          client.inFlight,
          (n) => client.send(n),
        );
      await run(2000); // connections opened and code compiled, not counted
      const cpu = process.cpuUsage();
      const started = performance.now();
      await run(messages);
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - started) / 1000;
      client.close();
      const ms = (used.user + used.system) / 1000 / messages;
      figures.set(name, [...(figures.get(name) ?? []), ms]);
      console.log(
        `round ${round} ${name.padEnd(22)} ${ms.toFixed(3)} ms CPU a message, ${Math.round(messages / seconds).toLocaleString('en-US')}/s`,
      );
    }
  }
  console.log('\nmean CPU a message (composing included):');
  for (const [name, all] of figures) {
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    console.log(
      `  ${name.padEnd(22)} ${mean.toFixed(3)} ms  [${all.map((v) => v.toFixed(3)).join(', ')}]`,
    );
  }
} finally {
  sink.kill();
  await stopAllChildren();
}
