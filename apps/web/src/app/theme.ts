import type { ThemeConfig } from 'antd';

/** Deep "silicon blue" with a solar amber accent; used sparingly, readable on projectors. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5fbf',
    colorInfo: '#1d5fbf',
    colorWarning: '#e8a317',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0b2545', siderBg: '#0b2545', headerPadding: '0 16px' },
    Menu: { darkItemBg: '#0b2545', darkSubMenuItemBg: '#081c36', darkItemSelectedBg: '#1d5fbf' },
  },
};
