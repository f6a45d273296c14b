import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Argon2Params } from '../config.js';

/** Algorithm.Argon2id: the package's const enum cannot be read under verbatimModuleSyntax. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  burn(password: string): Promise<void>;
}

/** argon2id: memory-hard, so guessing offline costs memory as well as time. */
export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(stored, password) {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    async burn(password) {
      dummy ??= hash('pvforge-dummy-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
