import { Spin } from 'antd';

export function Loading({ tip, testid }: { tip?: string; testid?: string }) {
  return (
    <div className="center-fill" data-testid={testid}>
      <Spin size="large" />
      {tip && <div className="center-fill-tip">{tip}</div>}
    </div>
  );
}
