import { DeleteOutlined } from '@ant-design/icons';
import type { BulkDefectSpec, InterfaceDefectSpec } from '@pvforge/contracts';
import { Button, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorSet } from './context';
import { captureMode, switchCapture } from './defect-model';
import { NumField, SelectField, TextField } from './fields';

type Defect = BulkDefectSpec | InterfaceDefectSpec;

/**
 * The fields of one defect at `path` (`layers.3.electrical.defects.0` or
 * `electrical.interfaces.1.defects.0`): name, type, density (per volume in a layer, per area at an
 * interface), energy and its reference, distribution and width, and the capture by cross-sections
 * with thermal velocities or by capture coefficients.
 */
export function DefectFields({
  path,
  defect,
  where,
  n,
  onRemove,
  testid,
}: {
  path: string;
  defect: Defect;
  where: 'layer' | 'interface';
  n: number;
  onRemove: () => void;
  testid: string;
}) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const dist = defect.distribution ?? 'single';
  const mode = captureMode(defect);
  return (
    <div className="dev-interface" data-testid={testid}>
      <Typography.Text strong>{defect.name?.trim() || t('defects.table.item', { n })}</Typography.Text>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <TextField path={`${path}.name`} label={t('defects.table.name')} tip={t('defects.table.nameTip')} max={60} />
        </Col>
        <Col xs={12} md={8}>
          <SelectField
            path={`${path}.type`}
            label={t('defects.table.type')}
            options={(['donor', 'acceptor', 'neutral'] as const).map((v) => ({
              value: v,
              label: t(`defects.table.${v}`),
            }))}
          />
        </Col>
        <Col xs={12} md={8}>
          {where === 'layer' ? <NumField path={`${path}.densityCm3`} /> : <NumField path={`${path}.densityCm2`} />}
        </Col>
        <Col xs={12} md={8}>
          <SelectField
            path={`${path}.distribution`}
            label={t('defects.table.distribution')}
            value={dist}
            options={(['single', 'uniform', 'gaussian', 'tail'] as const).map((v) => ({
              value: v,
              label: t(`defects.table.${v}`),
            }))}
            onChange={(v) => {
              const next: Defect = { ...defect, distribution: v };
              if (v === 'single') delete next.widthEV;
              else if (next.widthEV === undefined) next.widthEV = v === 'tail' ? 0.03 : 0.1;
              if (v === 'tail' && next.energyReference === 'intrinsic') next.energyReference = 'conduction';
              set(path, next);
            }}
          />
        </Col>
        <Col xs={12} md={8}>
          <SelectField
            path={`${path}.energyReference`}
            label={t('defects.table.reference')}
            options={(dist === 'tail'
              ? (['conduction', 'valence'] as const)
              : (['conduction', 'valence', 'intrinsic'] as const)
            ).map((v) => ({
              value: v,
              label: t(`defects.table.ref${v[0]!.toUpperCase()}${v.slice(1)}`),
            }))}
          />
        </Col>
        <Col xs={12} md={8}>
          {dist === 'tail' ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
              {t('defects.table.tailNote')}
            </Typography.Paragraph>
          ) : (
            <NumField path={`${path}.energyEV`} placeholder="0" />
          )}
        </Col>
        {dist !== 'single' && (
          <Col xs={12} md={8}>
            <NumField path={`${path}.widthEV`} />
          </Col>
        )}
        <Col xs={24} md={dist !== 'single' ? 16 : 24}>
          <SelectField
            path={`${path}.capture`}
            label={t('defects.table.capture')}
            value={mode}
            options={[
              { value: 'sigma', label: t('defects.table.byCrossSection') },
              { value: 'c', label: t('defects.table.byCoefficient') },
            ]}
            onChange={(v) => v !== mode && set(path, switchCapture(defect, v))}
          />
        </Col>
        {mode === 'sigma' ? (
          <>
            <Col xs={12} md={6}>
              <NumField path={`${path}.sigmaNCm2`} />
            </Col>
            <Col xs={12} md={6}>
              <NumField path={`${path}.sigmaPCm2`} />
            </Col>
            <Col xs={12} md={6}>
              <NumField path={`${path}.vthNCmPerS`} placeholder="1e7" />
            </Col>
            <Col xs={12} md={6}>
              <NumField path={`${path}.vthPCmPerS`} placeholder="1e7" />
            </Col>
          </>
        ) : (
          <>
            <Col xs={12}>
              <NumField path={`${path}.cNCm3PerS`} />
            </Col>
            <Col xs={12}>
              <NumField path={`${path}.cPCm3PerS`} />
            </Col>
          </>
        )}
      </Row>
      <Button
        size="small"
        danger
        type="link"
        icon={<DeleteOutlined />}
        onClick={onRemove}
        data-testid={`${testid}-remove`}
      >
        {t('defects.table.remove')}
      </Button>
    </div>
  );
}
