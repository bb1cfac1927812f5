/** Accounts module: binds the account calls, provides the auth resolver, guards the reset page. */
import {
  changePasswordCall,
  deleteAccountCall,
  forgotPasswordCall,
  loginCall,
  logoutCall,
  logoutEverywhereCall,
  registerCall,
  resetPasswordCall,
  sendEmailCodeCall,
  setLanguageCall,
  superAccountCheckCall,
  superAccountListCall,
  userInfoCall,
  verifyEmailCodeCall,
} from "@vitrine/contract";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TAuthResolver, TPlatform } from "../../platform/types";
import { createAccountsService, type TAccountsService } from "./service";

/** Options with no environment variable. */
export interface TAccountsModuleOptions {
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
}

/** The accounts module, its auth resolver and its service. */
export type TAccountsModule = TModule & { authResolver: TAuthResolver; service: TAccountsService };

/** Path prefix of the password reset page, whose URL holds a secret. */
const RESET_PAGE_PREFIX = "/passwd/reset/";

/** Creates the accounts module. */
export function createAccountsModule(
  platform: TPlatform,
  options: TAccountsModuleOptions = {},
): TAccountsModule {
  const service = createAccountsService({
    db: platform.database.db,
    mail: platform.mail,
    rateLimits: platform.rateLimits,
    config: platform.config,
    logger: platform.logger,
    now: options.now ?? (() => new Date()),
  });

  return {
    name: "accounts",
    service,
    authResolver: service.sessions.resolver,
    calls: [
      bindCall(sendEmailCodeCall, (input) => service.verification.send(input.email, input.lang), {
        success: "emailSent",
      }),
      bindCall(verifyEmailCodeCall, (input) => service.verification.verify(input.email, input.code), {
        success: "emailVerified",
      }),
      bindCall(registerCall, (input) => service.register(input), { success: "membershipCompleted" }),
      bindCall(loginCall, async (input, ctx) => {
        const { device, ...answer } = await service.credentials.login(input.email_id, input.password, {
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          cookies: ctx.request.cookies,
        });
        ctx.reply.setCookie(device.name, device.value, device.options);
        return answer;
      }),
      bindCall(logoutCall, async (_input, ctx) => {
        await service.sessions.end(authOf(ctx).sessionId);
        return { done: true as const };
      }),
      bindCall(logoutEverywhereCall, async (_input, ctx) => ({
        ended: await service.sessions.endAll(authOf(ctx).userId),
      })),
      bindCall(forgotPasswordCall, async (input) => {
        await service.resets.forgot(input.email, input.lang);
        return { sent: true as const };
      }),
      bindCall(resetPasswordCall, async (input) => {
        await service.resets.reset(input.token, input.password);
        return { done: true as const };
      }),
      bindCall(changePasswordCall, async (input, ctx) => {
        await service.credentials.changePassword(authOf(ctx), input.current_password, input.password);
        return { done: true as const };
      }),
      bindCall(deleteAccountCall, async (input, ctx) => {
        await service.deleteAccount(authOf(ctx), input.password);
        return { deleted: true as const };
      }),
      bindCall(userInfoCall, async (_input, ctx) => ({ docs: [await service.userInfo(authOf(ctx).userId)] })),
      bindCall(setLanguageCall, async (input, ctx) => {
        await service.setLanguage(authOf(ctx).userId, input.language);
        return { language: input.language };
      }),
      bindCall(superAccountListCall, async () => ({
        count: (await service.supers.listEmailIds()).length,
      })),
      bindCall(superAccountCheckCall, async (input) => ({
        is_super: await service.supers.isSuper(input.user_email_id),
      })),
    ],

    routes(app) {
      // The reset token is in the page's path: no request from that page may carry it as a referrer.
      app.addHook("onSend", async (request, reply) => {
        if (request.url.startsWith(RESET_PAGE_PREFIX)) reply.header("referrer-policy", "no-referrer");
      });
    },

    start: () => service.supers.ensureConfiguredSuper(),
    stop: () => service.resets.settle(),
  };
}
