/**
 * What other modules may use of accounts besides its service (`service.ts`): the password
 * hashes (argon2id), which sharing's password links use too.
 */
export { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
