import type { Messages } from '../types';

/** Every input of a run (result summaries) and what differs between compared runs (issue 19). */
export const zh = {
  yes: '是',
  no: '否',
  absent: '未给出',
  all: '全部输入（{{n}} 项）',
  field: '参数',
  value: '取值',
  section: {
    device: '器件',
    illumination: '光照与光谱',
    layer: '层',
    electrical: '电学设置',
    contacts: '电极接触',
    interfaces: '界面',
    protocol: '瞬态、阻抗与其他设置',
  },
  swept: '扫描参数',
  sweptValues: '{{label}}：{{values}}',
  compare: {
    differs: '不同的输入',
    differsNone: '所选计算的输入相同',
    measured: '实测 J-V',
    fitted: '拟合 J-V',
    circuit: '电路拟合',
    curve: '曲线 {{n}}',
    noCurve: '电路拟合 #{{id}} 没有实测曲线',
    pickPlaceholder: '选择已完成的电学、光学计算或电路拟合',
  },
};

export const en: Messages<typeof zh> = {
  yes: 'yes',
  no: 'no',
  absent: 'not given',
  all: 'All inputs ({{n}})',
  field: 'Parameter',
  value: 'Value',
  section: {
    device: 'Device',
    illumination: 'Illumination and spectrum',
    layer: 'Layer',
    electrical: 'Electrical settings',
    contacts: 'Contacts',
    interfaces: 'Interfaces',
    protocol: 'Transient, impedance and other settings',
  },
  swept: 'Swept parameters',
  sweptValues: '{{label}}: {{values}}',
  compare: {
    differs: 'Inputs that differ',
    differsNone: 'The chosen calculations have the same inputs',
    measured: 'measured J-V',
    fitted: 'fitted J-V',
    circuit: 'circuit fit',
    curve: 'curve {{n}}',
    noCurve: 'Circuit fit #{{id}} has no measured curve',
    pickPlaceholder: 'Choose finished electrical or optical calculations, or circuit fits',
  },
};
