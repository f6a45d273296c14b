import type { Messages } from '../types';

/**
 * Excitons and tunnelling (issue 13): the editor's exciton block of organic layers, the tunnel
 * oxide of an interface, and the result views of dissociation, exciton density, geminate and
 * bimolecular losses and band-to-band tunnelling. Symbols and units are in the labels.
 */
export const zh = {
  exciton: {
    title: '激子（有机）',
    model: '激子模型',
    modelTip:
      '有机层中光生成的是束缚的电子-空穴对。体异质结（共混层）用电荷转移态的 Onsager-Braun 场致解离；平面（双层）异质结的给体和受体各用激子扩散，激子只在给体/受体界面分离。',
    none: '无（产生率即自由载流子）',
    ct: '电荷转移态解离（Onsager-Braun，体异质结）',
    diffusion: '激子扩散（平面异质结）',
    distribution: '分离距离分布',
    distributionTip: '单一距离 a，或以 a 为尺度的高斯分布（SIMsalabim 的 thermLengDist = 2）',
    delta: '单一值',
    gaussian: '高斯分布',
    langevinHint:
      '双分子复合用本层的 Langevin 前因子（复合组），未填写时用辐射复合系数 krad；两者都为 0 时解离模型无意义。',
    diffusionHint:
      '激子只在与另一个激子扩散层相接的界面分离（电子进入电子亲和能较大的一侧），电极与传输层对激子视为阻挡。',
  },
  oxide: {
    enable: '隧穿氧化层',
    enableTip:
      '两层之间太薄而无需网格的绝缘层（如 TOPCon 的约 1.5 nm SiOx）：载流子按矩形势垒的 WKB 透射（对热分布取平均，Tsu-Esaki）加越过势垒的热发射穿过界面。',
    preset: '填入 SiOx（TOPCon）典型值',
  },
  result: {
    dissociation: '电荷转移态解离概率',
    dissociationAxis: '解离概率 P',
    excitons: '激子密度',
    excitonAxis: '激子密度 X',
    excitonName: '激子密度 X',
    geminateRate: 'geminate 复合（CT 态衰减）',
    bimolecularRate: '双分子复合（Langevin）',
    btbtRate: '带间隧穿',
    losses: '复合损失分解',
    lossAxis: '损失电流',
    geminate: 'geminate 复合（{{layer}}）',
    bimolecular: '双分子复合（{{layer}}）',
    excitonDecay: '激子衰减（{{layer}}）',
    bandToBand: '带间隧穿（{{layer}}）',
    oxide: '穿过隧穿氧化层的电流',
    oxideAxis: '电流密度 J',
    oxideElectron: '电子（{{name}}）',
    oxideHole: '空穴（{{name}}）',
    oxideNote:
      '与端电流同号（光生电流为正）：电子流过氧化层导出电流；穿过氧化层的空穴是损失（负值）。两者相差的数量级即氧化层的选择性。',
  },
};

export const en: Messages<typeof zh> = {
  exciton: {
    title: 'Excitons (organic)',
    model: 'Exciton model',
    modelTip:
      'Light makes bound electron-hole pairs in organic layers. A bulk heterojunction (blend) uses field-assisted Onsager-Braun dissociation of charge-transfer states; in a planar (bilayer) heterojunction the donor and the acceptor each use exciton diffusion, and excitons split only at the donor/acceptor interface.',
    none: 'None (the generation is of free carriers)',
    ct: 'CT-state dissociation (Onsager-Braun, bulk heterojunction)',
    diffusion: 'Exciton diffusion (planar heterojunction)',
    distribution: 'Separation distribution',
    distributionTip: "One distance a, or a Gaussian spread with scale a (SIMsalabim's thermLengDist = 2)",
    delta: 'Single value',
    gaussian: 'Gaussian',
    langevinHint:
      "Bimolecular recombination uses the layer's Langevin prefactor (recombination group), else the radiative coefficient krad; with both 0 the dissociation model means nothing.",
    diffusionHint:
      'Excitons split only at a face shared with another layer with exciton diffusion (the electron goes to the side with the larger electron affinity); contacts and transport layers block excitons.',
  },
  oxide: {
    enable: 'Tunnel oxide',
    enableTip:
      "An insulating layer too thin to mesh between the two layers (TOPCon's SiOx, about 1.5 nm): carriers cross by the WKB transmission of a rectangular barrier averaged over their thermal distribution (Tsu-Esaki), plus emission over the barrier.",
    preset: 'Fill in typical SiOx (TOPCon) values',
  },
  result: {
    dissociation: 'CT-state dissociation probability',
    dissociationAxis: 'Dissociation probability P',
    excitons: 'Exciton density',
    excitonAxis: 'Exciton density X',
    excitonName: 'Exciton density X',
    geminateRate: 'Geminate recombination (CT-state decay)',
    bimolecularRate: 'Bimolecular (Langevin)',
    btbtRate: 'Band-to-band tunnelling',
    losses: 'Recombination losses by mechanism',
    lossAxis: 'Loss current',
    geminate: 'Geminate ({{layer}})',
    bimolecular: 'Bimolecular ({{layer}})',
    excitonDecay: 'Exciton decay ({{layer}})',
    bandToBand: 'Band-to-band tunnelling ({{layer}})',
    oxide: 'Current through the tunnel oxide',
    oxideAxis: 'Current density J',
    oxideElectron: 'Electrons ({{name}})',
    oxideHole: 'Holes ({{name}})',
    oxideNote:
      'In the sign of the terminal current (photocurrent positive): the electrons crossing the oxide carry the current out; the holes that cross it are a loss (negative). The decades between the two are the selectivity of the oxide.',
  },
};
