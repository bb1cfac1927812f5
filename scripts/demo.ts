/**
 * `npm run demo`: in the configured database (the same environment as `npm start`: DATA_DIR,
 * DATABASE_URL, S3_*…), creates the demo owner `demo@example.com` / `demo1234` and a public,
 * annotated content made from `fixtures/models/Radio.glb`, processed by the same pipeline as an
 * upload, and an open share link to it (its URL is printed). Running it again changes nothing.
 * `DEMO=true npm start` makes the owner and the content at start (the owner shares it from the
 * studio's Share action).
 *
 * With the embedded database (no DATABASE_URL), stop the server first: one PGlite folder serves
 * one process at a time.
 */

async function main(): Promise<void> {
  const [
    { default: Fastify },
    { loadConfig },
    { createAccountsService },
    { createContentService },
    { DEMO_ACCOUNT, DEMO_TITLE, ensureDemo },
    platformModule,
    { createSharingService },
    { createUnlockTokens },
  ] = await Promise.all([
    import("fastify"),
    import("../apps/server/src/config"),
    import("../apps/server/src/modules/accounts/service"),
    import("../apps/server/src/modules/content/service"),
    import("../apps/server/src/modules/content/demo"),
    import("../apps/server/src/platform/index"),
    import("../apps/server/src/modules/sharing/service"),
    import("../apps/server/src/modules/sharing/cookies"),
  ]);
  const { closePlatform, createPlatform } = platformModule;
  const config = loadConfig();
  const logger = Fastify({ logger: { level: "warn" } }).log;
  const platform = await createPlatform(config, logger);
  try {
    const now = () => new Date();
    const accounts = createAccountsService({
      db: platform.database.db,
      mail: platform.mail,
      rateLimits: platform.rateLimits,
      config,
      logger,
      now,
    });
    const service = createContentService({
      db: platform.database.db,
      blobs: platform.blobs,
      jobs: platform.jobs,
      logger,
      accounts,
      now,
    });
    const outcome = await ensureDemo({ db: platform.database.db, accounts, service, processNow: true });
    if (!outcome) {
      console.error("fixtures/models/Radio.glb was not found; run the demo from the repository.");
      process.exit(1);
    }
    console.log(
      outcome.isAccountCreated ? "Demo owner created." : "Demo owner already there.",
      outcome.isContentCreated
        ? `Demo content "${DEMO_TITLE}" created.`
        : `Demo content "${DEMO_TITLE}" already there.`,
    );
    console.log(`\nSign in at ${config.publicUrl}/login with`);
    console.log(`  e-mail ID: ${DEMO_ACCOUNT.emailId}`);
    console.log(`  password:  ${DEMO_ACCOUNT.password}`);
    console.log(`Content id: ${outcome.contentId}`);
    // An open share link, so a newcomer can open the visitor's page at once.
    const sharing = createSharingService({
      db: platform.database.db,
      blobs: platform.blobs,
      rateLimits: platform.rateLimits,
      logger,
      content: service,
      accounts,
      tokens: createUnlockTokens(config.tokenSecret),
      now,
    });
    const owner = { userId: outcome.userId, sessionId: "demo", isSuper: false };
    const { docs } = await sharing.list(owner, outcome.contentId);
    const link =
      docs.find((doc) => doc.kind === "open") ?? (await sharing.create(owner, outcome.contentId, undefined));
    console.log(`Share page: ${config.publicUrl}/share/${link.sharelink_url}`);
  } finally {
    await closePlatform(platform);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
