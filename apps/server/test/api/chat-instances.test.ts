/**
 * Support chat across two server processes (`src/main.ts`) sharing PostgreSQL and Redis: an owner
 * on instance A, an operator on instance B. The owner's message reaches the operator through the
 * Redis adapter and is stored once; the operator's answer (a call on B) reaches the owner on A
 * live, and is not mailed, because the owner is online on another instance.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import {
  CHAT_EVENTS,
  chatInboxCall,
  chatReplyCall,
  REALTIME_NAMESPACE,
  type TChatMessageDoc,
  type TChatStatus,
  type TRealtimeAck,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatMessages } from "../../src/db/schema/chat";
import { signIn, spawnServer, type TChildServer } from "../support/child-server";
import {
  createTestDatabaseUrl,
  openTestDatabase,
  type TTestPostgres,
  tempDataDir,
} from "../support/databases";
import { createUser, type TTestUser } from "../support/factories";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const { REDIS_URL, TEST_DATABASE_URL } = process.env;

describe.skipIf(!REDIS_URL || !TEST_DATABASE_URL)(
  `support chat across two instances${REDIS_URL && TEST_DATABASE_URL ? "" : " (skipped: REDIS_URL and TEST_DATABASE_URL are needed)"}`,
  () => {
    let database: TTestPostgres;
    const dirs: string[] = [];
    const servers: TChildServer[] = [];
    const sockets: Socket[] = [];
    let env: Partial<NodeJS.ProcessEnv>;
    let owner: TTestUser;
    let operator: TTestUser;

    beforeAll(async () => {
      database = await createTestDatabaseUrl();
      // Both instances sign and read the same tokens and envelopes.
      env = {
        DATABASE_URL: database.url,
        REDIS_URL,
        TOKEN_SECRET: randomBytes(32).toString("hex"),
        ENVELOPE_SECRET: randomBytes(16).toString("hex"),
        ENVELOPE_SALT: randomBytes(16).toString("hex"),
      };
      const seeding = await openTestDatabase({ env: { ...env, DATA_DIR: tempDataDir() } });
      try {
        owner = await createUser(seeding.db);
        operator = await createUser(seeding.db, { isSuper: true });
      } finally {
        await seeding.close();
      }
      for (let i = 0; i < 2; i++) {
        const dir = tempDataDir();
        dirs.push(dir);
        servers.push(await spawnServer({ ...env, DATA_DIR: dir }));
      }
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      for (const server of servers) await server.stop("SIGTERM");
      await database?.drop();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    });

    async function connect(server: TChildServer, token: string): Promise<Socket> {
      const socket = io(`${server.baseUrl}${REALTIME_NAMESPACE}`, {
        reconnection: false,
        transports: ["websocket"],
        auth: { token },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    }

    it("delivers the owner's message from A to the operator on B, stores it once, and the answer back live", async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error("servers not started");
      const ownerToken = await signIn(a, owner);
      const operatorToken = await signIn(b, operator);

      const operatorSocket = await connect(b, operatorToken);
      const ownerSocket = await connect(a, ownerToken);
      const onlineSeen = new Promise<TChatStatus>((resolve) =>
        ownerSocket.once(CHAT_EVENTS.status, (s: TChatStatus) => resolve(s)),
      );
      const received = new Promise<TChatMessageDoc>((resolve) =>
        operatorSocket.once("receiveMessage", (doc: TChatMessageDoc) => resolve(doc)),
      );
      // The owner on A sees that an operator is online on B.
      expect(await onlineSeen).toEqual({ operators_online: true });

      const ack: TRealtimeAck = await ownerSocket.emitWithAck("sendMessage", {
        userid: owner.userId,
        message: "Hello from instance A",
      });
      expect(ack).toMatchObject({ ok: true, doc: { message: "Hello from instance A", sender: "owner" } });
      const doc = await received;
      expect(doc).toMatchObject({ userid: owner.userId, message: "Hello from instance A", sender: "owner" });

      const inbox = await b.send(chatInboxCall, { filter: "all" }, operatorToken);
      expect(inbox.data).toMatchObject({
        docs: [{ id: doc.conversation_id, owner_email_id: owner.emailId, unread: 1 }],
      });

      const answered = new Promise<TChatMessageDoc>((resolve) =>
        ownerSocket.on("receiveMessage", (m: TChatMessageDoc) => {
          if (m.sender === "operator") resolve(m);
        }),
      );
      const reply = await b.send(
        chatReplyCall,
        { conversation_id: doc.conversation_id, message: "Hello from instance B" },
        operatorToken,
      );
      expect(reply.data).toMatchObject({ mailed: false, doc: { message: "Hello from instance B" } });
      expect(await answered).toMatchObject({
        message: "Hello from instance B",
        conversation_id: doc.conversation_id,
      });

      const check = await openTestDatabase({ env: { ...env, DATA_DIR: tempDataDir() } });
      try {
        const rows = await check.db
          .select({ body: chatMessages.body })
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, doc.conversation_id))
          .orderBy(chatMessages.id);
        expect(rows.map((r) => r.body)).toEqual(["Hello from instance A", "Hello from instance B"]);
      } finally {
        await check.close();
      }
    });
  },
);
