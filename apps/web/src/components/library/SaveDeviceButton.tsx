import { SaveOutlined } from '@ant-design/icons';
import type { Device, DeviceSpec } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { libKeys, libraryApi } from '../../api/library';
import { libraryRoute } from '../../lib/library';
import { ReferenceFields, type ReferenceValues, referenceBody } from './ReferenceFields';

export interface SaveDeviceButtonProps {
  /** Save the input of one of the caller's calculations (result pages). */
  calcId?: number;
  /** Or save this DeviceSpec (editor pages). */
  spec?: DeviceSpec | unknown;
  /** Name proposed in the dialog. */
  defaultName?: string;
  defaultDescription?: string;
  /** Called with the saved device. */
  onSaved?: (device: Device) => void;
  buttonProps?: ButtonProps;
  /** Overrides the button text (default: "save to device library"). */
  label?: string;
}

interface Values extends ReferenceValues {
  name: string;
  description?: string;
}

/**
 * Saves a device into the caller's personal library (/sys/device/save) after asking for a name,
 * a description, its references (DOIs) and notes. Give it `calcId` on a result page, or `spec` in
 * an editor.
 */
export function SaveDeviceButton({
  calcId,
  spec,
  defaultName,
  defaultDescription,
  onSaved,
  buttonProps,
  label,
}: SaveDeviceButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Device | null>(null);
  const disabled = calcId === undefined && spec === undefined;

  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const { references, notes } = referenceBody(v);
      const device = await libraryApi.saveDevice({
        name: v.name.trim(),
        ...(v.description?.trim() ? { description: v.description.trim() } : {}),
        ...(references.length ? { references } : {}),
        ...(notes ? { notes } : {}),
        ...(calcId !== undefined ? { calcId } : { spec }),
      });
      await qc.invalidateQueries({ queryKey: libKeys.devices });
      setSaved(device);
      onSaved?.(device);
    } catch (e) {
      message.error(t('library.save.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setOpen(false);
    setSaved(null);
  };

  return (
    <>
      <Button
        icon={<SaveOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="save-device"
        {...buttonProps}
      >
        {label ?? t('library.save.button')}
      </Button>
      <Modal
        open={open}
        title={t('library.save.title')}
        onCancel={close}
        destroyOnHidden
        footer={
          saved
            ? [
                <Button key="close" onClick={close} data-testid="save-device-close">
                  {t('library.save.close')}
                </Button>,
                <Button
                  key="view"
                  type="primary"
                  data-testid="save-device-view"
                  onClick={() => {
                    close();
                    navigate(libraryRoute(saved.kind, true));
                  }}
                >
                  {t('library.save.view')}
                </Button>,
              ]
            : [
                <Button key="cancel" onClick={close}>
                  {t('common.cancel')}
                </Button>,
                <Button key="ok" type="primary" loading={busy} onClick={onOk} data-testid="save-device-ok">
                  {t('common.save')}
                </Button>,
              ]
        }
      >
        {saved ? (
          <div data-testid="save-device-done">
            <Typography.Paragraph>{t('library.save.success', { name: saved.name })}</Typography.Paragraph>
            <Typography.Text code copyable={{ text: saved.id }} data-testid="save-device-id">
              {saved.id}
            </Typography.Text>
          </div>
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            name="save-device"
            preserve={false}
            initialValues={{ name: defaultName ?? '', description: defaultDescription ?? '' }}
          >
            <Form.Item
              name="name"
              label={t('library.save.name')}
              rules={[
                { required: true, whitespace: true, message: t('library.save.nameRequired') },
                { max: 100, message: t('library.save.nameMax') },
              ]}
            >
              <Input maxLength={100} data-testid="save-device-name" autoFocus />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('library.save.description')}
              rules={[{ max: 2000, message: t('library.save.descMax') }]}
            >
              <Input.TextArea rows={3} data-testid="save-device-description" />
            </Form.Item>
            <ReferenceFields />
          </Form>
        )}
      </Modal>
    </>
  );
}

export default SaveDeviceButton;
