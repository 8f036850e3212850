/** The 搜索 / 清空 pair every search form ends with: 搜索 submits the form, 清空 empties it and searches again. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

export function SearchActions({ form, onReset, testId }: { form: FormInstance; onReset: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-submit`}>
        {t('crud.search')}
      </Button>
      <Button
        icon={<DeleteOutlined />}
        data-testid={`${testId}-reset`}
        onClick={() => {
          form.resetFields();
          onReset();
        }}
      >
        {t('crud.reset')}
      </Button>
    </Space>
  );
}
