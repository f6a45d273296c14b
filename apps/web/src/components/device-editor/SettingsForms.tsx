import { PlusOutlined } from '@ant-design/icons';
import type { ContactElectricalSpec, DeviceElectricalSpec, InterfaceElectricalSpec } from '@pvforge/contracts';
import { Button, Col, Collapse, Divider, Form, Row, Select, Switch, Typography } from 'antd';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { paramLang, wordsOf } from '../../lib/params';
import { fieldId, useEditorRead, useEditorSelect, useEditorSet } from './context';
import { DefectLossSwitch, DefectStudyForm } from './DefectStudyForm';
import { CheckField, Field, NumberListField, NumField, SelectField } from './fields';
import { ImpedanceForm } from './ImpedanceForm';
import { InterfaceDefects } from './InterfaceDefects';
import { missingModelNotes } from './missing-models';
import { electricalLayers } from './model';
import { OpticalEditor } from './OpticalEditor';
import type { PreviewMismatch } from './preview-protocol';
import { SpectrumField, SpectrumPreview } from './SpectrumField';
import { TandemForm } from './TandemForm';
import { TransientForm } from './TransientForm';
import { TunnelOxideForm } from './TunnelOxideForm';
import { totalGrid } from './warnings';

const LinePlot = lazy(() => import('../plots/LinePlot'));

/** An imported generation profile G(x) (a SIMsalabim profile file), drawn against depth. */
function GenerationProfilePlot({ xNm, g }: { xNm: number[]; g: number[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="generation-profile">
      <Typography.Paragraph type="secondary">{t('editor.el.genProfileNote')}</Typography.Paragraph>
      <Suspense fallback={null}>
        <LinePlot
          testid="generation-profile-plot"
          title={t('editor.el.genProfilePlot')}
          fileName="generation-profile"
          x={{ label: t('editor.el.genDepth'), unit: 'nm' }}
          y={{ label: t('editor.el.genG'), unit: 'cm⁻³ s⁻¹' }}
          series={[{ name: t('editor.el.genProfile'), x: xNm, y: g }]}
          height={220}
          logToggle
        />
      </Suspense>
    </div>
  );
}

/** Incident and exit media, spectrum, intensity, angle, polarization, wavelength grid, texture. */
export const IlluminationForm = memo(function IlluminationForm({
  mismatch,
}: {
  mismatch?: PreviewMismatch | undefined;
}) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const read = useEditorRead();
  const tex = useEditorSelect((c) => c.state.texture);
  const polarization = useEditorSelect((c) => c.state.illumination?.polarization);
  // the names as one string: a thickness edit does not re-render the form
  const layerNames = JSON.parse(useEditorSelect((c) => JSON.stringify(c.state.layers.map((l) => l.name)))) as string[];
  return (
    <div data-testid="illumination-form">
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <OpticalEditor path="ambient" label={t('editor.field.ambient')} />
        </Col>
        <Col xs={24} md={12}>
          <OpticalEditor path="substrate" label={t('editor.field.substrate')} />
        </Col>
      </Row>
      <Divider style={{ margin: '8px 0' }} />
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <SpectrumField />
        </Col>
        <Col xs={12} md={8}>
          <NumField path="illumination.suns" />
        </Col>
        <Col xs={12} md={8}>
          <NumField path="illumination.angleDeg" placeholder="0" />
        </Col>
        <Col xs={12} md={8}>
          <NumField path="illumination.wavelength.startNm" />
        </Col>
        <Col xs={12} md={8}>
          <NumField path="illumination.wavelength.endNm" />
        </Col>
        <Col xs={12} md={8}>
          <NumField path="illumination.wavelength.stepNm" />
        </Col>
        <Col xs={12} md={8}>
          <SelectField
            path="illumination.polarization"
            label={t('editor.field.polarization')}
            value={polarization ?? 'unpolarized'}
            options={(['unpolarized', 's', 'p'] as const).map((v) => ({
              value: v,
              label: t(`editor.field.polarizationOpt.${v}`),
            }))}
          />
        </Col>
      </Row>
      <SpectrumPreview mismatch={mismatch} />
      <CheckField
        path="texture"
        label={t('editor.field.texture')}
        checked={!!tex}
        onChange={(on) =>
          set(
            'texture',
            on
              ? {
                  roughnessFactor: 1,
                  layer:
                    read().state.layers.find((l) => l.role === 'absorber')?.name ?? read().state.layers[0]?.name ?? '',
                }
              : undefined,
          )
        }
      />
      {tex && (
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <SelectField
              path="texture.layer"
              label={t('editor.field.textureLayer')}
              options={layerNames.map((n) => ({ value: n, label: n }))}
            />
          </Col>
          <Col xs={12} md={8}>
            <NumField path="texture.roughnessFactor" />
          </Col>
          <Col xs={12} md={8}>
            <NumField path="texture.rmsRoughnessNm" />
          </Col>
        </Row>
      )}
    </div>
  );
});

function ContactForm({ side }: { side: 'front' | 'back' }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const c = useEditorSelect((x) => x.state.electrical?.contacts[side]) as ContactElectricalSpec | undefined;
  const p = `electrical.contacts.${side}`;
  return (
    <div data-testid={`contact-${side}`}>
      <Typography.Text strong>{t(`editor.contact.${side}`)}</Typography.Text>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <SelectField
            path={`${p}.kind`}
            label={t('editor.contact.kind')}
            options={[
              { value: 'ohmic', label: t('editor.contact.ohmic') },
              { value: 'schottky', label: t('editor.contact.schottky') },
            ]}
            onChange={(k) => {
              const next: ContactElectricalSpec = { ...c, kind: k as ContactElectricalSpec['kind'] };
              if (k === 'ohmic') delete next.workFunctionEV;
              set(p, next);
            }}
          />
        </Col>
        {c?.kind === 'schottky' && (
          <Col xs={24} md={12}>
            <NumField path={`${p}.workFunctionEV`} />
          </Col>
        )}
        <Col xs={24} md={12}>
          <NumField
            path={`${p}.sNCmPerS`}
            note={t('editor.contact.infiniteWhenEmpty')}
            placeholder="∞"
            emptyValue={null}
          />
        </Col>
        <Col xs={24} md={12}>
          <NumField
            path={`${p}.sPCmPerS`}
            note={t('editor.contact.infiniteWhenEmpty')}
            placeholder="∞"
            emptyValue={null}
          />
        </Col>
      </Row>
    </div>
  );
}

function InterfacesForm() {
  const { t } = useTranslation();
  const set = useEditorSet();
  const list = useEditorSelect((c) => c.state.electrical?.interfaces) ?? [];
  const dom = JSON.parse(
    useEditorSelect((c) => JSON.stringify(electricalLayers(c.state.layers).map((j) => c.state.layers[j]!.name))),
  ) as string[];
  const pairs = dom.slice(0, -1).map((a, i) => [a, dom[i + 1]!] as [string, string]);
  const free = pairs.filter((pr) => !list.some((it) => it.between[0] === pr[0]));
  return (
    <div data-testid="interfaces-form">
      {list.map((it, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: interfaces have no id; two may name the same pair while being edited
        <div key={`${it.between[0]}|${it.between[1]}|${i}`} className="dev-interface">
          <Row gutter={12} align="bottom">
            <Col xs={24} md={8}>
              <Field path={`electrical.interfaces.${i}.between`} label={t('editor.el.interfaceBetween')}>
                <Select
                  id={fieldId(`electrical.interfaces.${i}.between`)}
                  value={it.between.join(' / ')}
                  options={pairs.map((pr) => ({ value: pr.join(' / '), label: pr.join(' / ') }))}
                  onChange={(v) => set(`electrical.interfaces.${i}.between`, v.split(' / '))}
                />
              </Field>
            </Col>
            <Col xs={12} md={6}>
              <NumField path={`electrical.interfaces.${i}.sNCmPerS`} />
            </Col>
            <Col xs={12} md={6}>
              <NumField path={`electrical.interfaces.${i}.sPCmPerS`} />
            </Col>
            <Col xs={24} md={4}>
              <Form.Item>
                <Switch
                  aria-label={t('editor.el.interfaceThermionic')}
                  checked={!!it.thermionic}
                  onChange={(on) => set(`electrical.interfaces.${i}.thermionic`, on ? {} : undefined)}
                />{' '}
                {t('editor.el.interfaceThermionic')}
              </Form.Item>
            </Col>
          </Row>
          <InterfaceDefects index={i} />
          <TunnelOxideForm index={i} />
          <Button
            size="small"
            danger
            type="link"
            onClick={() =>
              set(
                'electrical.interfaces',
                list.filter((_, j) => j !== i),
              )
            }
          >
            {t('editor.layer.remove')}
          </Button>
        </div>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={free.length === 0}
        onClick={() =>
          set('electrical.interfaces', [
            ...list,
            { between: free[0]!, sNCmPerS: 10, sPCmPerS: 10 } satisfies InterfaceElectricalSpec,
          ])
        }
        data-testid="interface-add"
      >
        {t('editor.el.interfaceAdd')}
      </Button>
    </div>
  );
}

/**
 * The models users look for that the engine lacks, each with a note that says so and what the
 * editor offers instead. Which are missing comes from the engine's capability registry.
 */
function MissingModels() {
  const { t, i18n } = useTranslation();
  const notes = missingModelNotes(i18n.language);
  if (notes.length === 0) return null;
  const colon = i18n.language === 'en' ? ': ' : '：';
  return (
    <>
      <Divider style={{ margin: '8px 0' }} />
      {notes.map((n) => (
        <Typography.Paragraph key={n.id} type="secondary" style={{ marginBottom: 4 }}>
          <strong>
            {n.name}
            {colon}
          </strong>
          {t(n.note)}
        </Typography.Paragraph>
      ))}
    </>
  );
}

/** The device-level electrical block: contacts, sweep, temperature, resistances, generation, mesh, transient, impedance, options. */
export const ElectricalForm = memo(function ElectricalForm() {
  const { t, i18n } = useTranslation();
  const set = useEditorSet();
  const el = useEditorSelect((c) => c.state.electrical) as DeviceElectricalSpec | undefined;
  const gridTotal = useEditorSelect((c) => (c.state.electrical ? totalGrid(c.state.layers, c.state.electrical) : 0));
  if (!el) return null;
  const gen = el.generation?.kind ?? 'optical';
  return (
    <div data-testid="electrical-form">
      <DefectLossSwitch />
      <Collapse
        defaultActiveKey={[
          'contacts',
          'sweep',
          ...(el.transient ? ['transient'] : []),
          ...(el.impedance ? ['impedance'] : []),
          ...(el.interfaces?.some((it) => it.defects?.length) ? ['interfaces'] : []),
          ...(el.capacitanceVoltage || el.capacitanceFrequency ? ['defects'] : []),
          ...(el.interfaces?.some((it) => it.tunnelOxide) ? ['interfaces'] : []),
        ]}
        items={[
          {
            key: 'contacts',
            label: t('editor.section.contacts'),
            forceRender: true,
            children: (
              <>
                <ContactForm side="front" />
                <ContactForm side="back" />
                <SelectField
                  path="electrical.contacts.anode"
                  label={t('editor.contact.anode')}
                  options={[
                    { value: 'front', label: t('editor.contact.anodeFront') },
                    { value: 'back', label: t('editor.contact.anodeBack') },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'sweep',
            label: t('editor.section.sweep'),
            forceRender: true,
            children: (
              <>
                <Row gutter={12}>
                  <Col xs={8}>
                    <NumField path="electrical.voltageSweep.startV" />
                  </Col>
                  <Col xs={8}>
                    <NumField path="electrical.voltageSweep.stopV" />
                  </Col>
                  <Col xs={8}>
                    <NumField path="electrical.voltageSweep.stepV" />
                  </Col>
                </Row>
                <CheckField path="electrical.extendToVoc" label={t('editor.el.extendToVoc')} />
                <Row gutter={12}>
                  <Col xs={12}>
                    <NumField path="electrical.temperatureK" />
                  </Col>
                  <Col xs={12}>
                    <SelectField
                      path="electrical.statistics"
                      label={t('editor.el.statistics')}
                      value={el.statistics ?? 'boltzmann'}
                      options={[
                        { value: 'boltzmann', label: t('editor.el.boltzmann') },
                        { value: 'fermi-dirac', label: t('editor.el.fermiDirac') },
                      ]}
                    />
                  </Col>
                  <Col xs={12}>
                    <NumField path="electrical.rsOhmCm2" />
                  </Col>
                  <Col xs={12}>
                    <NumField path="electrical.rshOhmCm2" placeholder="∞" emptyValue={null} />
                  </Col>
                </Row>
              </>
            ),
          },
          {
            key: 'generation',
            label: t('editor.el.generation'),
            forceRender: true,
            children: (
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <SelectField
                    path="electrical.generation"
                    label={t('editor.el.generation')}
                    value={gen}
                    options={[
                      { value: 'optical', label: t('editor.el.genOptical') },
                      { value: 'uniform', label: t('editor.el.genUniform') },
                      { value: 'beer-lambert', label: t('editor.el.genBeer') },
                      { value: 'dark', label: t('editor.el.genDark') },
                      // an imported profile is offered while the device holds one: it cannot be typed here
                      ...(gen === 'profile' ? [{ value: 'profile' as const, label: t('editor.el.genProfile') }] : []),
                    ]}
                    onChange={(k) => {
                      if (k === 'profile') return;
                      set('electrical.generation', k === 'uniform' ? { kind: k, gCm3PerS: 1e21 } : { kind: k });
                    }}
                  />
                </Col>
                {gen === 'uniform' && (
                  <Col xs={24} md={12}>
                    <NumField path="electrical.generation.gCm3PerS" />
                  </Col>
                )}
                {el.generation?.kind === 'profile' && (
                  <Col xs={24}>
                    <GenerationProfilePlot xNm={el.generation.xNm} g={el.generation.gCm3PerS} />
                  </Col>
                )}
                {gen === 'beer-lambert' && (
                  <Col xs={24} md={12}>
                    <NumField path="electrical.generation.reflectance" placeholder="0" />
                  </Col>
                )}
              </Row>
            ),
          },
          {
            key: 'mesh',
            // the section is the one field's: titled by the registry's name of it
            label: wordsOf('electrical.gridPoints', paramLang(i18n.language)).name,
            forceRender: true,
            children: (
              <>
                <NumField path="electrical.gridPoints" />
                <Typography.Text type="secondary" data-testid="grid-total">
                  {t('editor.el.gridTotal', { total: gridTotal })}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'interfaces',
            label: t('editor.section.interfaces'),
            forceRender: true,
            children: <InterfacesForm />,
          },
          {
            key: 'transient',
            label: t('transient.protocol.title'),
            forceRender: true,
            children: <TransientForm />,
          },
          {
            key: 'impedance',
            label: t('transient.impedance.title'),
            forceRender: true,
            children: <ImpedanceForm />,
          },
          { key: 'tandem', label: t('tandem.editor.title'), forceRender: true, children: <TandemForm /> },
          {
            key: 'defects',
            label: t('defects.study.title'),
            forceRender: true,
            children: <DefectStudyForm />,
          },
          {
            key: 'advanced',
            label: t('editor.section.advanced'),
            forceRender: true,
            children: (
              <>
                <CheckField path="electrical.darkJV" label={t('editor.el.darkJV')} />
                <CheckField
                  path="electrical.eqe"
                  label={t('editor.el.eqe')}
                  checked={!!el.eqe}
                  onChange={(on) => set('electrical.eqe', on ? {} : undefined)}
                />
                {el.eqe && (
                  <>
                    <NumField path="electrical.eqe.stepNm" />
                    <NumField path="electrical.eqe.biasLightSuns" />
                    <NumField path="electrical.eqe.biasV" />
                  </>
                )}
                <NumberListField
                  path="electrical.profileBiasesV"
                  note={t('editor.el.commaList')}
                  placeholder="0.5, 0.8"
                />
                <MissingModels />
              </>
            ),
          },
        ]}
      />
    </div>
  );
});
