import type { Localized } from './i18n.js';

/**
 * The one catalogue of answer codes. Every answer is {code, msg, data}; '1000' is success
 * (spec section 7). The HTTP status always agrees with the code.
 */
export interface CodeEntry {
  status: number;
  msg: Localized;
}

export const CODES = {
  '1000': { status: 200, msg: { 'zh-CN': '成功', en: 'Success' } },

  // 1xxx: the request itself
  '1001': { status: 400, msg: { 'zh-CN': '输入有误：{detail}', en: 'Invalid input: {detail}' } },
  '1002': { status: 413, msg: { 'zh-CN': '请求内容过大', en: 'The request body is too large' } },
  '1003': { status: 400, msg: { 'zh-CN': '请求格式无法解析', en: 'The request body could not be parsed' } },
  '1004': { status: 404, msg: { 'zh-CN': '接口不存在', en: 'No such API endpoint' } },
  '1005': { status: 415, msg: { 'zh-CN': '不支持的请求内容类型', en: 'Unsupported content type' } },
  '1006': {
    status: 429,
    msg: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  },

  // 2xxx: identity and sessions
  '2001': { status: 401, msg: { 'zh-CN': '请先登录', en: 'Please log in first' } },
  '2002': {
    status: 401,
    msg: { 'zh-CN': '请求签名无效，请重新登录', en: 'Invalid request signature, please log in again' },
  },
  '2003': {
    status: 401,
    msg: {
      'zh-CN': '请求签名已过期，请检查本机时间或重新登录',
      en: 'The request signature has expired; check your clock or log in again',
    },
  },
  '2004': {
    status: 401,
    msg: { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  },
  '2005': { status: 401, msg: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' } },
  '2006': {
    status: 429,
    msg: {
      'zh-CN': '登录失败次数过多，请{minutes}分钟后再试',
      en: 'Too many failed logins; try again in {minutes} minutes',
    },
  },
  '2007': { status: 403, msg: { 'zh-CN': '没有权限执行此操作', en: 'You are not allowed to do this' } },
  '2008': { status: 409, msg: { 'zh-CN': '邮箱已注册', en: 'This e-mail address is already registered' } },
  '2009': {
    status: 400,
    msg: {
      'zh-CN': '重置链接无效或已过期，请重新申请',
      en: 'The reset link is invalid or has expired; please ask for a new one',
    },
  },
  '2010': { status: 400, msg: { 'zh-CN': '原密码错误', en: 'The current password is wrong' } },
  '2011': {
    status: 403,
    msg: { 'zh-CN': '账号已被停用，请联系管理员', en: 'This account is disabled; contact the administrator' },
  },
  '2012': {
    status: 429,
    msg: {
      'zh-CN': '重置邮件发送过于频繁，请稍后再试',
      en: 'Too many reset e-mails requested; please try again later',
    },
  },

  // 4xxx: resources
  '4004': { status: 404, msg: { 'zh-CN': '记录不存在', en: 'Not found' } },
  // 41xx: calculations (issue 6)
  '4101': { status: 404, msg: { 'zh-CN': '计算记录不存在', en: 'No such calculation' } },
  '4102': {
    status: 429,
    msg: {
      'zh-CN': '您排队中的计算已达上限（{limit}个），请等待完成后再提交',
      en: 'You already have {limit} calculations waiting; submit more when some have finished',
    },
  },
  '4103': {
    status: 409,
    msg: { 'zh-CN': '该计算已结束，无法取消', en: 'This calculation has already ended and cannot be cancelled' },
  },
  '4104': {
    status: 409,
    msg: { 'zh-CN': '该计算尚无结果（状态：{status}）', en: 'This calculation has no result yet (status: {status})' },
  },
  '4105': { status: 400, msg: { 'zh-CN': '计算参数无效：{detail}', en: 'Invalid calculation input: {detail}' } },
  '4106': { status: 400, msg: { 'zh-CN': '参数扫描无效：{detail}', en: 'Invalid parameter sweep: {detail}' } },

  // 5xxx: the server
  '5000': {
    status: 500,
    msg: { 'zh-CN': '服务器内部错误，请稍后再试', en: 'Internal server error, please try again later' },
  },
  '5001': { status: 503, msg: { 'zh-CN': '服务暂不可用', en: 'Service temporarily unavailable' } },
} as const satisfies Record<string, CodeEntry>;

export type Code = keyof typeof CODES;
export const SUCCESS: Code = '1000';

/** The envelope of every JSON answer. */
export interface ApiAnswer<T = unknown> {
  code: Code;
  msg: string;
  data: T;
}
