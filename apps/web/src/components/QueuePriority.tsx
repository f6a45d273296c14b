import { CHARGED_FEATURES } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeApi } from '../api/finance';

/**
 * The "queue priority" choice of a calculation form (a charged feature, docs/finance.md), with its
 * current price; the server checks the balance and charges when the calculation is queued.
 */
export function QueuePriority({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  const prices = useQuery({ queryKey: ['finance', 'prices'], queryFn: financeApi.prices, staleTime: 60_000 });
  const price = prices.data?.prices.find((p) => p.feature === CHARGED_FEATURES.queuePriority)?.priceYuan ?? 0;
  return (
    <Tooltip title={t('finance.priorityHelp')}>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="queue-priority">
        {price > 0 ? t('finance.priorityPriced', { price: price.toFixed(2) }) : t('finance.priority')}
      </Checkbox>
    </Tooltip>
  );
}
