import { PlayCircleOutlined } from '@ant-design/icons';
import { bilingualName } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Space, Steps, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import bundledDevice from '../../../../../../assets/devices/perovskite-pin-electrical.device.json';
import { circuitApi } from '../../../api/circuit';
import { ApiError, NetworkError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { localizedDevice } from '../../../lib/library';
import { CalcProgressCard, resultPath } from './CircuitProgress';

interface DemoLayer {
  name: string;
  role: string;
  thicknessNm: number;
}
interface DemoSpec {
  name: string;
  layers: DemoLayer[];
}

/**
 * The worked example: the p-i-n perovskite device seeded into the public device library
 * (apps/server/src/seed/demo-devices.ts). It is read from the library when it is there, else the
 * same file shipped in assets/devices is used, so the demo also runs on a platform whose library
 * has been cleared.
 */
async function loadDemoDevice(
  lang: string,
): Promise<{ spec: unknown; name: string; fromLibrary: boolean; libraryId?: string }> {
  try {
    const { list } = await circuitApi.findPublicDevices('elec');
    // the file names it in both languages ("中文 | English"); the library by its English name (issue 29)
    const hit =
      list.find((d) => d.name === bundledDevice.name || bundledDevice.name.endsWith(`| ${d.name}`)) ?? list[0];
    if (hit) {
      const d = await circuitApi.getDevice(hit.id);
      const spec = typeof d.spec === 'string' ? JSON.parse(d.spec) : d.spec;
      if (spec && typeof spec === 'object')
        return { spec, name: localizedDevice(hit, lang).name, fromLibrary: true, libraryId: hit.id };
    }
  } catch {
    // no library route or no demo device: the shipped copy below
  }
  return { spec: bundledDevice, name: bilingualName(bundledDevice.name, lang), fromLibrary: false };
}

export default function DemoPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const device = useQuery({
    queryKey: ['demoDevice', i18n.language],
    queryFn: () => loadDemoDevice(i18n.language),
    staleTime: 10 * 60_000,
  });
  const [busy, setBusy] = useState(false);
  const [id, setId] = useState<number | undefined>(undefined);
  const spec = (device.data?.spec ?? bundledDevice) as DemoSpec;

  const run = async () => {
    setBusy(true);
    try {
      const d = device.data ?? (await loadDemoDevice(i18n.language));
      // the run is named in the reader's language (the stored spec carries the English name)
      const r = await circuitApi.submitDevice('elec', d.spec, d.name.slice(0, 100));
      setId(r.id);
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : e instanceof NetworkError ? t('common.networkError') : String(e);
      message.error(t('circuit.demo.failed', { msg }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="demo-page">
      <PageHeader title={t('page.demo')} subtitle={t('circuit.demo.subtitle')} />
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={t('circuit.demo.introTitle')} className="form-card wide">
            <Typography.Paragraph>{t('circuit.demo.intro')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('circuit.demo.source')}</Typography.Paragraph>
            <Typography.Title level={5}>{t('circuit.demo.layers')}</Typography.Title>
            <Table<DemoLayer>
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={spec.layers}
              data-testid="demo-layers"
              columns={[
                { title: t('circuit.demo.layer'), dataIndex: 'name', key: 'name' },
                {
                  title: t('circuit.demo.role'),
                  dataIndex: 'role',
                  key: 'role',
                  render: (r: string) => <Tag>{r}</Tag>,
                },
                {
                  title: t('circuit.demo.thickness'),
                  dataIndex: 'thicknessNm',
                  key: 'thicknessNm',
                  render: (x: number) => (x >= 1e5 ? `${x / 1e6} mm` : `${x} nm`),
                },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="demo-device-source">
              {device.data?.fromLibrary ? t('circuit.demo.fromLibrary') : t('circuit.demo.fromBundle')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('circuit.demo.steps')} className="form-card wide">
            <Steps
              direction="vertical"
              size="small"
              current={id === undefined ? 0 : 1}
              items={[
                { title: t('circuit.demo.step1') },
                { title: t('circuit.demo.step2') },
                { title: t('circuit.demo.step3') },
              ]}
            />
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button
                type="primary"
                size="large"
                icon={<PlayCircleOutlined />}
                loading={busy}
                disabled={id !== undefined}
                onClick={run}
                data-testid="demo-run"
              >
                {id === undefined ? t('circuit.demo.run') : t('circuit.demo.running')}
              </Button>
              <Link to="/plat/elecMaterial">{t('circuit.demo.openLibrary')}</Link>
              <Typography.Text type="secondary">
                {t('circuit.demo.tryCircuit')} <Link to="/plat/calc/circle2">{t('circuit.demo.tryCircuitLink')}</Link>
              </Typography.Text>
            </Space>
          </Card>
        </Col>
      </Row>
      {device.isError && <Alert type="warning" showIcon message={String(device.error)} />}
      {id !== undefined && (
        <CalcProgressCard
          key={id}
          id={id}
          kind="elec"
          listPath="/plat/calc/list"
          onDone={() => navigate(resultPath('elec', id))}
        />
      )}
    </div>
  );
}
