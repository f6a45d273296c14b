import type {
  ChangePasswordBody,
  FaqListData,
  LoginBody,
  NewsItem,
  NewsListData,
  RegisterBody,
  SessionData,
  StatData,
  UpdateUserAddonBody,
  UserAddon,
  ValidationReportAnswer,
} from '@pvforge/contracts';
import type { Session } from '../session/cookies';
import { call, request } from './client';

/** Typed wrappers of the /calc endpoints this issue uses (spec §7). */
export const api = {
  login: (body: LoginBody) => request<SessionData>('/sys/user/login', { body, auth: null, sessionBound: false }),
  register: (body: RegisterBody) => request<SessionData>('/sys/user/reg', { body, auth: null, sessionBound: false }),
  // The session is passed in: the caller clears it locally before the revoke goes out.
  logout: (auth: Pick<Session, 'token' | 'uid'>) =>
    request<null>('/sys/user/logout', { body: { token: auth.token }, auth, sessionBound: false }),
  getUserAddon: (userId: string, auth?: Pick<Session, 'token' | 'uid'>) =>
    call<{ userAddon: UserAddon }>('/sys/user/getUserAddon', {
      body: { user_id: userId },
      ...(auth ? { auth, sessionBound: false } : {}),
    }),
  updateUserAddon: (body: UpdateUserAddonBody) =>
    request<{ userAddon?: UserAddon } | null>('/sys/user/updateUserAddon', { body }),
  changePassword: (body: ChangePasswordBody) => request<null>('/sys/user/changePassword', { body }),
  sendResetMail: (email: string) => request<null>('/mail/send', { body: { email }, auth: null, sessionBound: false }),
  checkResetToken: (token: string) =>
    request<unknown>('/sys/user/checkResetToken', { body: { token }, auth: null, sessionBound: false }),
  resetPassword: (token: string, password: string) =>
    request<unknown>('/sys/user/resetPassword', { body: { token, password }, auth: null, sessionBound: false }),
  stats: () => call<StatData>('/sys/stat/all', { sessionBound: false }),
  newsList: (page: number, size: number) =>
    call<NewsListData>('/sys/news/list', { query: { page, size }, sessionBound: false }),
  newsDetail: (id: number) => call<NewsItem>('/sys/news/detail', { query: { id }, sessionBound: false }),
  faqList: () => call<FaqListData>('/sys/faq/list', { sessionBound: false }),
  validationReport: () => call<ValidationReportAnswer>('/sys/validation/report', { sessionBound: false }),
};
