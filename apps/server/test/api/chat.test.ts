/**
 * Support chat through the real server and real socket.io clients: the token is the only identity
 * (no token: no socket and no call; another user's id: refused, and nothing stored or received as
 * that user); an owner's messages are stored, counted unread for the operators, read-marked and
 * answered live; an answer to an owner who is away (or wrote while no operator was online) is
 * e-mailed in the owner's language; typing reaches the other side; per-user rate and size limits;
 * operators' calls (inbox, reply, assignment, canned replies) are refused to owners.
 */
import {
  adminAuditListCall,
  CHAT_EVENTS,
  CODES,
  chatAssignCall,
  chatCannedDeleteCall,
  chatCannedListCall,
  chatCannedSaveCall,
  chatConversationCall,
  chatHistoryCall,
  chatInboxCall,
  chatOperatorReadCall,
  chatReadCall,
  chatReplyCall,
  chatUnreadCall,
  REALTIME_NAMESPACE,
  setLanguageCall,
  type TChatMessageDoc,
  type TChatReadMark,
  type TChatStatus,
  type TChatTyping,
  type TRealtimeAck,
} from "@vitrine/contract";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RATE_BUCKETS } from "../../src/platform/rate-limit/index";
import { testDatabaseTargets } from "../support/databases";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  type TTestUser,
  uniqueIp,
} from "../support/factories";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const SEND_LIMIT = RATE_BUCKETS["chat-send-user"]?.points ?? 0;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** Collects one event of a socket; `next()` resolves with the next one, `none(ms)` checks that none came. */
function listen<T>(socket: Socket, event: string) {
  const received: T[] = [];
  const waiters: Array<(m: T) => void> = [];
  socket.on(event, (payload: T) => {
    const waiter = waiters.shift();
    if (waiter) waiter(payload);
    else received.push(payload);
  });
  return {
    next: () =>
      new Promise<T>((resolve) => {
        const queued = received.shift();
        if (queued !== undefined) resolve(queued);
        else waiters.push(resolve);
      }),
    pending: () => [...received],
  };
}

describe.each(targets)("support chat on $name", (target) => {
  let t: TAccountsTestServer;
  let operator: TTestUser;
  let operatorToken: string;

  beforeAll(async () => {
    t = await startAccountsServer({ ...target.env, REDIS_URL: "", LOG_LEVEL: "error" });
    operator = await createUser(t.platform.database.db, { isSuper: true });
    operatorToken = await t.signIn(operator);
  });
  afterAll(() => t?.shutdown());

  function client(token: string | undefined): Socket {
    const socket = io(`${t.server.baseUrl}${REALTIME_NAMESPACE}`, {
      reconnection: false,
      transports: ["websocket"],
      extraHeaders: { "x-forwarded-for": uniqueIp() },
      ...(token === undefined ? {} : { auth: { token } }),
    });
    sockets.push(socket);
    return socket;
  }

  async function connect(token: string): Promise<Socket> {
    const socket = client(token);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  }

  async function owner(): Promise<TTestUser & { token: string }> {
    const user = await createUser(t.platform.database.db);
    return { ...user, token: await t.signIn(user) };
  }

  async function send(socket: Socket, userid: string, message: string): Promise<TRealtimeAck> {
    return socket.emitWithAck("sendMessage", { userid, message });
  }

  async function sent(socket: Socket, userid: string, message: string): Promise<TChatMessageDoc> {
    const ack = await send(socket, userid, message);
    if (!ack.ok || !ack.doc) throw new Error(`not sent: ${JSON.stringify(ack)}`);
    return ack.doc as TChatMessageDoc;
  }

  async function history(token: string) {
    const res = await t.call(chatHistoryCall, {}, { token });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  }

  async function inboxRow(conversationId: string) {
    const res = await t.call(chatInboxCall, { filter: "all" }, { token: operatorToken });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data.docs.find((d) => d.id === conversationId);
  }

  it("refuses a socket without a token and the calls without one; a visitor cannot send", async () => {
    const socket = client(undefined);
    const error = await new Promise<Error & { data?: unknown }>((resolve) =>
      socket.once("connect_error", resolve),
    );
    expect(error.message).toBe("Sign in to use the chat.");
    expect(socket.connected).toBe(false);
    const res = await t.call(chatHistoryCall, {});
    expect(res.body.status).toBe(false);
    expect(res.body.rescode).not.toBe(CODES.ok.rescode);
  });

  it("never sends or receives as another user: a claimed id is refused and nothing is stored for it", async () => {
    const alice = await owner();
    const bob = await owner();
    const aliceSocket = await connect(alice.token);
    const bobSocket = await connect(bob.token);
    const bobMessages = listen<TChatMessageDoc>(bobSocket, "receiveMessage");

    expect(await send(bobSocket, alice.userId, "as alice")).toEqual({
      ok: false,
      message: "This user id is not yours: sign in as that user.",
    });
    expect((await history(alice.token)).conversation).toBeNull();

    // Alice's message reaches Alice's sockets and the operators, never Bob's.
    const doc = await sent(aliceSocket, alice.userId, "alice's question");
    const own = await sent(bobSocket, bob.userId, "bob's own");
    expect(await bobMessages.next()).toMatchObject({ id: own.id, userid: bob.userId, message: "bob's own" });
    expect(bobMessages.pending()).toEqual([]);
    expect((await history(bob.token)).docs.map((d) => d.message)).toEqual(["bob's own"]);
    expect((await history(alice.token)).docs).toEqual([doc]);
  });

  it("stores messages, counts them unread, marks them read and delivers the answer live, without a mail", async () => {
    const alice = await owner();
    const ownerSocket = await connect(alice.token);
    const opSocket = await connect(operatorToken);
    const opMessages = listen<TChatMessageDoc>(opSocket, "receiveMessage");
    const ownerMessages = listen<TChatMessageDoc>(ownerSocket, "receiveMessage");
    const ownerReads = listen<TChatReadMark>(ownerSocket, CHAT_EVENTS.read);

    const first = await sent(ownerSocket, alice.userId, "  Hello, can you help?  ");
    expect(first).toMatchObject({ message: "Hello, can you help?", sender: "owner", userid: alice.userId });
    const second = await sent(ownerSocket, alice.userId, "About the Fox model.");
    expect(await opMessages.next()).toEqual(first);
    expect(await opMessages.next()).toEqual(second);

    const row = await inboxRow(first.conversation_id);
    expect(row).toMatchObject({
      owner_email_id: alice.emailId,
      unread: 2,
      assignee: null,
      last_message: { message: "About the Fox model.", sender: "owner" },
    });
    const read = await t.call(
      chatOperatorReadCall,
      { conversation_id: first.conversation_id, last_id: first.id },
      { token: operatorToken },
    );
    expect(read.body.data).toEqual({ unread: 1 });
    expect(await ownerReads.next()).toEqual({
      conversation_id: first.conversation_id,
      reader: "operator",
      last_read_id: first.id,
    });

    const reply = await t.call(
      chatReplyCall,
      { conversation_id: first.conversation_id, message: " Of course! " },
      { token: operatorToken },
    );
    expect(reply.body.data).toMatchObject({
      mailed: false,
      doc: { message: "Of course!", sender: "operator" },
    });
    // The owner's socket got its own two messages, then the answer.
    await ownerMessages.next();
    await ownerMessages.next();
    expect(await ownerMessages.next()).toEqual(reply.body.data.doc);
    expect((await inboxRow(first.conversation_id))?.unread).toBe(0);

    expect((await t.call(chatUnreadCall, {}, { token: alice.token })).body.data).toEqual({
      unread: 1,
      operators_online: true,
    });
    const h = await history(alice.token);
    expect(h.docs.map((d) => [d.sender, d.message])).toEqual([
      ["owner", "Hello, can you help?"],
      ["owner", "About the Fox model."],
      ["operator", "Of course!"],
    ]);
    expect(h.conversation).toMatchObject({ unread: 1, operator_read_id: reply.body.data.doc.id });
    expect(
      (await t.call(chatReadCall, { last_id: reply.body.data.doc.id }, { token: alice.token })).body.data,
    ).toEqual({ unread: 0 });
    // A read mark never goes back.
    expect((await t.call(chatReadCall, { last_id: 1 }, { token: alice.token })).body.data).toEqual({
      unread: 0,
    });
    expect((await t.call(chatUnreadCall, {}, { token: alice.token })).body.data.unread).toBe(0);
    expect(await t.mailsTo(alice.emailId)).toEqual([]);
  });

  it("e-mails the answer in the owner's language when the owner is away or wrote while no operator was online", async () => {
    const kim = await owner();
    await t.call(setLanguageCall, { language: "ko" }, { token: kim.token });
    // No operator is connected: the owner sees it, and the answer will be mailed.
    const ownerSocket = client(kim.token);
    const status = await new Promise<TChatStatus>((resolve) => ownerSocket.once(CHAT_EVENTS.status, resolve));
    expect(status).toEqual({ operators_online: false });
    const doc = await sent(ownerSocket, kim.userId, "주문 문의드립니다");
    const answer = await t.call(
      chatReplyCall,
      { conversation_id: doc.conversation_id, message: "확인 후 연락드리겠습니다." },
      { token: operatorToken },
    );
    expect(answer.body.data.mailed).toBe(true);
    const mails = await t.mailsTo(kim.emailId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Vitrine 고객지원팀이 답변했습니다");
    expect(mails[0]?.text).toContain("확인 후 연락드리겠습니다.");
    expect(mails[0]?.text).toContain("/Studio/user?chat=open");

    // Still connected and the flag spent: the next answer is not mailed.
    const next = await t.call(
      chatReplyCall,
      { conversation_id: doc.conversation_id, message: "추가 안내입니다." },
      { token: operatorToken },
    );
    expect(next.body.data.mailed).toBe(false);
    // Gone: mailed again.
    ownerSocket.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    const away = await t.call(
      chatReplyCall,
      { conversation_id: doc.conversation_id, message: "견적서를 보내 드렸습니다." },
      { token: operatorToken },
    );
    expect(away.body.data.mailed).toBe(true);
    expect(await t.mailsTo(kim.emailId)).toHaveLength(2);
  });

  it("tells each side when the other is typing; an owner cannot type into another conversation", async () => {
    const alice = await owner();
    const ownerSocket = await connect(alice.token);
    const doc = await sent(ownerSocket, alice.userId, "hi");
    const opSocket = await connect(operatorToken);
    const opTyping = listen<TChatTyping>(opSocket, CHAT_EVENTS.typing);
    const ownerTyping = listen<TChatTyping>(ownerSocket, CHAT_EVENTS.typing);

    expect(await ownerSocket.emitWithAck(CHAT_EVENTS.typing)).toEqual({ ok: true });
    expect(await opTyping.next()).toEqual({
      conversation_id: doc.conversation_id,
      userid: alice.userId,
      sender: "owner",
    });
    expect(await opSocket.emitWithAck(CHAT_EVENTS.typing, { conversation_id: doc.conversation_id })).toEqual({
      ok: true,
    });
    expect(await ownerTyping.next()).toMatchObject({
      conversation_id: doc.conversation_id,
      sender: "operator",
    });

    const bob = await owner();
    const bobSocket = await connect(bob.token);
    expect(
      await bobSocket.emitWithAck(CHAT_EVENTS.typing, { conversation_id: doc.conversation_id }),
    ).toMatchObject({ ok: false });
    expect(ownerTyping.pending()).toEqual([]);
  });

  it(`refuses blank and oversized messages, and more than ${SEND_LIMIT} a minute per owner over all sockets`, async () => {
    const alice = await owner();
    const a = await connect(alice.token);
    expect(await send(a, alice.userId, " \n ")).toEqual({ ok: false, message: "A message is required." });
    expect(await send(a, alice.userId, "x".repeat(2001))).toEqual({
      ok: false,
      message: "The message is too long.",
    });
    expect((await history(alice.token)).conversation).toBeNull();

    // The socket limit (20 per 10 s) is per socket; the owner's limit counts every socket.
    const b = await connect(alice.token);
    const answers: TRealtimeAck[] = [];
    for (let i = 0; i < SEND_LIMIT + 2; i++)
      answers.push(await send(i % 2 === 0 ? a : b, alice.userId, `m${i}`));
    expect(answers.filter((x) => x.ok)).toHaveLength(SEND_LIMIT);
    expect(answers.at(-1)).toEqual({
      ok: false,
      message: CODES.chatTooFast.message,
      retryAfterSeconds: expect.any(Number),
    });
    expect((await history(alice.token)).docs).toHaveLength(SEND_LIMIT);
  });

  it("refuses the operators' calls to owners, and lets operators assign and keep canned replies", async () => {
    const alice = await owner();
    const doc = await sent(await connect(alice.token), alice.userId, "please assign me");
    const id = doc.conversation_id;
    const asOwner = { token: alice.token };
    const refusals = [
      await t.call(chatInboxCall, {}, asOwner),
      await t.call(chatConversationCall, { conversation_id: id }, asOwner),
      await t.call(chatReplyCall, { conversation_id: id, message: "self-answer" }, asOwner),
      await t.call(chatOperatorReadCall, { conversation_id: id, last_id: doc.id }, asOwner),
      await t.call(chatAssignCall, { conversation_id: id, assignee: alice.emailId }, asOwner),
      await t.call(chatCannedListCall, {}, asOwner),
      await t.call(chatCannedSaveCall, { title: "x", message: "y" }, asOwner),
    ];
    for (const res of refusals)
      expect(res.body).toMatchObject({ status: false, rescode: CODES.forbidden.rescode });
    expect((await history(alice.token)).docs.map((d) => d.message)).toEqual(["please assign me"]);

    const op = { token: operatorToken };
    expect(
      (await t.call(chatAssignCall, { conversation_id: id, assignee: alice.emailId }, op)).body.rescode,
    ).toBe(CODES.chatNotOperator.rescode);
    const assigned = await t.call(chatAssignCall, { conversation_id: id, assignee: operator.emailId }, op);
    expect(assigned.body.data.doc.assignee).toBe(operator.emailId);
    const audit = await t.call(adminAuditListCall, { page: 1, target_id: id }, op);
    expect(audit.body.data.docs).toEqual([
      expect.objectContaining({
        action: "chat.assign",
        actor_id: operator.userId,
        before: { assignee: null },
        after: { assignee: operator.emailId },
      }),
    ]);
    const mine = await t.call(chatInboxCall, { filter: "mine" }, op);
    expect(mine.body.data.docs.map((d) => d.id)).toEqual([id]);
    expect(mine.body.data.me).toBe(operator.emailId);
    expect(mine.body.data.operators).toContain(operator.emailId);
    const unassigned = await t.call(chatInboxCall, { filter: "unassigned" }, op);
    expect(unassigned.body.data.docs.map((d) => d.id)).not.toContain(id);
    const conversation = await t.call(chatConversationCall, { conversation_id: id }, op);
    expect(conversation.body.data.docs.map((d) => d.message)).toEqual(["please assign me"]);
    expect(
      (
        await t.call(
          chatConversationCall,
          { conversation_id: "chat_00000000-0000-4000-8000-000000000000" },
          op,
        )
      ).body.rescode,
    ).toBe(CODES.notFound.rescode);

    const saved = await t.call(chatCannedSaveCall, { title: "Hours", message: "We answer 9–18 KST." }, op);
    const cannedId = saved.body.data.doc.id;
    await t.call(
      chatCannedSaveCall,
      { canned_id: cannedId, title: "Hours", message: "We answer 9–18 KST, weekdays." },
      op,
    );
    expect((await t.call(chatCannedListCall, {}, op)).body.data.docs).toEqual([
      expect.objectContaining({ id: cannedId, title: "Hours", message: "We answer 9–18 KST, weekdays." }),
    ]);
    expect((await t.call(chatCannedDeleteCall, { canned_id: cannedId }, op)).body.data).toEqual({
      deleted: true,
    });
    expect((await t.call(chatCannedListCall, {}, op)).body.data.docs).toEqual([]);
  });
});
