import type { Localized } from './i18n.js';
import { LIMITS } from './limits.js';

/**
 * Field-level messages, shared by the web forms and the server's validation answers so that
 * a user sees the same words whichever side catches the mistake. Where spec section 5 gives
 * the Chinese text it is used word for word.
 */
export type Rule = 'required' | 'max' | 'min' | 'format' | 'match' | 'enum' | 'agree';

export interface FieldSpec {
  label: Localized;
  messages: Partial<Record<Rule, Localized>>;
}

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

export const FIELDS = {
  /** Login account (the e-mail address). */
  'login.username': {
    label: L('账号', 'Account'),
    messages: {
      required: L('请输入账号!', 'Please enter your account!'),
      max: L(
        `账号最多${LIMITS.loginUsernameMax}个字符`,
        `The account is at most ${LIMITS.loginUsernameMax} characters`,
      ),
    },
  },
  'login.password': {
    label: L('密码', 'Password'),
    messages: {
      required: L('请输入密码!', 'Please enter your password!'),
      max: L(
        `密码最长${LIMITS.loginPasswordMax}个字符`,
        `The password is at most ${LIMITS.loginPasswordMax} characters`,
      ),
    },
  },
  'reg.username': {
    label: L('邮箱', 'E-mail'),
    messages: {
      required: L('请输入email地址!!', 'Please enter an e-mail address!!'),
      format: L('请输入正确的email地址!', 'Please enter a valid e-mail address!'),
      max: L(`邮箱最多${LIMITS.emailMax}个字符`, `The e-mail address is at most ${LIMITS.emailMax} characters`),
    },
  },
  'reg.password': {
    label: L('密码', 'Password'),
    messages: {
      required: L('请设定登录密码', 'Please set a login password'),
      max: L(`密码最长${LIMITS.passwordMax}个字符`, `The password is at most ${LIMITS.passwordMax} characters`),
      format: L(
        '密码至少6位，且须包含小写字母、大写字母、数字中的至少两种',
        'The password needs at least 6 characters and at least two of: lowercase letters, uppercase letters, digits',
      ),
    },
  },
  'reg.confirm': {
    label: L('确认密码', 'Confirm password'),
    messages: {
      required: L('请再次确认登录密码!', 'Please confirm the login password!'),
      match: L('两次输入的密码不一致!', 'The two passwords do not match!'),
    },
  },
  'reg.real_name': {
    label: L('姓名/称呼', 'Name'),
    messages: {
      required: L('请输入您的姓名/称呼!', 'Please enter your name!'),
      max: L(`姓名/称呼最多${LIMITS.realNameMax}个字符`, `The name is at most ${LIMITS.realNameMax} characters`),
    },
  },
  'reg.gender': {
    label: L('性别', 'Gender'),
    messages: {
      required: L('请选择性别!', 'Please choose a gender!'),
      enum: L('性别只能是男(1)或女(0)', 'Gender must be male (1) or female (0)'),
    },
  },
  'reg.phone': {
    label: L('手机号码', 'Mobile phone'),
    messages: {
      required: L('请输入您的手机号码!', 'Please enter your mobile phone number!'),
      max: L(`手机号码最多${LIMITS.phoneMax}个字符`, `The phone number is at most ${LIMITS.phoneMax} characters`),
      format: L(
        '仅支持中国大陆手机号码（+86），如 13812345678',
        'Only mainland China mobile numbers (+86) are accepted, e.g. 13812345678',
      ),
    },
  },
  'reg.enterprise': {
    label: L('单位', 'Institution'),
    messages: {
      required: L('请输入您的单位名称!', 'Please enter your institution!'),
      max: L(
        `单位名称最多${LIMITS.enterpriseMax}个字符`,
        `The institution is at most ${LIMITS.enterpriseMax} characters`,
      ),
    },
  },
  'reg.address': {
    label: L('地址', 'Address'),
    messages: {
      required: L('请输入您的地址!', 'Please enter your address!'),
      max: L(`地址最多${LIMITS.addressMax}个字符`, `The address is at most ${LIMITS.addressMax} characters`),
    },
  },
  'reg.agree': {
    label: L('用户协议', 'User agreement'),
    messages: { agree: L('同意用户协议后方可继续注册', 'Please accept the user agreement to register') },
  },
  'forgot.email': {
    label: L('邮箱', 'E-mail'),
    messages: {
      required: L('请输入邮箱地址!', 'Please enter your e-mail address!'),
      format: L('请输入邮箱地址!', 'Please enter a valid e-mail address!'),
      max: L(`邮箱最多${LIMITS.emailMax}个字符`, `The e-mail address is at most ${LIMITS.emailMax} characters`),
    },
  },
  'pwd.old_password': {
    label: L('原密码', 'Current password'),
    messages: {
      required: L('请输入原密码!', 'Please enter your current password!'),
      max: L(`密码最长${LIMITS.passwordMax}个字符`, `The password is at most ${LIMITS.passwordMax} characters`),
    },
  },
  'pwd.new_password': {
    label: L('新密码', 'New password'),
    messages: {
      required: L('请输入新密码!', 'Please enter a new password!'),
      max: L(`密码最长${LIMITS.passwordMax}个字符`, `The password is at most ${LIMITS.passwordMax} characters`),
      format: L(
        '密码至少6位，且须包含小写字母、大写字母、数字中的至少两种',
        'The password needs at least 6 characters and at least two of: lowercase letters, uppercase letters, digits',
      ),
    },
  },
  'pwd.confirm': {
    label: L('确认新密码', 'Confirm new password'),
    messages: {
      required: L('请再次确认新密码!', 'Please confirm the new password!'),
      match: L('两次输入的密码不一致!', 'The two passwords do not match!'),
    },
  },
  'profile.nickname': {
    label: L('论坛昵称', 'Forum nickname'),
    messages: {
      required: L('请输入论坛昵称!', 'Please enter a forum nickname!'),
      max: L(`论坛昵称最多${LIMITS.nicknameMax}个字符`, `The nickname is at most ${LIMITS.nicknameMax} characters`),
    },
  },
} as const satisfies Record<string, FieldSpec>;

export type FieldKey = keyof typeof FIELDS;

/** Generic fallbacks for fields without a catalogued message. */
export const GENERIC_RULE_MESSAGES: Record<Rule | 'type', Localized> = {
  required: L('{field}为必填项', '{field} is required'),
  max: L('{field}最多{limit}个字符', '{field} is at most {limit} characters'),
  min: L('{field}至少{limit}个字符', '{field} needs at least {limit} characters'),
  format: L('{field}格式不正确', '{field} has the wrong format'),
  match: L('{field}不一致', '{field} does not match'),
  enum: L('{field}的取值无效', '{field} has an invalid value'),
  agree: L('请勾选{field}', 'Please tick {field}'),
  type: L('{field}的类型不正确', '{field} has the wrong type'),
};
