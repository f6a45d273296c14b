import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  CheckResetTokenBody,
  formBooleanValue,
  GetUserAddonBody,
  LoginBody,
  LogoutBody,
  RegisterBody,
  ResetPasswordBody,
  ResetTokenData,
  SessionData,
  UpdateUserAddonBody,
  UserAddon,
  UserListBody,
  UserListData,
} from '@pvforge/contracts';
import Type from 'typebox';
import type { AppConfig } from '../config.js';
import { answerOf, authOf, NullAnswer, success } from '../http/answer.js';
import { presentAdminUser, presentSession, presentUserAddon } from '../presenters/user.js';
import type { Services } from '../services/container.js';

const tags = ['account'];

const REG_FIELDS = {
  username: 'reg.username',
  password: 'reg.password',
  real_name: 'reg.real_name',
  gender: 'reg.gender',
  phone: 'reg.phone',
  enterprise: 'reg.enterprise',
  address: 'reg.address',
} as const;

const PROFILE_FIELDS = {
  real_name: 'reg.real_name',
  nickname: 'profile.nickname',
  gender: 'reg.gender',
  phone: 'reg.phone',
  enterprise: 'reg.enterprise',
  address: 'reg.address',
} as const;

/** Accounts and sessions, spec sections 3-9: /sys/user/*. */
export function userRoutes(s: Services, config: Pick<AppConfig, 'registrationsPerHour'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/sys/user/reg',
      {
        config: {
          access: 'public',
          fields: REG_FIELDS,
          rateLimit: { max: config.registrationsPerHour, timeWindow: 60 * 60 * 1000 },
        },
        schema: {
          tags,
          summary: 'Register (and log in): username is the e-mail address',
          body: RegisterBody,
          response: { 200: answerOf(SessionData) },
        },
      },
      async (request) => {
        const { user, session } = await s.accounts.register(request.body, request.ip);
        return success(request, presentSession(user, session));
      },
    );

    app.post(
      '/sys/user/login',
      {
        config: { access: 'public', fields: { username: 'login.username', password: 'login.password' } },
        schema: {
          tags,
          summary: 'Log in; mytoken is shown once and signs every later call',
          body: LoginBody,
          response: { 200: answerOf(SessionData) },
        },
      },
      async (request) => {
        const { username, password, remember } = request.body;
        const { user, session } = await s.accounts.login(username, password, formBooleanValue(remember), request.ip);
        return success(request, presentSession(user, session));
      },
    );

    app.post(
      '/sys/user/logout',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'End the current session', body: LogoutBody, response: { 200: NullAnswer } },
      },
      async (request) => {
        await s.sessions.logout(authOf(request), request.body.token);
        return success(request, null);
      },
    );

    app.post(
      '/sys/user/getUserAddon',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's profile: one's own, or anyone's for an administrator",
          body: GetUserAddonBody,
          response: { 200: answerOf(Type.Object({ userAddon: UserAddon })) },
        },
      },
      async (request) => {
        const raw = request.body.user_id;
        const user = await s.accounts.profile(authOf(request).user, raw === undefined ? undefined : Number(raw));
        return success(request, { userAddon: presentUserAddon(user) });
      },
    );

    app.post(
      '/sys/user/updateUserAddon',
      {
        config: { access: 'user', fields: PROFILE_FIELDS },
        schema: {
          tags,
          summary: 'Edit the profile and forum nickname (fields present are validated like registration)',
          body: UpdateUserAddonBody,
          response: { 200: answerOf(Type.Object({ userAddon: UserAddon })) },
        },
      },
      async (request) => {
        const user = await s.accounts.updateProfile(authOf(request).user, request.body);
        return success(request, { userAddon: presentUserAddon(user) });
      },
    );

    app.post(
      '/sys/user/changePassword',
      {
        config: { access: 'user', fields: { old_password: 'pwd.old_password', new_password: 'pwd.new_password' } },
        schema: {
          tags,
          summary: "Change the password; the user's other sessions end",
          body: ChangePasswordBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await s.accounts.changePassword(authOf(request), request.body.old_password, request.body.new_password);
        return success(request, null);
      },
    );

    app.post(
      '/sys/user/checkResetToken',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Is a password-reset link still good',
          body: CheckResetTokenBody,
          response: { 200: answerOf(ResetTokenData) },
        },
      },
      async (request) => {
        const expires = await s.resets.check(request.body.token);
        return success(request, { valid: true, expire_time: expires });
      },
    );

    app.post(
      '/sys/user/resetPassword',
      {
        config: { access: 'public', fields: { password: 'pwd.new_password' } },
        schema: {
          tags,
          summary: 'Set a new password with a reset link; ends every session of the account',
          body: ResetPasswordBody,
          response: { 200: NullAnswer },
        },
      },
      async (request) => {
        await s.resets.reset(request.body.token, request.body.password);
        return success(request, null);
      },
    );

    app.post(
      '/sys/user/list',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Users, newest first; q searches e-mail, name and nickname',
          body: UserListBody,
          response: { 200: answerOf(UserListData) },
        },
      },
      async (request) => {
        const page = request.body.page ?? 1;
        const size = request.body.size ?? 20;
        const q = request.body.q?.trim();
        const { rows, total } = await s.users.list({
          offset: (page - 1) * size,
          limit: size,
          ...(q ? { search: q } : {}),
        });
        return success(request, { list: rows.map(presentAdminUser), total });
      },
    );
  };
}
