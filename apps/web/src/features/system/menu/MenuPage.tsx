/**
 * /system/menu: the platform's menus and buttons as a tree table loaded one level at a time, with add /
 * 新增子项 / edit / delete; the form picks the category (菜单 / 按钮) and 新窗口 with radios and shows the icon.
 */
import { menuEntity } from '@hjl/core';
import { Radio, Space } from 'antd';
import { useDict } from '../../../app/dict';
import { MenuIcon } from '../../../app/layout/menuIcons';
import { TreeCrudPage } from '../../../components/CrudPage';
import { MENU_LAZY_URL, MENU_TREE_URL } from '../api';

export default function MenuPage() {
  const categories = useDict('menu_category');
  const windows = useDict('yes_no_open');
  const radios = (items: typeof categories, testId: string) => (
    <Radio.Group options={items.map((i) => ({ value: i.dictKey, label: i.dictValue }))} data-testid={testId} />
  );
  return (
    <TreeCrudPage
      def={menuEntity}
      lazyUrl={MENU_LAZY_URL}
      parentTreeUrl={MENU_TREE_URL}
      render={{
        source: (value) => (
          <Space size={6}>
            <MenuIcon name={value as string | undefined} />
            <span>{String(value ?? '')}</span>
          </Space>
        ),
      }}
      controls={{ category: radios(categories, 'menu-form-category'), isOpen: radios(windows, 'menu-form-isOpen') }}
    />
  );
}
