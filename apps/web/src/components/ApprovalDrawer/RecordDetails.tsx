/**
 * A record of an entity definition, read only: its form fields as label and value (dictionary labels, display
 * names of references, amounts with 大写, attachments), for the 基本信息 tab of the approval detail drawer.
 */
import { detailFields, dictKeyOf, shownValue, type EntityDef } from '@hjl/core';
import { Descriptions } from 'antd';
import { useMemo } from 'react';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { usePhone } from '../../app/layout/screen';
import { Attachments, type FileItem } from '../Attachments';
import { displayValue } from '../CrudPage/fields';
import { MoneyText } from '../MoneyText';

export interface RecordDetailsProps {
  def: EntityDef;
  record: Record<string, unknown>;
  testId?: string;
}

// The fields and values a detail shows are core's: the printed approval sheet shows the same.
export { detailFields, shownValue };

export function RecordDetails({ def, record, testId = 'record-details' }: RecordDetailsProps) {
  const label = useLabel();
  const fields = useMemo(() => detailFields(def), [def]);
  const codes = useMemo(() => [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))], [fields]);
  const dicts = useDicts(codes);
  // A phone's screen has room for one field a row (S2 L88-89).
  const columns = usePhone() ? 1 : 2;
  return (
    <Descriptions bordered size="small" column={columns} data-testid={testId}>
      {fields.map(([name, field]) => {
        const value = shownValue(name, field, record);
        if (value === undefined && field.type === 'id' && !field.display) return null;
        const wide = field.type === 'files' || field.type === 'text' || field.form === 'textarea';
        return (
          <Descriptions.Item key={name} label={label(field.label)} span={wide ? columns : 1}>
            {field.type === 'money' ? (
              <MoneyText value={value as string | null} testId={`${testId}-${name}`} />
            ) : field.type === 'files' ? (
              <Attachments value={(value as FileItem[] | null) ?? []} mode="view" testId={`${testId}-${name}`} />
            ) : (
              <span data-testid={`${testId}-${name}`}>{displayValue(field, dicts[dictKeyOf(field)] ?? [], value)}</span>
            )}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
