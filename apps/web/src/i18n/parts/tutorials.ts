import type { Messages } from '../types';

/**
 * The walkthroughs on /help (issues 16 and 29): a video with captions, then illustrated steps; the
 * video, its pictures and its captions come from e2e/tests/tutorials.test.ts, which writes each
 * step's caption from `stepTitle` and the step's `title` below, in both languages.
 */
export const zh = {
  title: '视频教程',
  intro:
    '每个教程都有一段带中英文字幕的录屏视频和逐步图文说明。视频和截图都由自动化浏览器测试在当前版本的平台上实际操作时录制，与您看到的界面一致。',
  open: '查看教程',
  back: '返回帮助中心',
  steps: '{{count}} 个步骤',
  stepTitle: '第 {{n}} 步：{{title}}',
  imageAlt: '{{title}}：第 {{n}} 步截图',
  notFound: '没有这个教程',
  videoTag: '视频 {{time}}',
  videoHint: '录屏视频，时长 {{time}}，中英文字幕',
  videoLabel: '{{title}}：录屏视频',
  videoNote:
    '录屏由自动化浏览器测试在当前版本上操作时录制，计算等待的时间已缩短。字幕可在播放器的字幕菜单中切换中文或英文；点击各步骤旁的播放按钮可从该步开始观看。',
  videoUnsupported: '您的浏览器无法播放此视频（WebM 格式），可下载后用其他播放器观看，或阅读下面的图文步骤。',
  videoDownload: '下载视频',
  playFrom: '从 {{time}} 开始播放',
  captionsZh: '中文',
  captionsEn: 'English',
  optical: {
    title: '光学计算：搭建多层膜并计算吸收与光电流',
    summary: '在器件编辑器中搭建层结构，查看即时光学预览，提交计算并阅读结果。',
    s1: {
      title: '打开光学计算并载入器件',
      text: '登录后在左侧菜单“仿真计算 → 光学计算”或首页快捷入口打开光学计算（在新窗口中打开）。点击“载入示例器件”，或逐层添加：选择材料库中的材料并填写厚度（nm）。',
    },
    s2: {
      title: '设置光照与光谱',
      text: '在“光照与光谱”中选择 AM1.5G 等标准光谱，或点击“上传光谱”上传两列文件（波长, 辐照度）并选择单位；自定义光谱会与 AM1.5G 对比绘图，并给出 IEC 60904-7 光谱失配因子。计算波长范围不能超出光谱范围。',
    },
    s3: {
      title: '查看即时预览并提交',
      text: '右侧预览图即时显示反射 R、透射 T 和各层吸收 A，表格给出各层光电流（mA/cm²）。确认无误后点击“提交光学计算”，下方会显示排队和计算进度。',
    },
    s4: {
      title: '阅读结果',
      text: '计算完成后点击“查看结果”。结果页列出输入摘要（含所用光谱）、R/T/A 光谱、产生率分布和光电流；每张图都可以导出 PNG、SVG 或 CSV。',
    },
  },
  electrical: {
    title: '电学计算：钙钛矿电池的 J-V 曲线',
    summary: '载入示例钙钛矿器件，检查电学参数，提交漂移-扩散计算并查看 J-V 曲线与能带。',
    s1: {
      title: '打开电学计算并载入器件',
      text: '从菜单“仿真计算 → 电学计算”打开（新窗口）。点击“载入示例器件”得到一个 p-i-n 钙钛矿电池，每层都带有掺杂、迁移率、寿命等电学参数。',
    },
    s2: {
      title: '检查电学设置',
      text: '在“电学设置”中设置电极、温度、扫描电压范围和网格；还可加入可移动离子、缺陷、瞬态协议和阻抗谱。不合理的参数会在对应字段下给出提示。每次修改后，“电学预览”自动用粗网格（约 50 个网格点、25 mV 步长，只算光照下的稳态 J-V）重新估算 Jsc、Voc、FF、PCE 并画出 J-V 曲线；它标明为“预览（粗网格）”，数值可能与完整计算略有差别，点击其中的“完整计算”即提交真正的计算。',
    },
    s3: {
      title: '提交并阅读 J-V 结果',
      text: '点击“提交电学计算”，进度条显示当前求解的电压点。完成后结果页给出 J-V 曲线、Voc、Jsc、FF、效率，以及能带、载流子浓度和复合分布。',
    },
  },
  circuit: {
    title: '电路拟合：从实测 J-V 曲线提取五参数',
    summary: '上传实测 J-V 曲线，预览数据，拟合单二极管五参数模型。',
    s1: {
      title: '准备数据并打开电路计算',
      text: '在本页“下载”中可下载示例实测曲线和 J-V 模板（两列：电压 V, 电流密度 mA/cm²）。从菜单“仿真计算 → 电路计算（传统）”打开表单。',
    },
    s2: {
      title: '上传曲线并检查预览',
      text: '选择或拖入 CSV 文件，平台读取后显示点数和预览曲线；单位或格式有误时会逐行说明。可以调整拟合电压范围。',
    },
    s3: {
      title: '提交并阅读拟合参数',
      text: '提交后进入结果页：拟合曲线与实测数据对比，以及光电流、反向饱和电流、理想因子、串联电阻和并联电阻五个参数。',
    },
  },
  library: {
    title: '器件库：保存器件并提交审核',
    summary: '把器件保存到个人器件库，提交审核，由管理员审核后进入公共器件库。',
    s1: {
      title: '导入器件到个人器件库',
      text: '在“器件库 → 个人电学器件库”点击“导入”，选择器件文件（在编辑器中“导出”得到）。每个器件获得一个 32 位器件 ID。',
    },
    s2: {
      title: '提交审核',
      text: '在器件所在行点击“提交审核”并填写说明，状态变为“审核中”。审核通过的器件将进入公共器件库，提交者可获得奖励。',
    },
    s3: {
      title: '管理员审核',
      text: '管理员在“材料管理 → 审核管理”中预览器件层结构，批准或填写原因驳回；结果会以站内消息通知提交者。',
    },
    s4: {
      title: '在公共器件库中使用',
      text: '批准后的器件出现在“公共电学器件库”中，所有用户都可以查看并在计算中打开它。',
    },
  },
};

export const en: Messages<typeof zh> = {
  title: 'Video tutorials',
  intro:
    'Each tutorial is a screen recording with Chinese and English captions, followed by illustrated steps. The videos and screenshots are recorded by an automated browser test working through the current version of the platform, so they match what you see.',
  open: 'Read the tutorial',
  back: 'Back to help',
  steps: '{{count}} steps',
  stepTitle: 'Step {{n}}: {{title}}',
  imageAlt: '{{title}}: screenshot of step {{n}}',
  notFound: 'No such tutorial',
  videoTag: 'Video {{time}}',
  videoHint: 'Screen recording, {{time}} long, with Chinese and English captions',
  videoLabel: '{{title}}: screen recording',
  videoNote:
    'Recorded by the automated browser test as it works through the current version; waits for calculations are shortened. Choose Chinese or English captions in the player’s captions menu; the play button beside each step starts the video at that step.',
  videoUnsupported:
    'Your browser cannot play this video (WebM). Download it for another player, or read the illustrated steps below.',
  videoDownload: 'Download the video',
  playFrom: 'Play from {{time}}',
  captionsZh: '中文',
  captionsEn: 'English',
  optical: {
    title: 'Optics: build a multilayer stack and compute absorption and photocurrent',
    summary: 'Build a layer stack in the device editor, watch the instant optical preview, submit and read the result.',
    s1: {
      title: 'Open the optical calculation and load a device',
      text: 'After logging in, open "Simulation → Optical" in the side menu or from the dashboard (it opens in a new window). Click "Load demo device", or add layers one by one: pick a material from the library and enter its thickness (nm).',
    },
    s2: {
      title: 'Set the illumination and spectrum',
      text: 'Under "Illumination and spectrum" choose a standard spectrum such as AM1.5G, or click "Upload spectrum" to upload a two-column file (wavelength, irradiance) with its units; a custom spectrum is plotted against AM1.5G with its IEC 60904-7 spectral mismatch factor. The calculation range must lie within the spectrum.',
    },
    s3: {
      title: 'Read the instant preview and submit',
      text: 'The preview on the right shows reflection R, transmission T and each layer\'s absorption A as you edit, and the table gives each layer\'s photocurrent (mA/cm²). Click "Submit optical calculation"; its queue position and progress appear below.',
    },
    s4: {
      title: 'Read the result',
      text: 'When it has finished, click "View result". The result page lists the input (including the spectrum used), the R/T/A spectra, the generation profile and the photocurrents; every plot exports as PNG, SVG or CSV.',
    },
  },
  electrical: {
    title: 'Electrical: the J-V curve of a perovskite cell',
    summary:
      'Load the demo perovskite device, check its electrical parameters, run the drift-diffusion calculation and read the J-V curve and band diagram.',
    s1: {
      title: 'Open the electrical calculation and load a device',
      text: 'Open "Simulation → Electrical" from the menu (a new window). "Load demo device" gives a p-i-n perovskite cell whose layers carry doping, mobilities, lifetimes and the other electrical parameters.',
    },
    s2: {
      title: 'Check the electrical settings',
      text: 'Under "Electrical settings" set the contacts, temperature, voltage sweep and grid; mobile ions, defects, a transient protocol and an impedance spectrum can be added. Implausible values are flagged under their fields. After each change the "Electrical preview" automatically re-estimates Jsc, Voc, FF and PCE and draws the J-V curve on a coarse mesh (about 50 grid points, a 25 mV step, the steady J-V under light only); it is marked "Preview (coarse mesh)", its figures may differ a little from the full calculation, and its "Run full calculation" button submits the real one.',
    },
    s3: {
      title: 'Submit and read the J-V result',
      text: 'Click "Submit electrical calculation"; the progress bar shows the voltage being solved. The result page gives the J-V curve, Voc, Jsc, FF and efficiency, band diagrams, carrier densities and recombination.',
    },
  },
  circuit: {
    title: 'Circuit fit: five parameters from a measured J-V curve',
    summary: 'Upload a measured J-V curve, check the preview and fit the five-parameter single-diode model.',
    s1: {
      title: 'Prepare the data and open the circuit form',
      text: 'The downloads on this page include a sample measured curve and a J-V template (two columns: voltage V, current density mA/cm²). Open "Simulation → Circuit (traditional)" from the menu.',
    },
    s2: {
      title: 'Upload the curve and check the preview',
      text: 'Choose or drop the CSV file; the platform shows the number of points and a preview plot, and names each line it cannot read. The fit voltage range can be adjusted.',
    },
    s3: {
      title: 'Submit and read the fitted parameters',
      text: 'After submitting, the result page compares the fitted curve with the measurement and lists the five parameters: photocurrent, saturation current, ideality factor, series and shunt resistance.',
    },
  },
  library: {
    title: 'Device library: save a device and submit it for review',
    summary:
      'Save a device to your personal library, submit it for review, and after approval it joins the public library.',
    s1: {
      title: 'Import a device into the personal library',
      text: 'In "Device libraries → My electrical devices" click "Import" and choose a device file (the editor\'s "Export" gives one). Every device gets a 32-character device ID.',
    },
    s2: {
      title: 'Submit it for review',
      text: 'Click "Submit for review" on the device\'s row and add a note; its state becomes "under review". Approved devices join the public library and their owner may receive a reward.',
    },
    s3: {
      title: 'The administrator reviews',
      text: 'Under "Material management → Review", an administrator previews the layer stack and approves it, or rejects it with a reason; the owner is told by in-site message.',
    },
    s4: {
      title: 'Use it from the public library',
      text: 'An approved device appears in "Public electrical devices", where every user can view it and open it in a calculation.',
    },
  },
};
