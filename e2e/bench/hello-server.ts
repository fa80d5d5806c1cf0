import Fastify from 'fastify';

/**
 * The yardstick of the play figures: a bare Fastify hello world (the server's own Fastify, no
 * logger, no plugins), run as its own process exactly as the real server is. What the real server
 * adds per request (auth, validation, database, signing) is what the ratio measures.
 */
const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/hello', () => 'hello world');
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`hello listening on ${port}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
