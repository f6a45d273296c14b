import { BookOutlined } from '@ant-design/icons';
import { GRADABLE_KEYS, type LayerElectricalSpec } from '@pvforge/contracts';
import { Button, Col, Collapse, Row, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComputedKRad } from './ComputedKRad';
import { useEditorSelect, useEditorSet, useHasIssue } from './context';
import { DefectTable } from './DefectTable';
import { ExcitonForm, excitonModelOf } from './ExcitonForm';
import { CheckField, FieldLabel, formatNumber, NumField, SelectField, TextField, useFieldWords } from './fields';
import { IonsForm } from './IonsForm';
import { MaterialPicker } from './MaterialPicker';
import { layerFromMaterial, type MaterialLike, startingThicknessOf } from './materials';
import { isBlankLayer, LAYER_ELECTRICAL_FIELDS, LAYER_GROUPS, ROLES } from './model';
import { OpticalEditor } from './OpticalEditor';

/**
 * The fields of one layer: identity, thickness, optics, and its drift-diffusion parameters. It
 * re-renders on edits of its own layer and on changes of the marks it shows, not on other edits.
 */
export const LayerForm = memo(function LayerForm({ index, kind }: { index: number; kind: 'opt' | 'elec' }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const layer = useEditorSelect((c) => c.state.layers[index]);
  const p = `layers.${index}`;
  const ionsHaveIssue = useHasIssue(`${p}.electrical.ions`);
  const gradingHasIssue = useHasIssue(`${p}.electrical.grading`);
  const defectsHaveIssue = useHasIssue(`${p}.electrical.defects`);
  const excitonHasIssue = useEditorSelect((c) =>
    [...c.errors.keys(), ...c.warnings.keys()].some(
      (k) => k.startsWith(`${p}.electrical.ctDissociation`) || k.startsWith(`${p}.electrical.excitonDiffusion`),
    ),
  );
  // the groups with a message on one of their fields, as one string so that it compares by value
  const groupsWithIssue = useEditorSelect((c) =>
    LAYER_GROUPS.filter((g) =>
      LAYER_ELECTRICAL_FIELDS.some(
        (f) =>
          f.group === g && (c.errors.has(`${p}.electrical.${f.key}`) || c.warnings.has(`${p}.electrical.${f.key}`)),
      ),
    ).join(' '),
  );
  const [picking, setPicking] = useState(false);
  if (!layer) return null;
  const el = layer.electrical;

  const applyMaterial = (m: MaterialLike) => {
    // Name, role, optics and parameters come from the material. A blank layer also takes the
    // material's typical thickness (and incoherence when thick); a layer that already had a
    // material keeps the thickness and coherence the user gave it.
    const own = { thicknessNm: layer.thicknessNm > 0 ? layer.thicknessNm : 100, coherent: layer.coherent ?? true };
    const start = isBlankLayer(layer) ? startingThicknessOf(m, own.thicknessNm) : own;
    const mapped = layerFromMaterial(m, start.thicknessNm);
    set(p, { ...mapped, key: layer.key, coherent: start.coherent });
  };
  // organic absorbers (and any layer that already has an exciton model) get the exciton block
  const showExciton = !!layer.excitonic || layer.role === 'absorber' || excitonModelOf(el) !== 'none';
  const groupHasIssue = (g: string) => groupsWithIssue.split(' ').includes(g);

  return (
    <div className="dev-layer-form" data-testid="layer-form">
      <Row gutter={12} align="bottom">
        <Col xs={24} md={10}>
          <TextField path={`${p}.name`} label={t('editor.field.layerName')} max={100} />
        </Col>
        <Col xs={24} md={8}>
          <SelectField
            path={`${p}.role`}
            label={t('editor.field.role')}
            options={ROLES.map((r) => ({ value: r, label: t(`editor.roles.${r}`) }))}
          />
        </Col>
        <Col xs={24} md={6}>
          <NumField path={`${p}.thicknessNm`} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <CheckField path={`${p}.coherent`} label={t('editor.field.coherent')} tip={t('editor.field.coherentTip')} />
        </Col>
        {layer.role === 'absorber' && (
          <Col xs={24} md={12}>
            <CheckField path={`${p}.excitonic`} label={t('editor.field.excitonic')} tip={t('editor.el.excitonsNote')} />
          </Col>
        )}
      </Row>
      <Button
        icon={<BookOutlined />}
        onClick={() => setPicking(true)}
        data-testid="layer-pick-material"
        style={{ marginBottom: 12 }}
      >
        {t('editor.layer.pick')}
      </Button>
      <MaterialPicker open={picking} onClose={() => setPicking(false)} onPick={applyMaterial} />
      <OpticalEditor path={`${p}.optical`} label={t('editor.field.optical')} />
      {kind === 'elec' && (
        <>
          <CheckField
            path={`${p}.electrical`}
            label={t('editor.field.hasElectrical')}
            tip={t('editor.field.hasElectricalTip')}
            checked={!!el}
            onChange={(on) => set(`${p}.electrical`, on ? ({} satisfies LayerElectricalSpec) : undefined)}
          />
          {el && (
            <CheckField
              path={`${p}.electrical.generatesCarriers`}
              label={t('editor.el.generatesCarriers')}
              tip={t('editor.el.generatesCarriersTip')}
              // absent means it does: only an explicit false is stored
              checked={el.generatesCarriers !== false}
              onChange={(on) => set(`${p}.electrical.generatesCarriers`, on ? undefined : false)}
            />
          )}
          {el && (
            <Collapse
              size="small"
              defaultActiveKey={[
                'basic',
                'recombination',
                ...(el.ions?.length ? ['ions'] : []),
                ...(el.defects?.length ? ['defects'] : []),
                ...(excitonModelOf(el) !== 'none' ? ['exciton'] : []),
                ...(el.grading ? ['grading'] : []),
              ]}
              data-testid="layer-electrical"
              items={[
                ...LAYER_GROUPS.map((g) => ({
                  key: g,
                  label: (
                    <span>
                      {t(`editor.groups.${g}`)}
                      {groupHasIssue(g) ? ' ⚠' : ''}
                    </span>
                  ),
                  forceRender: true,
                  children: (
                    <Row gutter={12}>
                      {LAYER_ELECTRICAL_FIELDS.filter((f) => f.group === g).map((f) => (
                        <Col xs={24} md={12} key={f.key}>
                          <NumField
                            path={`${p}.electrical.${f.key}`}
                            // the value a run takes from the layer's absorption (kRadFrom beside it)
                            computed={f.key === 'kRadCm3PerS' ? <ComputedKRad index={index} /> : undefined}
                          />
                        </Col>
                      ))}
                    </Row>
                  ),
                })),
                {
                  key: 'grading',
                  label: (
                    <span data-testid={`grading-panel-${index}`}>
                      {t('editor.el.graded')}
                      {el.grading ? ` (${Object.keys(el.grading.back).length})` : ''}
                      {gradingHasIssue ? ' ⚠' : ''}
                    </span>
                  ),
                  forceRender: true,
                  children: <GradingForm index={index} />,
                },
                ...(showExciton
                  ? [
                      {
                        key: 'exciton',
                        label: (
                          <span>
                            {t('models.exciton.title')}
                            {excitonHasIssue ? ' ⚠' : ''}
                          </span>
                        ),
                        forceRender: true,
                        children: <ExcitonForm index={index} />,
                      },
                    ]
                  : []),
                {
                  key: 'ions',
                  label: (
                    <span>
                      {t('transient.ions.title')}
                      {ionsHaveIssue ? ' ⚠' : ''}
                    </span>
                  ),
                  forceRender: true,
                  children: <IonsForm index={index} />,
                },
                {
                  key: 'defects',
                  label: (
                    <span data-testid={`defects-panel-${index}`}>
                      {t('defects.table.title')}
                      {el.defects?.length ? ` (${el.defects.length})` : ''}
                      {defectsHaveIssue ? ' ⚠' : ''}
                    </span>
                  ),
                  forceRender: true,
                  children: <DefectTable index={index} />,
                },
              ]}
            />
          )}
        </>
      )}
    </div>
  );
});

/**
 * A graded layer (SCAPS's composition grading): each gradable parameter's back-face value beside
 * the layer's own, which is the front face's. The back values are number fields of the registry
 * entry of their parameter (the grading path maps to it), so they carry its label, unit and
 * verdicts, and the device check's messages on `grading.back.*` land on them.
 */
export const GradingForm = memo(function GradingForm({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const p = `layers.${index}.electrical`;
  const el = useEditorSelect((c) => c.state.layers[index]?.electrical);
  if (!el) return null;
  return (
    <div data-testid={`grading-${index}`}>
      <CheckField
        path={`${p}.grading`}
        label={t('editor.el.gradedOn')}
        tip={t('editor.el.gradedTip')}
        checked={!!el.grading}
        onChange={(on) => set(`${p}.grading`, on ? { law: 'linear', back: {} } : undefined)}
      />
      {el.grading && (
        <>
          <Row gutter={12}>
            <Col xs={12}>
              <Typography.Text strong>{t('editor.el.gradedFront')}</Typography.Text>
            </Col>
            <Col xs={12}>
              <Typography.Text strong>{t('editor.el.gradedBack')}</Typography.Text>
            </Col>
          </Row>
          {GRADABLE_KEYS.map((k) => (
            <GradedRow key={k} base={p} k={k} own={(el as Record<string, unknown>)[k]} />
          ))}
        </>
      )}
    </div>
  );
});

function GradedRow({ base, k, own }: { base: string; k: string; own: unknown }) {
  const { t } = useTranslation();
  const words = useFieldWords(`${base}.${k}`, {});
  return (
    <Row gutter={12} align="middle" data-testid={`graded-row-${k}`}>
      <Col xs={12}>
        <div className="dev-field">
          <FieldLabel label={words.label} {...(words.unit ? { unit: words.unit } : {})} />
          <div data-testid={`graded-front-${k}`}>
            {typeof own === 'number' ? (
              formatNumber(own)
            ) : (
              <Typography.Text type="secondary">{t('editor.el.gradedNeedsOwn')}</Typography.Text>
            )}
          </div>
        </div>
      </Col>
      <Col xs={12}>
        <NumField
          path={`${base}.grading.back.${k}`}
          placeholder={typeof own === 'number' ? formatNumber(own) : undefined}
        />
      </Col>
    </Row>
  );
}
