import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { UI_TIMING } from '@pvforge/contracts';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollPositionAt } from '../lib/scroll';

/** Appears after 400 px of scrolling and returns to the top in 450 ms (spec §2, §9). */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > UI_TIMING.backToTopThresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame.current);
    };
  }, []);

  const scrollUp = () => {
    const from = window.scrollY;
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = now - start;
      window.scrollTo(0, scrollPositionAt(from, elapsed, UI_TIMING.backToTopScrollMs));
      if (elapsed < UI_TIMING.backToTopScrollMs) frame.current = requestAnimationFrame(step);
    };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(step);
  };

  if (!visible) return null;
  return (
    <Button
      className="back-to-top"
      shape="circle"
      size="large"
      type="primary"
      icon={<VerticalAlignTopOutlined />}
      aria-label={t('common.backToTop')}
      title={t('common.backToTop')}
      onClick={scrollUp}
      data-testid="back-to-top"
    />
  );
}
