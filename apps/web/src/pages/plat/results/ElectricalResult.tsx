/**
 * rste/:id — result of an electrical (drift-diffusion) calculation: J-V with key figures, band
 * diagram and profiles at a chosen bias, recombination by mechanism, EQE/IQE and the optics.
 */
import type { CalcDetail } from '@pvforge/contracts';
import { Alert, Card, Col, Collapse, Row, Segmented, Slider, Space, Table, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import LinePlot from '../../../components/plots/LinePlot';
import { fmtNum } from '../../../components/plots/plot-data';
import type { PlotSeries } from '../../../components/plots/types';
import { OpticsPanels } from './OpticalResult';
import { ResultShell, Warnings } from './ResultShell';
import { defaultBiasIndex, type ElecCurve, type ElecView, readElectrical, sumArrays } from './result-data';

const nonZero = (a: ArrayLike<number>) => Array.prototype.some.call(a, (v: number) => Number.isFinite(v) && v !== 0);

function FiguresTable({ v }: { v: ElecView }) {
  const { t } = useTranslation();
  const f2 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
  const rows = v.curves.map((c) => ({ key: c.tag, c }));
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="rste-figures"
      dataSource={rows}
      columns={[
        {
          title: t('results.elec.curve'),
          render: (_, r) => t(`results.elec.${r.c.tag === 'dark' ? 'dark' : 'light'}`),
        },
        {
          title: t('results.elec.converged'),
          render: (_, r) => (r.c.converged ? t('results.elec.yes') : t('results.elec.no')),
        },
        { title: 'Jsc (mA/cm²)', align: 'right', render: (_, r) => f2(r.c.figures?.Jsc_mA_cm2) },
        { title: 'Voc (V)', align: 'right', render: (_, r) => f2(r.c.figures?.Voc_V, 3) },
        {
          title: 'FF (%)',
          align: 'right',
          render: (_, r) => f2(r.c.figures?.FF === undefined ? undefined : r.c.figures.FF * 100),
        },
        {
          title: 'PCE (%)',
          align: 'right',
          render: (_, r) => <b data-testid={`rste-pce-${r.c.tag}`}>{f2(r.c.figures?.PCE_percent)}</b>,
        },
        { title: 'Vmp (V)', align: 'right', render: (_, r) => f2(r.c.figures?.Vmp_V, 3) },
        { title: 'Jmp (mA/cm²)', align: 'right', render: (_, r) => f2(r.c.figures?.Jmp_mA_cm2) },
      ]}
    />
  );
}

function recombinationSeries(c: ElecCurve, t: (k: string, o?: Record<string, unknown>) => string): PlotSeries[] {
  const r = c.recombination;
  if (!r) return [];
  const out: PlotSeries[] = [];
  for (const l of r.layers) {
    if (nonZero(l.srh)) out.push({ name: `${l.name} ${t('results.elec.srh')}`, x: c.V, y: l.srh });
    if (nonZero(l.radiative)) out.push({ name: `${l.name} ${t('results.elec.radiative')}`, x: c.V, y: l.radiative });
    if (nonZero(l.auger)) out.push({ name: `${l.name} ${t('results.elec.auger')}`, x: c.V, y: l.auger });
  }
  for (const f of r.interfaces)
    if (nonZero(f.current)) out.push({ name: t('results.elec.interface', { name: f.name }), x: c.V, y: f.current });
  if (nonZero(r.contacts.anode)) out.push({ name: t('results.elec.contactAnode'), x: c.V, y: r.contacts.anode });
  if (nonZero(r.contacts.cathode)) out.push({ name: t('results.elec.contactCathode'), x: c.V, y: r.contacts.cathode });
  if (nonZero(r.generation)) out.push({ name: t('results.elec.qg'), x: c.V, y: r.generation, dashed: true });
  return out;
}

function BiasPanels({ v, fileBase }: { v: ElecView; fileBase: string }) {
  const { t } = useTranslation();
  const sliderId = useId();
  const withProfiles = v.curves.filter((c) => c.profiles.length > 0);
  const [tag, setTag] = useState(withProfiles[0]?.tag ?? 'light');
  const curve = withProfiles.find((c) => c.tag === tag) ?? withProfiles[0];
  const [index, setIndex] = useState<Record<string, number>>({});
  const i = curve ? Math.min(index[curve.tag] ?? defaultBiasIndex(curve.profiles), curve.profiles.length - 1) : 0;
  const p = curve?.profiles[i];
  const xAxis = useMemo(() => ({ label: t('results.opt.position'), unit: 'nm' }), [t]);
  const series = useMemo(() => {
    if (!p) return null;
    const s = (key: string, name: string, extra: Partial<PlotSeries> = {}): PlotSeries => ({
      name,
      x: p.x,
      y: p.cols[key] ?? [],
      ...extra,
    });
    return {
      bands: [
        s('Ec_eV', 'Ec'),
        s('Ev_eV', 'Ev'),
        s('EFn_eV', 'EFn', { dashed: true }),
        s('EFp_eV', 'EFp', { dashed: true }),
      ],
      densities: [s('n_cm3', t('results.elec.electrons')), s('p_cm3', t('results.elec.holes'))],
      potential: [
        s('potential_V', t('results.elec.potentialName')),
        s('field_V_cm', t('results.elec.field'), { yAxis: 1, dashed: true }),
      ],
      currents: [
        s('Jn_mA_cm2', t('results.elec.jn')),
        s('Jp_mA_cm2', t('results.elec.jp')),
        {
          name: t('results.elec.jTotal'),
          x: p.x,
          y: sumArrays([p.cols['Jn_mA_cm2'] ?? [], p.cols['Jp_mA_cm2'] ?? []]),
          dashed: true,
        },
      ],
      rates: [
        s('G_cm3_s', 'G', { dashed: true }),
        s('R_srh_cm3_s', `R ${t('results.elec.srh')}`),
        s('R_rad_cm3_s', `R ${t('results.elec.radiative')}`),
        s('R_auger_cm3_s', `R ${t('results.elec.auger')}`),
      ].filter((x) => nonZero(x.y)),
    };
  }, [p, t]);
  if (!curve || !p || !series) return <Alert type="info" showIcon title={t('results.elec.noProfiles')} />;
  const biasText = (k: number) => {
    const q = curve.profiles[k];
    if (!q) return '';
    const label = q.label === 'maximum power' ? 'MPP' : q.label;
    return /^-?[\d.]+ V$/.test(label) ? label : `${label} (${fmtNum(q.V)} V)`;
  };
  const marks = Object.fromEntries(curve.profiles.map((q, k) => [k, q.label === 'maximum power' ? 'MPP' : q.label]));
  const tagLabel = t(`results.elec.${tag === 'dark' ? 'dark' : 'light'}`);
  const base = `${fileBase}-${curve.tag}-${fmtNum(p.V)}V`;
  return (
    <Card
      size="small"
      title={`${t('results.elec.bands')} · ${tagLabel} · ${t('results.elec.bias')} ${biasText(i)}`}
      data-testid="rste-bias-card"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Row gutter={16} align="middle">
          {withProfiles.length > 1 && (
            <Col>
              <Segmented
                aria-label={t('results.elec.curvePick')}
                value={tag}
                onChange={(x) => setTag(x as ElecCurve['tag'])}
                options={withProfiles.map((c) => ({
                  value: c.tag,
                  label: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
                }))}
              />
            </Col>
          )}
          <Col>
            <label htmlFor={sliderId}>{t('results.elec.biasPick')}</label>
          </Col>
          <Col flex="auto" data-testid="rste-bias-slider">
            <Slider
              id={sliderId}
              min={0}
              max={Math.max(0, curve.profiles.length - 1)}
              step={null}
              marks={marks}
              value={i}
              onChange={(k) => setIndex({ ...index, [curve.tag]: k as number })}
              tooltip={{ formatter: (k) => biasText(k ?? 0) }}
              aria-label={t('results.elec.biasPick')}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <LinePlot
              testid="rste-bands"
              title={t('results.elec.bands')}
              fileName={`${base}-bands`}
              x={xAxis}
              y={{ label: t('results.elec.energy'), unit: 'eV' }}
              series={series.bands}
            />
          </Col>
          <Col xs={24} xl={12}>
            <LinePlot
              testid="rste-densities"
              title={t('results.elec.densities')}
              fileName={`${base}-densities`}
              x={xAxis}
              y={{ label: t('results.elec.density'), unit: 'cm⁻³', log: true }}
              series={series.densities}
              logToggle
            />
          </Col>
          <Col xs={24} xl={12}>
            <LinePlot
              testid="rste-potential"
              title={t('results.elec.potential')}
              fileName={`${base}-potential`}
              x={xAxis}
              y={{ label: t('results.elec.potentialName'), unit: 'V' }}
              y2={{ label: t('results.elec.field'), unit: 'V/cm' }}
              series={series.potential}
            />
          </Col>
          <Col xs={24} xl={12}>
            <LinePlot
              testid="rste-currents"
              title={t('results.elec.currents')}
              fileName={`${base}-currents`}
              x={xAxis}
              y={{ label: t('results.elec.current'), unit: 'mA/cm²' }}
              series={series.currents}
            />
          </Col>
          {series.rates.length > 0 && (
            <Col xs={24}>
              <LinePlot
                testid="rste-rates"
                title={t('results.elec.recombProfile')}
                fileName={`${base}-rates`}
                x={xAxis}
                y={{ label: t('results.elec.rate'), unit: 'cm⁻³ s⁻¹', log: true }}
                series={series.rates}
                logToggle
              />
            </Col>
          )}
        </Row>
      </Space>
    </Card>
  );
}

function ElectricalBody({ detail }: { detail: CalcDetail }) {
  const { t } = useTranslation();
  const v = useMemo(() => readElectrical(detail.result), [detail.result]);
  const fileBase = `${detail.record.name}-${detail.record.id}`;
  const jv = useMemo<PlotSeries[]>(
    () =>
      (v?.curves ?? []).map((c) => ({
        name: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
        x: c.V,
        y: c.J,
        dashed: c.tag === 'dark',
      })),
    [v, t],
  );
  const scanSeries = useMemo<PlotSeries[]>(() => {
    const s = v?.scans;
    if (!s) return [];
    const out: PlotSeries[] = [];
    if (s.forward) out.push({ name: 'forward', x: s.forward.V, y: s.forward.J });
    if (s.reverse) out.push({ name: 'reverse', x: s.reverse.V, y: s.reverse.J, dashed: true });
    return out;
  }, [v]);
  const recCurve = v?.curves.find((c) => c.tag === 'light') ?? v?.curves[0];
  const rec = useMemo(() => (recCurve ? recombinationSeries(recCurve, t) : []), [recCurve, t]);
  const eqe = useMemo<PlotSeries[]>(() => {
    const e = v?.eqe;
    if (!e) return [];
    return [
      { name: 'EQE', x: e.wl, y: e.eqe.map((x) => x * 100) },
      { name: t('results.elec.iqe'), x: e.wl, y: e.iqe.map((x) => x * 100), dashed: true },
      { name: t('results.elec.absElec'), x: e.wl, y: e.absorptance.map((x) => x * 100), dashed: true },
    ];
  }, [v, t]);
  if (!v) return <Alert type="error" showIcon title={t('results.failure.noResult')} />;
  const vAxis = { label: t('results.elec.voltage'), unit: 'V' };
  const jAxis = { label: 'J', unit: 'mA/cm²' };
  const warnings = [...v.warnings, ...v.curves.flatMap((c) => c.warnings.map((w) => `${c.tag}: ${w}`))];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rste-body">
      {v.curves
        .filter((c) => !c.converged)
        .map((c) => (
          <Alert
            key={c.tag}
            type="warning"
            showIcon
            title={t('results.elec.notConverged', {
              curve: t(`results.elec.${c.tag === 'dark' ? 'dark' : 'light'}`),
              error: c.error ?? '',
            })}
            description={t('results.failure.adviceNonconvergent')}
          />
        ))}
      <Warnings warnings={warnings} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('results.elec.figures')}>
            <FiguresTable v={v} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {[
                v.incidentPower !== undefined ? t('results.elec.incident', { v: fmtNum(v.incidentPower) }) : '',
                v.generation ? t('results.elec.genModel', { v: v.generation.kind }) : '',
                v.eqe?.jsc !== undefined ? t('results.elec.jscFromEqe', { v: fmtNum(v.eqe.jsc) }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small">
            <LinePlot
              testid="rste-jv"
              title={t('results.elec.jv')}
              fileName={`${fileBase}-JV`}
              x={vAxis}
              y={jAxis}
              series={jv}
              logToggle
            />
          </Card>
        </Col>
      </Row>
      {scanSeries.length > 0 && (
        <Card size="small" data-testid="rste-hysteresis">
          <LinePlot
            testid="rste-scans"
            title={`J-V scans${v.scans?.hysteresisIndex !== undefined ? ` · HI = ${fmtNum(v.scans.hysteresisIndex)}` : ''}`}
            fileName={`${fileBase}-scans`}
            x={vAxis}
            y={jAxis}
            series={scanSeries}
          />
        </Card>
      )}
      <BiasPanels v={v} fileBase={fileBase} />
      <Row gutter={[16, 16]}>
        {rec.length > 0 && recCurve && (
          <Col xs={24} xl={12}>
            <Card size="small">
              <LinePlot
                testid="rste-recombination"
                title={`${t('results.elec.recomb')} · ${t(`results.elec.${recCurve.tag === 'dark' ? 'dark' : 'light'}`)}`}
                fileName={`${fileBase}-recombination`}
                x={vAxis}
                y={jAxis}
                series={rec}
                logToggle
              />
            </Card>
          </Col>
        )}
        {eqe.length > 0 && (
          <Col xs={24} xl={12}>
            <Card size="small">
              <LinePlot
                testid="rste-eqe"
                title={t('results.elec.eqe')}
                fileName={`${fileBase}-EQE`}
                x={{ label: t('results.opt.wavelength'), unit: 'nm' }}
                y={{ label: 'EQE', unit: '%', min: 0, max: 100 }}
                series={eqe}
              />
            </Card>
          </Col>
        )}
      </Row>
      {v.optics && (
        <Collapse
          items={[
            {
              key: 'optics',
              label: t('page.rsto'),
              children: <OpticsPanels o={v.optics} fileBase={fileBase} testPrefix="rste-opt" />,
            },
          ]}
        />
      )}
    </Space>
  );
}

export default function ElectricalResult() {
  const { t } = useTranslation();
  return (
    <ResultShell kinds={['elec']} title={t('page.rste')}>
      {(d) => <ElectricalBody detail={d} />}
    </ResultShell>
  );
}
