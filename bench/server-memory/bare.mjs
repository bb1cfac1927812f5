// The reference for bench/server-memory: a bare Fastify process answering /api/health.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/api/health", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
