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
  '1007': {
    status: 413,
    msg: {
      'zh-CN': '上传的表单部分过多：此接口至多接收一个文件，字段为 {fields}',
      en: 'The upload has too many parts: this endpoint takes at most one file, and the fields {fields}',
    },
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
  '2013': {
    status: 409,
    msg: {
      'zh-CN': '不能停用自己的账号或取消自己的管理员身份',
      en: 'You cannot disable your own account or remove your own administrator role',
    },
  },
  '2014': {
    status: 401,
    msg: {
      'zh-CN': '该签名请求已被使用过（重放的请求），请重新发送',
      en: 'This signed request was already used (a replay); send it again',
    },
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
  '4107': {
    status: 400,
    msg: {
      'zh-CN': '请求键（Idempotency-Key）须为 8 至 100 个字母、数字、“-”或“_”',
      en: 'The request key (Idempotency-Key) must be 8 to 100 letters, digits, "-" or "_"',
    },
  },
  '4108': {
    status: 409,
    msg: {
      'zh-CN': '该请求键已用于另一个不同的计算（#{id}）：新的提交请使用新的键',
      en: 'This request key was used for a different calculation (#{id}): use a new key for a new submission',
    },
  },
  // 42xx: the material library (issue 7)
  '4201': { status: 404, msg: { 'zh-CN': '材料不存在', en: 'No such material' } },
  '4202': { status: 400, msg: { 'zh-CN': 'n,k 文件无效：{detail}', en: 'Invalid n,k file: {detail}' } },
  '4203': { status: 400, msg: { 'zh-CN': '材料参数无效：{detail}', en: 'Invalid material: {detail}' } },
  '4204': {
    status: 409,
    msg: {
      'zh-CN': '材料正在审核中，审核结束前不能修改',
      en: 'This material is pending review and cannot be edited until the review ends',
    },
  },
  '4205': {
    status: 409,
    msg: {
      'zh-CN': '材料正在审核中，审核结束前不能删除',
      en: 'This material is pending review and cannot be deleted until the review ends',
    },
  },
  '4206': {
    status: 409,
    msg: { 'zh-CN': '材料标识“{key}”已被使用', en: 'The material key "{key}" is already in use' },
  },
  '4207': {
    status: 413,
    msg: { 'zh-CN': 'n,k 文件超过 {limit} MB', en: 'The n,k file is larger than {limit} MB' },
  },
  '4208': {
    status: 400,
    msg: {
      'zh-CN': '请上传 n,k 文件（file 字段）或提交其文本（text 字段）',
      en: 'Upload an n,k file (field "file") or send its text (field "text")',
    },
  },
  // 43xx: device libraries, review into the public library, messages, finance, settings (issue 7)
  '4301': { status: 404, msg: { 'zh-CN': '器件不存在', en: 'No such device' } },
  '4302': { status: 404, msg: { 'zh-CN': '提交审核的条目不存在', en: 'No such item to review' } },
  '4303': { status: 409, msg: { 'zh-CN': '该条目已在审核中', en: 'This item is already under review' } },
  '4304': {
    status: 409,
    msg: {
      'zh-CN': '该条目当前状态（{status}）不能提交审核',
      en: 'This item cannot be submitted for review in its current state ({status})',
    },
  },
  '4305': { status: 404, msg: { 'zh-CN': '审核记录不存在', en: 'No such review' } },
  '4306': { status: 409, msg: { 'zh-CN': '该审核已处理', en: 'This review has already been decided' } },
  '4307': { status: 400, msg: { 'zh-CN': '请填写驳回原因', en: 'A reason for the rejection is required' } },
  '4308': { status: 400, msg: { 'zh-CN': '器件文件无效：{detail}', en: 'Invalid device file: {detail}' } },
  '4309': { status: 400, msg: { 'zh-CN': '器件参数无效：{detail}', en: 'Invalid device: {detail}' } },
  '4310': {
    status: 409,
    msg: { 'zh-CN': '审核中的条目不能修改', en: 'An item under review cannot be changed' },
  },
  '4311': {
    status: 400,
    msg: {
      'zh-CN': '只有光学或电学计算的输入可以保存为器件',
      en: 'Only the input of an optical or electrical calculation can be saved as a device',
    },
  },
  '4312': { status: 404, msg: { 'zh-CN': '消息不存在', en: 'No such message' } },
  '4313': {
    status: 400,
    msg: { 'zh-CN': '金额最多保留两位小数', en: 'The amount may have at most two decimals' },
  },
  '4314': {
    status: 400,
    msg: {
      'zh-CN': '请提供器件参数（spec）或计算记录（calcId）',
      en: 'Give either a device (spec) or a calculation (calcId)',
    },
  },
  '4315': { status: 400, msg: { 'zh-CN': '请指定消息（id）或全部（all）', en: 'Give a message id or all: true' } },
  '4316': {
    status: 400,
    msg: {
      'zh-CN': '“{doi}”不是有效的 DOI（应形如 10.1000/xyz123）',
      en: '"{doi}" is not a valid DOI (expected the form 10.1000/xyz123)',
    },
  },

  // 45xx: user-to-user messages (chat)
  '4501': {
    status: 404,
    msg: { 'zh-CN': '收信用户不存在或已停用', en: 'No such recipient (or the account is disabled)' },
  },
  '4502': { status: 400, msg: { 'zh-CN': '不能给自己发消息', en: 'You cannot send a message to yourself' } },
  '4503': {
    status: 400,
    msg: {
      'zh-CN': '消息内容不能为空（不能只含格式标记或控制字符）',
      en: 'The message is empty (or holds only markup or control characters)',
    },
  },
  '4504': {
    status: 429,
    msg: {
      'zh-CN': '发送过于频繁：每分钟最多{max}条，请稍后再试',
      en: 'Too many messages: at most {max} a minute; please wait a little',
    },
  },

  // 46xx: forum
  '4601': { status: 404, msg: { 'zh-CN': '帖子不存在', en: 'No such thread' } },
  '4602': { status: 404, msg: { 'zh-CN': '回复不存在', en: 'No such reply' } },
  '4603': { status: 404, msg: { 'zh-CN': '版块不存在', en: 'No such board' } },
  '4604': { status: 409, msg: { 'zh-CN': '帖子已锁定，不能回复', en: 'The thread is locked; no new replies' } },
  '4605': {
    status: 400,
    msg: {
      'zh-CN': '内容不能为空（或只含不允许的格式）',
      en: 'The post is empty (or holds only formatting that is not allowed)',
    },
  },
  '4606': { status: 400, msg: { 'zh-CN': '图片无效：{detail}', en: 'Invalid image: {detail}' } },
  '4607': { status: 400, msg: { 'zh-CN': '附件无效：{detail}', en: 'Invalid attachment: {detail}' } },
  '4608': { status: 409, msg: { 'zh-CN': '您已举报过该内容', en: 'You have already reported this post' } },
  '4609': { status: 404, msg: { 'zh-CN': '举报不存在', en: 'No such report' } },
  '4610': {
    status: 400,
    msg: { 'zh-CN': '内容过长（最多{max}个字符）', en: 'The post is too long (at most {max} characters)' },
  },

  // 44xx: custom incident spectra (personal library)
  '4401': { status: 404, msg: { 'zh-CN': '光谱不存在', en: 'No such spectrum' } },
  '4402': { status: 400, msg: { 'zh-CN': '光谱文件无效：{detail}', en: 'Invalid spectrum file: {detail}' } },
  '4403': {
    status: 409,
    msg: {
      'zh-CN': '个人光谱库最多保存 {max} 条光谱，请先删除不用的光谱',
      en: 'The personal spectrum library holds at most {max} spectra; delete one you no longer use first',
    },
  },

  // 47xx: consultation
  '4701': { status: 404, msg: { 'zh-CN': '咨询不存在', en: 'No such consultation' } },
  '4702': {
    status: 409,
    msg: { 'zh-CN': '该咨询已关闭，如有新问题请新建咨询', en: 'This consultation is closed; please open a new one' },
  },

  // 48xx: notices and news
  '4801': { status: 404, msg: { 'zh-CN': '公告不存在', en: 'No such notice' } },
  '4802': { status: 400, msg: { 'zh-CN': '请指定公告（id）或全部（all）', en: 'Give a notice id or all: true' } },
  '4803': {
    status: 400,
    msg: {
      'zh-CN': '英文标题（titleEn）和英文正文（bodyEn）须同时填写或同时留空',
      en: 'Give both the English title (titleEn) and the English body (bodyEn), or neither',
    },
  },

  // 49xx: finance
  '4901': {
    status: 402,
    msg: {
      'zh-CN': '余额不足：该功能每次收费 {price} 元，当前余额 {balance} 元，请先充值',
      en: 'Insufficient balance: this feature costs {price} yuan per use and your balance is {balance} yuan; please recharge first',
    },
  },
  '4902': { status: 404, msg: { 'zh-CN': '充值申请不存在', en: 'No such recharge request' } },
  '4903': { status: 409, msg: { 'zh-CN': '该充值申请已处理', en: 'This recharge request has already been decided' } },

  // 495x: site content run by administrators (institutions, partner logos)
  '4951': { status: 404, msg: { 'zh-CN': '机构不存在', en: 'No such institution' } },
  '4952': { status: 404, msg: { 'zh-CN': '合作伙伴不存在', en: 'No such partner' } },
  '4953': { status: 400, msg: { 'zh-CN': '标志图片无效：{detail}', en: 'Invalid logo: {detail}' } },
  '4954': {
    status: 400,
    msg: {
      'zh-CN': '排序列表须恰好包含现有的每一项（列表已被他人修改，请刷新）',
      en: 'The new order must list every existing item exactly once (the list has changed; please reload)',
    },
  },
  '4955': { status: 409, msg: { 'zh-CN': '已有同名机构', en: 'An institution of that name already exists' } },

  // 5xxx: the server
  '5000': {
    status: 500,
    msg: { 'zh-CN': '服务器内部错误，请稍后再试', en: 'Internal server error, please try again later' },
  },
  '5001': { status: 503, msg: { 'zh-CN': '服务暂不可用', en: 'Service temporarily unavailable' } },
  '5002': {
    status: 503,
    msg: {
      'zh-CN': '服务器数据存储已满或只读，暂时无法保存，请稍后再试或联系管理员',
      en: "The server's data storage is full or read-only, so nothing can be saved now; please try again later or contact the administrator",
    },
  },
} as const satisfies Record<string, CodeEntry>;

export type Code = keyof typeof CODES;
export const SUCCESS: Code = '1000';

/** The envelope of every JSON answer. */
export interface ApiAnswer<T = unknown> {
  code: Code;
  msg: string;
  data: T;
}
