/**
 * Creates a super account, or promotes an existing account, in the configured database (the
 * same environment as `npm start`: DATA_DIR, DATABASE_URL, SMTP_URL…).
 *
 *   npm run admin:create -- --email admin@example.com --password secret1
 *   npm run admin:create -- --email admin@example.com     (new account: a link to set the password is mailed)
 *
 * With the embedded database (no DATABASE_URL), stop the server first: one PGlite folder serves
 * one process at a time.
 */
import { parseArgs } from "node:util";
import { checkEmail, checkPassword } from "@vitrine/contract";

const USAGE = "usage: npm run admin:create -- --email <address> [--password <password>]";

/** Parses the arguments; exits with a message when they are wrong. */
function parseArguments(): { email: string; password: string | undefined } {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean" } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const email = values.email?.trim() ?? "";
  const problems = [
    email === "" ? "--email is required" : checkEmail(email),
    values.password === undefined ? null : checkPassword(values.password),
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) {
    console.error(`${problems.join("\n")}\n${USAGE}`);
    process.exit(2);
  }
  return { email, password: values.password };
}

async function main(): Promise<void> {
  const { email, password } = parseArguments();
  // Loaded once the arguments are known good: the server's modules take seconds to load.
  const [
    { default: Fastify },
    { loadConfig },
    { superAccountMail },
    { createAccountsService },
    platformModule,
  ] = await Promise.all([
    import("fastify"),
    import("../apps/server/src/config"),
    import("../apps/server/src/modules/accounts/mails"),
    import("../apps/server/src/modules/accounts/service"),
    import("../apps/server/src/platform/index"),
  ]);
  const { closePlatform, createPlatform } = platformModule;
  const config = loadConfig();
  const logger = Fastify({ logger: { level: "warn" } }).log;
  const platform = await createPlatform(config, logger);
  try {
    const service = createAccountsService({
      db: platform.database.db,
      mail: platform.mail,
      rateLimits: platform.rateLimits,
      config,
      logger,
      now: () => new Date(),
    });
    const { outcome, user } = await service.supers.createOrPromote(email, password);
    if (outcome === "created" && password === undefined) {
      await service.resets.mailLink(user, (to, link) => superAccountMail(to, link, user.language));
      console.log(`Super account ${user.emailId} created; a link to set its password was mailed.`);
    } else {
      console.log(`Super account ${user.emailId} ${outcome}.`);
    }
  } finally {
    await closePlatform(platform);
  }
}

main().catch((error: unknown) => {
  // Only messages: a failed query's text would carry the password hash among its parameters.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(cause instanceof Error ? cause.message : String(cause));
  process.exit(1);
});
