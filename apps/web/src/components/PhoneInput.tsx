import { Input, type InputProps, Space } from 'antd';

/** A mainland mobile number with the fixed +86 prefix (spec §5: +86 only). */
export function PhoneInput(props: InputProps) {
  return (
    <Space.Compact block>
      <Space.Addon>+86</Space.Addon>
      <Input inputMode="tel" {...props} />
    </Space.Compact>
  );
}
