import { Alert, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { CheckField, NumField, SelectField } from './fields';

const P = 'electrical.tandem.thicknessSweep';

/**
 * The tandem's current-matching sweep (`electrical.tandem.thicknessSweep`): a top-cell layer and
 * the thicknesses to try; and whether the whole stack is also solved as one device
 * (`electrical.tandem.fullStack`, validated by the device check: contiguous electrical layers).
 * The tandem itself follows from the subcells chosen in the layer list.
 */
export function TandemForm() {
  const { t } = useTranslation();
  const set = useEditorSet();
  const state = {
    layers: useEditorSelect((c) => c.state.layers),
    electrical: useEditorSelect((c) => c.state.electrical),
  };
  const top = state.layers.filter((l) => l.subcell === 'top' && l.electrical);
  const sweep = state.electrical?.tandem?.thicknessSweep;
  if (!state.layers.some((l) => l.subcell)) return <Alert type="info" showIcon title={t('tandem.editor.notTandem')} />;
  const thickest = [...top].sort((a, b) => b.thicknessNm - a.thicknessNm)[0];
  return (
    <div data-testid="tandem-form">
      <CheckField
        path="electrical.tandem.fullStack"
        label={t('tandem.editor.fullStack')}
        tip={t('tandem.editor.fullStackTip')}
        checked={state.electrical?.tandem?.fullStack === true}
        onChange={(on) => set('electrical.tandem.fullStack', on ? true : undefined)}
      />
      <CheckField
        path={P}
        label={t('tandem.editor.sweep')}
        tip={t('tandem.editor.sweepTip')}
        checked={!!sweep}
        onChange={(on) =>
          set(
            P,
            on && thickest
              ? {
                  layer: thickest.name,
                  fromNm: Math.round(thickest.thicknessNm / 2),
                  toNm: Math.round(thickest.thicknessNm * 2),
                  points: 8,
                }
              : undefined,
          )
        }
      />
      {sweep && (
        <Row gutter={12}>
          <Col xs={24} md={6}>
            <SelectField
              path={`${P}.layer`}
              label={t('tandem.editor.sweepLayer')}
              options={top.map((l) => ({ value: l.name, label: l.name }))}
            />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.fromNm`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.toNm`} />
          </Col>
          <Col xs={12} md={6}>
            <NumField path={`${P}.points`} integer />
          </Col>
        </Row>
      )}
    </div>
  );
}
