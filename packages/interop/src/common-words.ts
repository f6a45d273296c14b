import type { MessageCatalogue } from '@pvforge/contracts';

/**
 * Words of the messages every import shares (what the files are, before a tool's reader runs). The
 * size and binary refusals also answer a curve file given for an overlay, so they name no kind of file.
 */
export const COMMON_MESSAGES: MessageCatalogue = {
  'import.no-files': { 'zh-CN': '没有选择文件。', en: 'No files were given.' },
  'import.too-large': {
    'zh-CN':
      '文件 {file} 有 {sizeMb} MB，超过上限 {limitMb} MB；SCAPS 与 SIMsalabim 的器件文件和输出文件通常只有几十 KB。',
    en: 'The file {file} is {sizeMb} MB, above the limit of {limitMb} MB; SCAPS and SIMsalabim device and output files are a few tens of kB.',
  },
  'import.binary': {
    'zh-CN': '文件 {file} 不是文本文件（第 {line} 行含有二进制字节），无法作为 SCAPS 或 SIMsalabim 文件读取。',
    en: 'The file {file} is not a text file (line {line} holds binary bytes) and cannot be read as a SCAPS or SIMsalabim file.',
  },
  'import.unknown-format': {
    'zh-CN':
      '无法识别这些文件：需要一个 SCAPS 定义文件（.def，可附 .abs 吸收文件），或 SIMsalabim 的 simulation_setup.txt 及其引用的文件。收到：{files}。',
    en: 'These files were not recognised: give a SCAPS definition file (.def, with its .abs absorption files) or a SIMsalabim simulation_setup.txt with the files it names. Received: {files}.',
  },
  'import.several-devices': {
    'zh-CN': '收到多个器件文件（{files}），一次只能导入一个器件。',
    en: 'Several device files were given ({files}); import one device at a time.',
  },
  'import.device-invalid': {
    'zh-CN': '导入得到的器件未通过检查：{reason}',
    en: 'The imported device does not pass the check: {reason}',
  },
  'curve.unknown-format': {
    'zh-CN': '无法识别曲线文件 {file}：支持 SCAPS 的 .iv、.qe、.cv、.cf 输出和 SimSS 的 J-V 输出。',
    en: 'The curve file {file} was not recognised: SCAPS .iv, .qe, .cv and .cf outputs and SimSS J-V output are read.',
  },
  'export.krad-from-absorption': {
    'zh-CN': '“{layer}”的辐射复合系数由其吸收计算；写入的是 PVForge 计算所用的值 {value} cm³/s（固定系数）。',
    en: '“{layer}” takes its radiative coefficient from its absorption; the value a PVForge run computes from it, {value} cm³/s, is written as a fixed coefficient.',
  },
  'import.zip-too-large': {
    'zh-CN': '压缩包 {file} 解压后有 {sizeMb} MB，超过上限 {limitMb} MB，未解压；请只打包器件文件。',
    en: 'The archive {file} unpacks to {sizeMb} MB, above the limit of {limitMb} MB, and was not unpacked; pack only the device files.',
  },
  'import.zip-too-many': {
    'zh-CN': '压缩包 {file} 含有 {entries} 个文件，超过上限 {limit} 个，未解压；请只打包器件文件。',
    en: 'The archive {file} holds {entries} files, above the limit of {limit}, and was not unpacked; pack only the device files.',
  },
};
