import { UploadOutlined } from '@ant-design/icons';
import type { DeviceListItem } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Select, Space, Spin, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryApi } from '../../../api/library';
import { readSpecFile, specFileProblem } from '../../../components/device-editor/io';
import { localizedDevice } from '../../../lib/library';
import { deviceName, deviceProblem } from './fit-model';

/** The device being fitted and where it came from (shown beside its name). */
export interface PickedDevice {
  spec: unknown;
  /**
   * 'mine' / 'public' (picked from the user's or the public library), 'library' (opened by its id),
   * 'file' (read from a DeviceSpec file), 'calc' (an earlier fit's device).
   */
  from: 'mine' | 'public' | 'library' | 'file' | 'calc';
  id?: string;
  label: string;
}

/** A library entry's spec as stored (an older server may hand it back as JSON text). */
function specOf(spec: unknown): unknown {
  if (typeof spec !== 'string') return spec;
  try {
    return JSON.parse(spec) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Picks the device to fit: from the user's device library or the public one (its worked examples),
 * electrical devices only, searched by name on the server; or read from a DeviceSpec file as the
 * editor reads one. A device the fit cannot run (no electrical block, a tandem) is refused with
 * the reason; the chosen device's name and layers are shown.
 */
export function FitDevicePicker({
  value,
  onChange,
  error,
}: {
  value: PickedDevice | undefined;
  onChange: (d: PickedDevice | undefined) => void;
  /** What the form's check says of the device (none chosen, no electrical block). */
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // the server searches by name; a pause after typing, not a request per key
  useEffect(() => {
    const h = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(h);
  }, [typed]);
  const lists = useQuery({
    queryKey: ['fitDevices', search],
    queryFn: async () => {
      const body = { kind: 'elec' as const, page: 1, size: 50, ...(search ? { search } : {}) };
      const [mine, pub] = await Promise.all([
        libraryApi.findPersonal(body).catch(() => ({ list: [] as DeviceListItem[], total: 0 })),
        libraryApi.findPublic(body).catch(() => ({ list: [] as DeviceListItem[], total: 0 })),
      ]);
      return { mine: mine.list, pub: pub.list };
    },
    staleTime: 30_000,
  });

  const accept = (spec: unknown, d: Omit<PickedDevice, 'spec'>) => {
    const bad = deviceProblem(spec);
    if (bad) {
      setProblem(t(`fit.err.${bad}`));
      onChange(undefined);
      return;
    }
    setProblem(undefined);
    onChange({ spec, ...d });
  };

  const pick = async (key: string) => {
    const [from, id] = key.split(':') as ['mine' | 'public', string];
    setLoading(true);
    try {
      const d = await libraryApi.getDevice(id);
      accept(specOf(d.spec), { from, id, label: localizedDevice(d, i18n.language).name });
    } catch (e) {
      setProblem(t('fit.device.loadFailed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setLoading(false);
    }
  };

  const readFile = async (file: File) => {
    try {
      const spec = await readSpecFile(file);
      accept(spec, { from: 'file', label: file.name });
    } catch (e) {
      setProblem(t('fit.device.fileFailed', { name: file.name, msg: specFileProblem(e, t('editor.io.noInput')) }));
    }
  };

  const item = (from: 'mine' | 'public') => (d: DeviceListItem) => ({
    value: `${from}:${d.id}`,
    label: localizedDevice(d, i18n.language).name,
  });
  const options = [
    ...(lists.data?.mine.length ? [{ label: t('fit.device.mine'), options: lists.data.mine.map(item('mine')) }] : []),
    ...(lists.data?.pub.length ? [{ label: t('fit.device.public'), options: lists.data.pub.map(item('public')) }] : []),
  ];
  const spec = value?.spec as { layers?: { name?: string; electrical?: unknown }[] } | undefined;
  const shown = problem ?? error;

  return (
    <div data-testid="fit-device">
      <Form.Item
        label={t('fit.device.pick')}
        htmlFor="fit-device-select"
        extra={t('fit.device.pickHint')}
        validateStatus={shown ? 'error' : undefined}
        help={shown}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Select
            id="fit-device-select"
            showSearch={{ filterOption: false, onSearch: setTyped }}
            // the chosen entry by its name, whether or not the current search lists it
            labelInValue
            value={value?.id ? { value: `${value.from}:${value.id}`, label: value.label } : undefined}
            placeholder={t('fit.device.placeholder')}
            onChange={(k: { value: string; label: string }) => void pick(k.value)}
            options={options}
            loading={lists.isFetching}
            notFoundContent={lists.isFetching ? <Spin size="small" /> : t('fit.device.none')}
            style={{ width: '100%' }}
            data-testid="fit-device-select"
          />
          <Upload
            accept=".json,.xlsx,.zip,application/json"
            showUploadList={false}
            beforeUpload={(f) => {
              void readFile(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="fit-device-file">
              {t('fit.device.file')}
            </Button>
          </Upload>
        </Space.Compact>
      </Form.Item>
      {loading && <Spin size="small" />}
      {value && spec && (
        <Descriptions
          size="small"
          column={1}
          data-testid="fit-device-chosen"
          items={[
            {
              key: 'name',
              label: t('fit.device.name'),
              children: (
                <Space wrap>
                  <Typography.Text strong data-testid="fit-device-name">
                    {deviceName(value.spec) || value.label}
                  </Typography.Text>
                  <Tag>{t(`fit.device.from.${value.from}`)}</Tag>
                </Space>
              ),
            },
            {
              key: 'layers',
              label: t('fit.device.layers'),
              children: (spec.layers ?? []).map((l, j) => (
                // the layers of the drift-diffusion domain are the ones a fit can change; a stack
                // is fixed while shown, and two layers may share a name, so the place is the key
                // biome-ignore lint/suspicious/noArrayIndexKey: the layer's place in the stack
                <Tag key={j} color={l.electrical ? 'blue' : undefined}>
                  {l.name || `#${j + 1}`}
                </Tag>
              )),
            },
          ]}
        />
      )}
      {value && <Alert type="info" showIcon className="form-hint" title={t('fit.device.electricalHint')} />}
    </div>
  );
}
