import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { IonElectricalSpec } from '@pvforge/contracts';
import { Button, Col, Row, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSelect, useEditorSet } from './context';
import { CheckField, NumField, SelectField } from './fields';
import { defaultIon, MAX_ION_SPECIES } from './transient-model';

/**
 * The mobile ions of one layer (`layers[i].electrical.ions`): switched on with one species, up to
 * two, each with its density (also the immobile background's), diffusion coefficient at a reference
 * temperature, optional activation energy and charge. A material with ions brings them along.
 */
export const IonsForm = memo(function IonsForm({ index }: { index: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const p = `layers.${index}.electrical.ions`;
  const ions = (useEditorSelect((c) => c.state.layers[index]?.electrical?.ions) ?? []) as IonElectricalSpec[];
  return (
    <div data-testid={`ions-form-${index}`}>
      <CheckField
        path={p}
        label={t('transient.ions.enable')}
        tip={t('transient.ions.enableTip')}
        checked={ions.length > 0}
        onChange={(on) => set(p, on ? [defaultIon()] : undefined)}
      />
      {ions.map((_, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a species has no id; its index is its field path
        <div key={k} className="dev-interface" data-testid={`ion-species-${index}-${k}`}>
          <Typography.Text strong>{t('transient.ions.species', { n: k + 1 })}</Typography.Text>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <NumField path={`${p}.${k}.densityCm3`} />
            </Col>
            <Col xs={24} md={12}>
              <NumField path={`${p}.${k}.diffusionCm2PerS`} />
            </Col>
            <Col xs={24} md={8}>
              <SelectField
                path={`${p}.${k}.sign`}
                label={t('transient.ions.sign')}
                tip={t('transient.ions.signTip')}
                value={String(ions[k]?.sign ?? 1) as '1' | '-1'}
                options={[
                  { value: '1', label: t('transient.ions.positive') },
                  { value: '-1', label: t('transient.ions.negative') },
                ]}
                onChange={(v) => set(`${p}.${k}.sign`, Number(v))}
              />
            </Col>
            <Col xs={12} md={8}>
              <NumField path={`${p}.${k}.activationEnergyEV`} placeholder="0" />
            </Col>
            <Col xs={12} md={8}>
              <NumField path={`${p}.${k}.referenceTemperatureK`} placeholder="300" />
            </Col>
          </Row>
          <Button
            size="small"
            danger
            type="link"
            icon={<DeleteOutlined />}
            onClick={() => {
              const rest = ions.filter((_, j) => j !== k);
              set(p, rest.length ? rest : undefined);
            }}
            data-testid={`ion-remove-${index}-${k}`}
          >
            {t('transient.ions.remove')}
          </Button>
        </div>
      ))}
      {ions.length > 0 && ions.length < MAX_ION_SPECIES && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => set(p, [...ions, defaultIon(ions)])}
          data-testid={`ion-add-${index}`}
        >
          {t('transient.ions.add')}
        </Button>
      )}
    </div>
  );
});
