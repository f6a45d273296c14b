import Type, { type Static } from 'typebox';
import { LIMITS } from '../limits.js';
import { FormBoolean, UserId } from './common.js';

/**
 * Account payloads (spec sections 3, 5, 7, 9). Lengths are enforced here; format rules that
 * JSON Schema cannot say well (password kinds, +86 phone) are checked by the shared predicates
 * in rules.ts, on the server and in the forms.
 */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: LIMITS.loginUsernameMax }),
  password: Type.String({ minLength: 1, maxLength: LIMITS.loginPasswordMax }),
  remember: Type.Optional(FormBoolean),
});
export type LoginBody = Static<typeof LoginBody>;

/** Answer of login and registration: the session. expire_time is milliseconds since the epoch. */
export const SessionData = Type.Object({
  user_id: Type.Integer(),
  mytoken: Type.String(),
  expire_time: Type.Integer(),
  role: Type.Integer(),
});
export type SessionData = Static<typeof SessionData>;

export const RegisterBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
  password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  real_name: Type.String({ minLength: 1, maxLength: LIMITS.realNameMax }),
  gender: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]),
  phone: Type.String({ minLength: 1, maxLength: LIMITS.phoneMax }),
  enterprise: Type.String({ minLength: 1, maxLength: LIMITS.enterpriseMax }),
  address: Type.String({ minLength: 1, maxLength: LIMITS.addressMax }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LogoutBody = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

export const GetUserAddonBody = Type.Object({ user_id: Type.Optional(UserId) });

/** The profile as the API shows it (never the password hash). */
export const UserAddon = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  real_name: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  gender: Type.Integer(),
  phone: Type.String(),
  enterprise: Type.String(),
  address: Type.String(),
  role: Type.Integer(),
  created_at: Type.String(),
});
export type UserAddon = Static<typeof UserAddon>;

/** Profile and forum nickname; every field optional, those present are validated like registration. */
export const UpdateUserAddonBody = Type.Object({
  real_name: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.realNameMax })),
  nickname: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.nicknameMax })),
  gender: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')])),
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.phoneMax })),
  enterprise: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.enterpriseMax })),
  address: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.addressMax })),
});
export type UpdateUserAddonBody = Static<typeof UpdateUserAddonBody>;

export const ChangePasswordBody = Type.Object({
  old_password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  new_password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** POST /mail/send: ask for a password-reset mail. */
export const MailSendBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }) });
export type MailSendBody = Static<typeof MailSendBody>;

/** POST /sys/user/checkResetToken: is a reset link still good (the reset page asks before showing the form). */
export const CheckResetTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/** POST /sys/user/resetPassword: consume a reset link. */
export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
