/** The theme picker: the 11 themes, the theme colour (default #409EFF) and the watermark switch. */
import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Drawer, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { DEFAULT_COLOR, setThemeColor, setThemeName, THEMES, useTheme } from '../theme';
import styles from './layout.module.css';
import { setWatermark, useWatermarkOn } from './watermark';

/** Preset colours offered next to the free choice. */
const PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'];

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { theme, color } = useTheme();
  const watermark = useWatermarkOn();

  return (
    <Drawer open={open} onClose={onClose} title={t('theme.title')} size={360} data-testid="theme-drawer">
      <Typography.Title level={5}>{t('theme.themes')}</Typography.Title>
      <div className={styles.themeGrid}>
        {THEMES.map((th) => (
          <button
            type="button"
            key={th.key}
            className={styles.themeCard}
            onClick={() => setThemeName(th.key)}
            aria-pressed={theme.key === th.key}
            data-testid={`theme-${th.key}`}
          >
            <span className={styles.themeSample}>
              <span style={{ background: th.siderBg }} />
              <span>
                <span style={{ background: th.headerBg }} />
                <span style={{ background: th.pageBg }} />
              </span>
              {theme.key === th.key && <CheckOutlined className={styles.themeCheck} />}
            </span>
            <span className={styles.themeName}>{label(th.label)}</span>
          </button>
        ))}
      </div>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('theme.color')}
      </Typography.Title>
      <Flex align="center" gap={12}>
        <ColorPicker
          value={color}
          disabledAlpha
          presets={[{ label: t('theme.presets'), colors: PRESETS }]}
          onChangeComplete={(c) => setThemeColor(c.toHexString())}
          showText
          data-testid="theme-color"
        />
        {color !== DEFAULT_COLOR && <Typography.Link onClick={() => setThemeColor(DEFAULT_COLOR)}>{t('theme.resetColor')}</Typography.Link>}
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('theme.watermark')}
      </Typography.Title>
      <Switch checked={watermark} onChange={setWatermark} data-testid="watermark-switch" />
    </Drawer>
  );
}
