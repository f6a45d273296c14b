import type { LayerElectricalSpec } from '@pvforge/contracts';
import { Col, Row, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { NumField, SelectField } from './fields';

type ExcitonModel = 'none' | 'ct' | 'diffusion';

/**
 * Defaults that run: the CT-state values of the public SIMsalabim case
 * simsalabim-organic-bhj-onsager-braun (a = 1.8 nm, k_f = 1e6 1/s, one distance) and an exciton
 * diffusion length and lifetime in the middle of the published ranges (docs/physics/excitons.md).
 */
export const DEFAULT_CT_DISSOCIATION = {
  model: 'onsager-braun',
  separationNm: 1.8,
  decayRatePerS: 1e6,
  distribution: 'delta',
} as const satisfies NonNullable<LayerElectricalSpec['ctDissociation']>;
export const DEFAULT_EXCITON_DIFFUSION = { diffusionLengthNm: 10, lifetimeS: 1e-9 } as const;

/** Which exciton model a layer's parameters use. */
export function excitonModelOf(el: LayerElectricalSpec | undefined): ExcitonModel {
  if (el?.ctDissociation) return 'ct';
  if (el?.excitonDiffusion) return 'diffusion';
  return 'none';
}

/** The layer's parameters with another exciton model (the other one's block removed). */
export function withExcitonModel(el: LayerElectricalSpec, model: ExcitonModel): LayerElectricalSpec {
  const { ctDissociation: _ct, excitonDiffusion: _ed, ...rest } = el;
  if (model === 'ct') {
    // Onsager-Braun needs a bimolecular coefficient: Langevin's (prefactor 1) when none is given
    const gamma = rest.langevinPrefactor ?? rest.kRadCm3PerS;
    return { ...rest, ...(gamma ? {} : { langevinPrefactor: 1 }), ctDissociation: { ...DEFAULT_CT_DISSOCIATION } };
  }
  if (model === 'diffusion') return { ...rest, excitonDiffusion: { ...DEFAULT_EXCITON_DIFFUSION } };
  return rest;
}

/**
 * The exciton model of an organic layer (`layers[i].electrical.ctDissociation` or
 * `.excitonDiffusion`, docs/physics/excitons.md): none, Onsager-Braun dissociation of CT states
 * (a blend) or exciton diffusion to the donor/acceptor interface (one side of a bilayer).
 */
export const ExcitonForm = memo(function ExcitonForm({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const p = `layers.${index}.electrical`;
  const el = useEditorSelect((c) => c.state.layers[index]?.electrical) as LayerElectricalSpec | undefined;
  if (!el) return null;
  const model = excitonModelOf(el);
  return (
    <div data-testid={`exciton-form-${index}`}>
      <SelectField<ExcitonModel>
        path={`${p}.excitonModel`}
        label={t('models.exciton.model')}
        tip={t('models.exciton.modelTip')}
        value={model}
        options={[
          { value: 'none', label: t('models.exciton.none') },
          { value: 'ct', label: t('models.exciton.ct') },
          { value: 'diffusion', label: t('models.exciton.diffusion') },
        ]}
        onChange={(m) => set(p, withExcitonModel(el, m))}
      />
      {model === 'ct' && (
        <>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <NumField path={`${p}.ctDissociation.separationNm`} />
            </Col>
            <Col xs={24} md={12}>
              <NumField path={`${p}.ctDissociation.decayRatePerS`} />
            </Col>
            <Col xs={24} md={12}>
              <NumField path={`${p}.ctDissociation.directYield`} placeholder="0" />
            </Col>
            <Col xs={24} md={12}>
              <SelectField<'delta' | 'gaussian'>
                path={`${p}.ctDissociation.distribution`}
                label={t('models.exciton.distribution')}
                tip={t('models.exciton.distributionTip')}
                value={el.ctDissociation?.distribution ?? 'delta'}
                options={[
                  { value: 'delta', label: t('models.exciton.delta') },
                  { value: 'gaussian', label: t('models.exciton.gaussian') },
                ]}
              />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary">{t('models.exciton.langevinHint')}</Typography.Paragraph>
        </>
      )}
      {model === 'diffusion' && (
        <>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <NumField path={`${p}.excitonDiffusion.diffusionLengthNm`} />
            </Col>
            <Col xs={24} md={12}>
              <NumField path={`${p}.excitonDiffusion.lifetimeS`} />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary">{t('models.exciton.diffusionHint')}</Typography.Paragraph>
        </>
      )}
    </div>
  );
});
