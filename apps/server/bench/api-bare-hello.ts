/**
 * The bare reference of `npm run bench:api`: Fastify 5 answering `{"hello":"world"}` and nothing
 * else, in its own process (the bench starts it with `PORT`), so the ratio to bare says how much of
 * Fastify's own speed on this machine, under the same load generator, Encore's routes keep.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
