/**
 * Result codes (SPEC §8). Each code has one rescode, one i18n key (namespace `codes`) and the
 * English message the spec words it with. The web's `locales/en/codes.json` holds the same
 * English text (a test checks it), and `locales/ko/codes.json` the Korean.
 */

/** A code's definition. */
export interface TCodeDef {
  /** Numeric code sent as `rescode`. */
  readonly rescode: number;
  /** i18n key in the `codes` namespace. */
  readonly key: string;
  /** The English message, word for word from the spec where the spec has one. */
  readonly message: string;
  /** HTTP status the server answers with. */
  readonly http: number;
}

const def = (rescode: number, key: string, message: string, http = 200): TCodeDef => ({
  rescode,
  key,
  message,
  http,
});

/** The whole catalogue. Names are the `AppError` codes used in server code. */
export const CODES = {
  // Protocol codes fixed by the spec.
  /** Success. */
  ok: def(200, "ok", "Success."),
  /** The access token expired on a live session; `atk` carries a new one, repeat the call once. */
  tokenRefreshed: def(803, "tokenRefreshed", "Your session was refreshed."),
  /** Not allowed: the client clears its token and goes to `/`. */
  forbidden: def(403, "forbidden", "Please log in again.", 403),
  /** Service unavailable (database or dependency down). */
  serviceUnavailable: def(
    1001,
    "serviceUnavailable",
    "The service is currently unavailable due to a temporary outage. We apologize for any inconvenience.",
    503,
  ),

  // Generic failures.
  /** Input failed its contract schema; `data.fields` names each field's message. */
  validation: def(1002, "validation", "Please check what you entered.", 400),
  /** The thing asked for does not exist (or is not the caller's). */
  notFound: def(1004, "notFound", "No data available.", 404),
  /** A unique value is taken. */
  duplicate: def(1009, "duplicate", "It already exists.", 409),
  /** Body or file over its size cap. */
  tooLarge: def(1013, "tooLarge", "The file is too large.", 413),
  /** Too many attempts. */
  rateLimited: def(1029, "rateLimited", "Please try again later.", 429),
  /** A plan limit is reached; `data.limit` names it. */
  planLimit: def(1402, "planLimit", "Your plan's limit is reached. Upgrade your plan to add more.", 403),
  /** Malformed request: bad JSON or an envelope that cannot be opened. */
  badRequest: def(1400, "badRequest", "It was not processed correctly.", 400),
  /** No call with this path. */
  unknownCall: def(1404, "unknownCall", "It was not processed correctly.", 404),
  /** Anything unexpected; details are logged, never sent. */
  internal: def(
    1000,
    "internal",
    "Sorry, the service is temporarily unavailable due to a system error.",
    500,
  ),

  // §8 user-visible messages.
  /** Sign-in with an empty e-mail. */
  emptyEmail: def(2001, "emptyEmail", "Please enter your email address."),
  /** Sign-in with an empty password. */
  emptyPassword: def(2002, "emptyPassword", "Please enter your password."),
  /** Password not in the required format. */
  passwordFormat: def(2003, "passwordFormat", "Follow the password format."),
  /** Generic credential prompt. */
  checkIdPassword: def(2004, "checkIdPassword", "Please check your ID and password."),
  /** Wrong e-mail or password (one message for both). */
  wrongCredentials: def(2005, "wrongCredentials", "The email or password you entered is incorrect."),
  /** Session ended; sign in again. */
  loginAgain: def(2006, "loginAgain", "Please log in again."),
  /** Plan information could not be loaded. */
  planLoadFailed: def(2007, "planLoadFailed", "Failed to load plan information."),
  /** The database does not answer. */
  dbNotResponding: def(
    2008,
    "dbNotResponding",
    "The DB server is not responding. Please contact the administrator.",
    503,
  ),
  /** The owner has no channel yet. */
  noChannel: def(2009, "noChannel", "No channel created yet, please create one."),
  /** A channel id that does not resolve. */
  invalidChannel: def(2010, "invalidChannel", "Invalid channel information, try again."),
  /** An uploaded file was refused. */
  fileInvalid: def(2011, "fileInvalid", "File invalid."),
  /** Image of a type other than jpg or png. */
  imageType: def(2012, "imageType", "Only jpg and png files can be uploaded."),
  /** Image over the size cap. */
  imageSize: def(2013, "imageSize", "The image exceeds the size limit."),
  /** DUNS number in the wrong format. */
  dunsFormat: def(2014, "dunsFormat", "Please check the DUNS number format."),
  /** Nothing to show. */
  noData: def(2015, "noData", "No data available."),
  /** A visitor tried a protected action. */
  loginRequired: def(2016, "loginRequired", "Login is required", 401),
  /** Temporary connection error. */
  connectionError: def(
    2017,
    "connectionError",
    "Connection error: temporary service disruption, try again shortly.",
    503,
  ),
  /** The e-mail ID is taken. */
  duplicateId: def(2018, "duplicateId", "You have a registered ID", 409),
  /** Generic retry prompt. */
  tryLater: def(2019, "tryLater", "Please try again later.", 429),
  /** Generic failure. */
  notProcessed: def(2020, "notProcessed", "It was not processed correctly."),
  /** The e-mail address has not been verified. */
  emailUnverified: def(2021, "emailUnverified", "Email Authentication Unidentified."),
  /** The verification mail could not be sent. */
  verificationSendFailed: def(
    2022,
    "verificationSendFailed",
    "Verification email could not be sent. Please try again later.",
    503,
  ),
  /** The user does not exist (apology alert, token cleared). */
  userNotFound: def(2023, "userNotFound", "Sorry, we could not find your account."),
  /** Service error. */
  systemError: def(
    2024,
    "systemError",
    "Sorry, the service is temporarily unavailable due to a system error.",
    500,
  ),
  /** A password-reset link that is unknown, used or expired. */
  resetLinkInvalid: def(
    2025,
    "resetLinkInvalid",
    "This link is invalid or has expired. Please ask for a new one.",
    404,
  ),
  /** A password share link asked for without its password (the visitor sees the password page). */
  sharePasswordRequired: def(
    2026,
    "sharePasswordRequired",
    "This link is protected. Please enter its password.",
    401,
  ),
  /** A wrong share-link password. */
  sharePasswordWrong: def(2027, "sharePasswordWrong", "The password is not correct.", 401),
  /** A share link past its plan's monthly access limit. */
  shareLinkMonthlyLimit: def(
    2028,
    "shareLinkMonthlyLimit",
    "This link has reached its monthly viewing limit. It opens again next month.",
    403,
  ),
  /** A content that is still processing (or failed) cannot be shared yet. */
  contentNotReady: def(
    2029,
    "contentNotReady",
    "This content is still being prepared. Try again when it is ready.",
    409,
  ),
  /** Password links need a higher plan. */
  sharePasswordPlan: def(
    2030,
    "sharePasswordPlan",
    "Password-protected links are available from the Standard plan.",
    403,
  ),

  // Model upload refusals (issue 9, item 13): each says what to do; `data` carries the details.
  /** A `.gltf` names files that were not uploaded; `data.missing` lists their names. */
  modelFileMissing: def(
    3150,
    "modelFileMissing",
    "This model needs files that were not uploaded: add them to the upload.",
  ),
  /** A model file (or one of its parts) has no bytes; `data.file` names it. */
  modelFileEmpty: def(3151, "modelFileEmpty", "The model file is empty. Export it again and upload it."),
  /** A `.glb` shorter than its header says (cut off in a download or copy); `data.file` names it. */
  modelFileTruncated: def(
    3152,
    "modelFileTruncated",
    "The model file is incomplete (cut off). Export or download it again and upload it.",
  ),
  /** A valid model that shows nothing; `data.reason` is `noScene` or `noMesh`. */
  modelNothingToDraw: def(
    3153,
    "modelNothingToDraw",
    "This model has nothing to show: it has no scene with a mesh in it.",
  ),
  /** A CAD or other 3D format (STL, STEP, OBJ, FBX…); `data.format` names it. */
  modelConvertFirst: def(
    3154,
    "modelConvertFirst",
    "This 3D format cannot be shown on the web yet: convert the model to glTF or GLB and upload that, or ask us to produce it.",
  ),
  /** An archive (.zip, .rar, .7z); `data.format` names it. */
  modelUnzipFirst: def(
    3155,
    "modelUnzipFirst",
    "Archives cannot be uploaded: unzip it and upload the .glb, or the .gltf with its .bin and texture files.",
  ),

  /**
   * A model the validator finds errors in that the pipeline cannot repair (issue 29: what viewers
   * draw past is repaired, not refused); `data.file` names the file, `data.detail` is the
   * validator's first such message.
   */
  modelDamaged: def(
    3156,
    "modelDamaged",
    "This model file is damaged and cannot be shown. Export it again from your 3D tool as glTF 2.0 (.glb) and upload that, or ask us to produce it.",
  ),

  // Channels (issue 10), rescodes 3300-3399.
  /** A second channel for one account. */
  channelExists: def(3300, "channelExists", "You already have a channel.", 409),
  /** Machine translation asked for while no provider is configured. */
  translationOff: def(
    3301,
    "translationOff",
    "Machine translation is not available. Please write the other language yourself.",
    409,
  ),
  /** The translation provider failed or did not answer. */
  translationFailed: def(
    3302,
    "translationFailed",
    "The translation could not be made right now. Please try again later.",
    503,
  ),

  // Plans and payments (issue 12, plans and payments modules), rescodes 3450-3499.
  /** The plan has no price for this period and currency in the catalogue. */
  priceMissing: def(
    3450,
    "priceMissing",
    "This plan cannot be bought in this currency yet. Please contact us.",
    409,
  ),
  /** The payment is no longer waiting (already confirmed, rejected or cancelled). */
  paymentNotPending: def(
    3451,
    "paymentNotPending",
    "This payment is no longer waiting for confirmation.",
    409,
  ),
  /** Refunding a payment that was never paid. */
  paymentNotPaid: def(3452, "paymentNotPaid", "Only a paid payment can be refunded.", 409),
  /** Cancel or change asked with no running subscription. */
  noSubscription: def(3453, "noSubscription", "You have no running subscription.", 409),
  /** Changing to the plan one already has. */
  samePlan: def(3454, "samePlan", "You already have this plan.", 409),
  /** A provider that this deployment does not offer. */
  providerUnavailable: def(3455, "providerUnavailable", "This payment method is not available.", 409),
  /** A provider webhook whose signature does not match its body. */
  webhookSignature: def(3456, "webhookSignature", "The signature does not match.", 400),
  /** A checkout while a paid plan runs (change it instead). */
  subscriptionRunning: def(
    3458,
    "subscriptionRunning",
    "You already have a running plan. Change it from your account page.",
    409,
  ),
  /** The provider refused the charge. */
  paymentFailed: def(
    3457,
    "paymentFailed",
    "The payment could not be made. Please try again or use another method.",
    402,
  ),
  /** A provider event that the provider's own record does not confirm (Toss: read back). */
  webhookUnverified: def(
    3459,
    "webhookUnverified",
    "The event does not match the payment provider's record.",
    400,
  ),
  /** A return from the provider's page that does not belong to this payment. */
  paymentReturnInvalid: def(
    3460,
    "paymentReturnInvalid",
    "This payment approval does not belong to this payment. Please start the payment again.",
    400,
  ),

  // Operators' console (issue 12, admin module), rescodes 3500-3519.
  /** Sign-in of a suspended account (its sessions ended when it was suspended). */
  accountSuspended: def(
    3500,
    "accountSuspended",
    "This account is suspended. Please contact customer support.",
    403,
  ),
  /** Removing the only super account left. */
  lastSuperAccount: def(3501, "lastSuperAccount", "The last super account cannot be removed.", 409),
  /** A console action an operator may not take on their own account (suspend, remove super). */
  adminSelfAction: def(3502, "adminSelfAction", "You cannot do this to your own account.", 409),
  /** A console action was done and audited. */
  adminDone: def(200, "adminDone", "Done. It is recorded in the audit log."),
  // Exhibitions (issue 13), rescodes 3550-3599.
  /** The slot asked for has a booth standing in it (or is outside the hall). */
  slotTaken: def(3550, "slotTaken", "This slot is taken. Please choose another one.", 409),
  /** A booth needs its owner's channel. */
  boothNeedsChannel: def(
    3551,
    "boothNeedsChannel",
    "A booth shows your channel: please create your channel first.",
    409,
  ),
  /** The exhibition is closed or unpublished. */
  exhibitionNotTaking: def(3552, "exhibitionNotTaking", "This exhibition is not taking booths.", 409),
  /** A layout change would remove slots where booths stand. */
  hallLayoutInUse: def(
    3553,
    "hallLayoutInUse",
    "Booths stand in slots this layout would remove. Move or free them first.",
    409,
  ),

  // Support chat (issue 15), rescodes 3700-3719.
  /** More chat messages than the per-user limit allows; `data.retryAfterSeconds` says when to try again. */
  chatTooFast: def(3700, "chatTooFast", "You are sending messages too fast. Please wait a moment.", 429),
  /** The operators keep at most CHAT_CANNED_MAX canned replies. */
  chatCannedLimit: def(
    3701,
    "chatCannedLimit",
    "There are already 100 canned replies. Delete one first.",
    409,
  ),
  /** An assignee that is not an operator (super account). */
  chatNotOperator: def(3702, "chatNotOperator", "That account is not an operator.", 400),

  // Model production and the Q&A board (issue 15), rescodes 3650-3699.
  /** A production request asked to do what its status does not allow (accept a quote not given). */
  productionWrongStatus: def(
    3650,
    "productionWrongStatus",
    "This request cannot do that in its current status. Reload to see where it stands.",
    409,
  ),
  /** An answered question is kept as it was answered. */
  qnaAnswered: def(3651, "qnaAnswered", "An answered question can no longer be edited or deleted.", 409),
  /** A file or image of a request or question that the caller did not upload. */
  uploadNotYours: def(3652, "uploadNotYours", "Attach only files you uploaded here.", 400),
  /** Production request received. */
  productionRequested: def(
    200,
    "productionRequested",
    "Your request has been received. We will send you a quote by e-mail.",
  ),

  // Business matching (issue 14), rescodes 3600-3649.
  /** A "not interested" link that is unknown or was used up. */
  connectLinkInvalid: def(3600, "connectLinkInvalid", "This link is no longer valid.", 404),
  /** The reply mail could not be sent. */
  connectReplyFailed: def(
    3601,
    "connectReplyFailed",
    "The reply could not be sent right now. Please try again later.",
    503,
  ),
  /** Matching settings without a channel. */
  connectNeedsChannel: def(
    3602,
    "connectNeedsChannel",
    "Create your channel first to receive inquiries.",
    409,
  ),
  /** A throw-away address on the connecting form (issue 31.10): nobody would read the answer. */
  connectEmailDisposable: def(
    3603,
    "connectEmailDisposable",
    "Use an e-mail address you keep: throw-away addresses are not accepted.",
    400,
  ),

  // §8 successes.
  /** Exhibition saved. */
  exhibitionSaved: def(200, "exhibitionSaved", "Exhibition saved."),
  /** Booth saved. */
  boothSaved: def(200, "boothSaved", "Booth saved."),
  /** Channel created. */
  channelCreated: def(200, "channelCreated", "Channel created."),
  /** Channel updated. */
  channelUpdated: def(200, "channelUpdated", "Update applied."),
  /** Channel branding, basic info or business info saved (SPEC §8 wording). */
  channelInfoUpdated: def(
    200,
    "channelInfoUpdated",
    "Channel branding, basic info and business info updated",
  ),
  /** Verification mail sent. */
  emailSent: def(200, "emailSent", "Email has been sent. Please check your inbox to complete verification."),
  /** E-mail verified. */
  emailVerified: def(200, "emailVerified", "Your email has been verified."),
  /** The business-connecting form was sent. */
  connectSubmitted: def(
    200,
    "connectSubmitted",
    "Your inquiry has been sent. A copy is on its way to your e-mail.",
  ),
  /** A reply to an inquiry was mailed. */
  connectReplied: def(200, "connectReplied", "Your reply has been sent."),
  /** Sign-up done. */
  membershipCompleted: def(200, "membershipCompleted", "Your membership has been completed. Please login."),
} as const satisfies Record<string, TCodeDef>;

/** Name of a result code. */
export type TCodeName = keyof typeof CODES;

/** The loading text of §8. */
export const LOADING_TEXT_KEY = "loading";

/** Finds the definition for a rescode (first match; success codes share 200). */
export function codeByRescode(rescode: number): TCodeDef | undefined {
  return Object.values(CODES).find((c) => c.rescode === rescode);
}

/** Field errors of a validation failure: field path → message. */
export type TFieldErrors = Record<string, string>;

/** The one application error. Thrown by services, mapped once to the envelope by the dispatcher. */
export class AppError extends Error {
  readonly code: TCodeName;
  readonly fields: TFieldErrors | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: TCodeName,
    options: { message?: string; fields?: TFieldErrors; data?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? CODES[code].message);
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.data = options.data;
  }

  /** The rescode sent for this error. */
  get rescode(): number {
    return CODES[this.code].rescode;
  }
}
