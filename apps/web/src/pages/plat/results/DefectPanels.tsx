/**
 * The defect views of an electrical result: trapped charge and occupation profiles at a chosen
 * bias with the interface sheets, recombination through each defect against voltage, the J-V loss
 * of each defect, C-V, the Mott-Schottky plot with its fitted line, doping and built-in voltage,
 * and C-f with the admittance-spectroscopy view -f dC/df. Every plot has its axes in units and is
 * exportable (LinePlot).
 */
import { Alert, Card, Col, Row, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DefectDosPlot } from '../../../components/device-editor/DefectDosPlot';
import { dosPlotData, interfaceDosPlotData } from '../../../components/device-editor/defect-model';
import { useOverlay } from '../../../components/interop/CurveOverlay';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import {
  type DefectSpecs,
  type DefectView,
  fittedLine,
  interfaceDefectNames,
  layerDefectName,
  readDefectSpecs,
  readDefects,
} from './defect-data';
import { localWarning } from './engine-warnings';

const TYPES: Record<string, string> = { donor: 'donor', acceptor: 'acceptor', neutral: 'neutral' };

type T = ReturnType<typeof useTranslation>['t'];

/** A layer defect's legend: the user's name, or a numbered one when they gave none. */
const layerDefectLabel = (t: T, specs: DefectSpecs | undefined, layer: string, k: number) => {
  const given = layerDefectName(specs, layer, k);
  return given ? `${layer} · ${given}` : t('defects.result.defectName', { layer, n: k + 1 });
};

export function DefectPanels({ result, input, fileBase }: { result: unknown; input: unknown; fileBase: string }) {
  const v = useMemo(() => readDefects(result), [result]);
  const specs = useMemo(() => readDefectSpecs(input), [input]);
  if (!v && !specs) return null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="defect-panels">
      {specs && <DosCard specs={specs} fileBase={fileBase} />}
      {!v ? null : <DefectViews v={v} specs={specs} fileBase={fileBase} />}
    </Space>
  );
}

/** The density of states of the defects as entered, drawn as the editor draws it (its own component). */
function DosCard({ specs, fileBase }: { specs: DefectSpecs; fileBase: string }) {
  const { t } = useTranslation();
  const numbered = (k: number) => t('defects.table.item', { n: k + 1 });
  return (
    <Card size="small" title={t('defects.result.dos')} data-testid="defect-result-dos">
      <Row gutter={[16, 16]}>
        {specs.layers.map((l, i) => {
          const name = (k: number) => l.electrical.defects?.[k]?.name?.trim() || numbered(k);
          return (
            <Col xs={24} xl={12} key={l.name}>
              <DefectDosPlot
                testid={`defect-result-dos-${i}`}
                plotTestid={`defect-result-dos-plot-${i}`}
                title={`${t('defects.table.dos')} · ${l.name}`}
                fileName={`${fileBase}-${l.name}-defect-DOS`}
                unit="cm⁻³ eV⁻¹"
                dos={dosPlotData(l.electrical, specs.T, name)}
                name={name}
                note={t('defects.table.dosNote')}
                needsGap={t('defects.table.dosNeedsGap')}
                height={320}
              />
            </Col>
          );
        })}
        {specs.interfaces.map((it, i) => {
          const name = (k: number) => it.defects[k]?.name?.trim() || numbered(k);
          const label = it.between.join('/');
          return (
            <Col xs={24} xl={12} key={label}>
              <DefectDosPlot
                testid={`defect-result-iface-dos-${i}`}
                plotTestid={`defect-result-iface-dos-plot-${i}`}
                title={`${t('defects.iface.dos')} · ${label}`}
                fileName={`${fileBase}-${it.between.join('-')}-interface-defect-DOS`}
                unit="cm⁻² eV⁻¹"
                dos={interfaceDosPlotData(it.front, it.back, it.defects, specs.T, name)}
                name={name}
                note={t('defects.iface.dosNote')}
                needsGap={t('defects.iface.dosNeedsGap')}
                height={320}
              />
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

function DefectViews({ v, specs, fileBase }: { v: DefectView; specs: DefectSpecs | undefined; fileBase: string }) {
  return (
    <>
      {v.profiles.length > 0 && <ProfilesCard v={v} specs={specs} fileBase={fileBase} />}
      {(v.recombination || v.losses) && <LossesCard v={v} specs={specs} fileBase={fileBase} />}
      {v.cv && <CvCard v={v} fileBase={fileBase} />}
      {v.cf && <CfCard v={v} fileBase={fileBase} />}
    </>
  );
}

function ProfilesCard({ v, specs, fileBase }: { v: DefectView; specs: DefectSpecs | undefined; fileBase: string }) {
  const { t } = useTranslation();
  const [i, setI] = useState(0);
  const p = v.profiles[Math.min(i, v.profiles.length - 1)]!;
  const xAxis = { label: t('defects.result.position'), unit: 'nm' };
  const biasName = (k: number) => {
    const q = v.profiles[k]!;
    const label = q.label === 'maximum power' ? 'MPP' : q.label;
    return /^-?[\d.]+ V$/.test(label) ? label : `${label} (${fmtNum(q.V)} V)`;
  };
  const occ = p.occupation.map((o) => ({
    name: `${layerDefectLabel(t, specs, o.layer, o.index)} · ${t(`defects.table.${TYPES[o.type] ?? 'neutral'}`)}`,
    x: p.x,
    y: o.values.map((y) => (y === null ? Number.NaN : y)),
  }));
  return (
    <Card size="small" title={t('defects.result.title')} data-testid="defect-profiles">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {v.profiles.length > 1 && (
          <Segmented
            aria-label={t('defects.result.bias')}
            value={i}
            onChange={(x) => setI(Number(x))}
            options={v.profiles.map((_, k) => ({ value: k, label: biasName(k) }))}
          />
        )}
        <Row gutter={[16, 16]}>
          {p.trapped && (
            <Col xs={24} xl={12}>
              <LinePlot
                testid="defect-trapped"
                title={`${t('defects.result.trapped')} · ${biasName(i)}`}
                fileName={`${fileBase}-trapped-charge`}
                x={xAxis}
                y={{ label: t('defects.result.trappedAxis'), unit: 'q cm⁻³' }}
                series={[{ name: t('defects.result.trappedAxis'), x: p.x, y: p.trapped }]}
                logToggle
              />
            </Col>
          )}
          {occ.length > 0 && (
            <Col xs={24} xl={12}>
              <LinePlot
                testid="defect-occupation"
                title={`${t('defects.result.occupation')} · ${biasName(i)}`}
                fileName={`${fileBase}-occupation`}
                x={xAxis}
                y={{ label: t('defects.result.occupationAxis'), unit: '1' }}
                series={occ}
                logToggle
              />
            </Col>
          )}
        </Row>
        {p.interfaces.length > 0 && (
          <Table
            size="small"
            pagination={false}
            data-testid="defect-interfaces"
            title={() => t('defects.result.ifaceTable', { bias: biasName(i) })}
            rowKey={(r) => r.name}
            dataSource={p.interfaces}
            columns={[
              { title: t('defects.result.interface'), dataIndex: 'name' },
              { title: t('defects.result.occupationCol'), dataIndex: 'occupation', render: (x: number) => fmtNum(x) },
              { title: t('defects.result.sheetCharge'), dataIndex: 'charge', render: (x: number) => fmtNum(x) },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}

function LossesCard({ v, specs, fileBase }: { v: DefectView; specs: DefectSpecs | undefined; fileBase: string }) {
  const { t } = useTranslation();
  const rec = v.recombination;
  const ifaceLabel = (iface: string) => {
    const given = interfaceDefectNames(specs, iface);
    return given.length ? `${iface} · ${given.join(', ')}` : t('defects.result.interfaceName', { name: iface });
  };
  const series = (rec?.series ?? []).map((s) => ({
    name: s.iface ? ifaceLabel(s.iface) : layerDefectLabel(t, specs, s.layer ?? '', s.index),
    x: rec!.V,
    y: s.J,
  }));
  const losses = v.losses ?? [];
  return (
    <Row gutter={[16, 16]}>
      {series.length > 0 && (
        <Col xs={24} xl={12}>
          <Card size="small">
            <LinePlot
              testid="defect-recombination"
              title={t('defects.result.recomb')}
              fileName={`${fileBase}-recombination-per-defect`}
              x={{ label: t('defects.result.voltage'), unit: 'V' }}
              y={{ label: 'J', unit: 'mA/cm²' }}
              series={series}
              logToggle
            />
          </Card>
        </Col>
      )}
      {losses.length > 0 && (
        <Col xs={24}>
          <Card size="small" title={t('defects.result.losses')} data-testid="defect-losses">
            <Table
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowKey={(r) => `${r.where}|${r.location}|${r.name}`}
              dataSource={losses}
              columns={[
                { title: '#', key: 'n', render: (_: unknown, _r, k) => k + 1 },
                {
                  title: t('defects.result.where'),
                  render: (_: unknown, r) => `${t(`defects.result.${r.where}`)} ${r.location}`,
                },
                {
                  title: t('defects.result.name'),
                  dataIndex: 'name',
                  // the engine numbers a defect the user did not name
                  render: (x: string) => (/^\d+$/.test(x) ? t('defects.table.item', { n: x }) : x),
                },
                {
                  title: t('defects.result.type'),
                  dataIndex: 'type',
                  render: (x: string) => t(`defects.table.${TYPES[x] ?? 'neutral'}`),
                },
                {
                  title: t('defects.result.dPce'),
                  dataIndex: 'dPce',
                  render: (x: number | undefined, r) => (r.converged ? fmtNum(x) : t('defects.result.notConverged')),
                },
                { title: t('defects.result.dVoc'), dataIndex: 'dVoc', render: (x: number | undefined) => fmtNum(x) },
                { title: t('defects.result.dJsc'), dataIndex: 'dJsc', render: (x: number | undefined) => fmtNum(x) },
                { title: t('defects.result.dFF'), dataIndex: 'dFF', render: (x: number | undefined) => fmtNum(x) },
                {
                  title: t('defects.result.pceWithout'),
                  dataIndex: 'pceWithout',
                  render: (x: number | undefined) => fmtNum(x),
                },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 8 }}>
              {t('defects.result.lossesNote')}
            </Typography.Paragraph>
            <LinePlot
              testid="defect-loss-plot"
              title={t('defects.result.lossPlot')}
              fileName={`${fileBase}-defect-losses`}
              x={{ label: t('defects.result.name'), unit: '#', integer: true }}
              y={{ label: t('defects.result.lossAxis'), unit: '%' }}
              y2={{ label: t('defects.result.vocAxis'), unit: 'V' }}
              series={[
                {
                  name: t('defects.result.dPce'),
                  x: losses.map((_, k) => k + 1),
                  y: losses.map((l) => l.dPce ?? Number.NaN),
                  points: true,
                },
                {
                  name: t('defects.result.dVoc'),
                  x: losses.map((_, k) => k + 1),
                  y: losses.map((l) => l.dVoc ?? Number.NaN),
                  yAxis: 1,
                  dashed: true,
                  points: true,
                },
              ]}
            />
          </Card>
        </Col>
      )}
    </Row>
  );
}

/** nF/cm² (foreign curves) to F/cm² (these plots). */
const NF = 1e-9;

function CvCard({ v, fileBase }: { v: DefectView; fileBase: string }) {
  const { t } = useTranslation();
  const cv = v.cv!;
  const line = fittedLine(cv);
  const overlay = useOverlay('cv', NF);
  const vAxis = { label: t('defects.result.voltage'), unit: 'V' };
  const check = cv.check;
  // eps/d of the stack beside C: how far above it C lies is what the reading needs
  const geometric =
    check && Number.isFinite(check.geometric) && cv.V.length > 1
      ? [
          {
            name: t('defects.result.msGeometric'),
            x: [Math.min(...cv.V), Math.max(...cv.V)],
            y: [check.geometric, check.geometric],
            dashed: true,
          },
        ]
      : [];
  return (
    <Card size="small" title={t('defects.result.cv', { f: fmtNum(cv.f) })} data-testid="defect-cv">
      {!cv.converged && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('defects.result.failed', { error: cv.error ? localWarning(cv.error, t) : '' })}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="defect-cv-plot"
            title={t('defects.result.cv', { f: fmtNum(cv.f) })}
            fileName={`${fileBase}-C-V`}
            x={vAxis}
            y={{ label: t('defects.result.capacitance'), unit: 'F/cm²' }}
            series={[{ name: 'C', x: cv.V, y: cv.C }, ...geometric, ...overlay]}
            logToggle
          />
        </Col>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="defect-ms-plot"
            title={t('defects.result.ms')}
            fileName={`${fileBase}-Mott-Schottky`}
            x={vAxis}
            y={{ label: '1/C²', unit: 'cm⁴/F²' }}
            series={[
              { name: t('defects.result.msData'), x: cv.V, y: cv.invC2 },
              ...(cv.fit ? [{ name: t('defects.result.msLine'), x: line.x, y: line.y, dashed: true }] : []),
            ]}
          />
          {cv.fit ? (
            <div data-testid="defect-ms-fit">
              <Typography.Text strong data-testid="defect-ms-doping">
                {t('defects.result.msDoping', { n: fmtNum(cv.fit.doping) })}
              </Typography.Text>
              {' · '}
              {check?.vbiBeyondBands ? (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  data-testid="defect-ms-vbi-beyond"
                  title={t('defects.result.msVbiBeyond', { v: fmtNum(cv.fit.Vbi), max: fmtNum(check.builtIn) })}
                />
              ) : (
                <Typography.Text strong data-testid="defect-ms-vbi">
                  {t('defects.result.msVbi', { v: fmtNum(cv.fit.Vbi) })}
                </Typography.Text>
              )}
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t('defects.result.msRange', {
                  from: fmtNum(cv.fit.from),
                  to: fmtNum(cv.fit.to),
                  r2: cv.fit.r2.toFixed(5),
                  layer: cv.fit.layer,
                  eps: fmtNum(cv.fit.epsR),
                })}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="defect-ms-caveat">
                {t('defects.result.msCaveat')}
              </Typography.Paragraph>
            </div>
          ) : check?.refused ? (
            <Alert
              type="warning"
              showIcon
              data-testid="defect-ms-refused"
              title={t(`defects.result.msRefused.${check.refused}`, {
                geo: fmtNum(check.geometric),
                ratio: check.maxOverGeometric.toFixed(2),
              })}
            />
          ) : (
            <Alert type="info" showIcon title={t('defects.result.msNone')} />
          )}
          {check && (
            <Typography.Paragraph
              type="secondary"
              style={{ marginTop: 8, marginBottom: 0 }}
              data-testid="defect-ms-window"
            >
              {t('defects.result.msWindow', { from: fmtNum(check.from), to: fmtNum(check.to) })}
            </Typography.Paragraph>
          )}
        </Col>
      </Row>
    </Card>
  );
}

function CfCard({ v, fileBase }: { v: DefectView; fileBase: string }) {
  const { t } = useTranslation();
  const cf = v.cf!;
  const overlay = useOverlay('cf', NF);
  const fAxis = { label: t('defects.result.frequency'), unit: 'Hz', log: true };
  return (
    <Card size="small" title={t('defects.result.cf', { v: fmtNum(cf.Vdc) })} data-testid="defect-cf">
      {!cf.converged && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('defects.result.failed', { error: cf.error ? localWarning(cf.error, t) : '' })}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="defect-cf-plot"
            title={t('defects.result.cf', { v: fmtNum(cf.Vdc) })}
            fileName={`${fileBase}-C-f`}
            x={fAxis}
            y={{ label: t('defects.result.capacitance'), unit: 'F/cm²' }}
            series={[{ name: 'C', x: cf.f, y: cf.C }, ...overlay]}
            logToggle
          />
        </Col>
        <Col xs={24} xl={12}>
          <LinePlot
            testid="defect-admittance-plot"
            title={t('defects.result.admittance')}
            fileName={`${fileBase}-admittance-spectrum`}
            x={fAxis}
            y={{ label: '−f·dC/df', unit: 'F/cm²' }}
            series={[{ name: '−f·dC/df', x: cf.f, y: cf.minusFdCdf }]}
          />
        </Col>
      </Row>
    </Card>
  );
}
