/**
 * The field list of the form designer: one row per field in form order. Rows are dragged to a new place (HTML5
 * drag and drop) or moved with the 上移 / 下移 buttons (keyboard); edit opens the side form, delete removes.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { FORM_COLUMN_TYPE, type FormColumn } from '@hjl/core';
import { Button, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useLabel } from '../../../../app/i18n';
import { FORMAT_LABELS, MODEL_PATHS, moveColumn, typeLabel } from './columns';

export interface FieldTableProps {
  columns: FormColumn[];
  onChange: (columns: FormColumn[]) => void;
  onEdit: (index: number) => void;
}

export function FieldTable({ columns, onChange, onEdit }: FieldTableProps) {
  const label = useLabel();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = (from: number, to: number) => onChange(moveColumn(columns, from, to));
  const yes = (v: 0 | 1) => (v ? <Tag color="blue">{label({ zh: '是', en: 'Yes' })}</Tag> : <Tag>{label({ zh: '否', en: 'No' })}</Tag>);

  const tableColumns: TableColumnsType<FormColumn> = [
    { key: 'drag', width: 36, render: () => <HolderOutlined style={{ cursor: 'grab' }} aria-hidden /> },
    { key: 'columnDescribe', dataIndex: 'columnDescribe', title: label({ zh: '字段描述', en: 'Label' }) },
    { key: 'columnName', dataIndex: 'columnName', title: label({ zh: '字段名', en: 'Name' }) },
    { key: 'columnType', dataIndex: 'columnType', title: label({ zh: '类型', en: 'Type' }), render: (v: number) => label(typeLabel(v)) },
    {
      key: 'source',
      title: label({ zh: '字典 / 来源 / 格式', en: 'Dictionary / source / format' }),
      render: (_, c) =>
        c.dictTag ??
        (c.columnType === FORM_COLUMN_TYPE.tree
          ? label(MODEL_PATHS.find((m) => m.value === c.modelPath)?.label ?? { zh: '', en: '' })
          : c.format
            ? label(FORMAT_LABELS[c.format])
            : ''),
    },
    { key: 'isRequired', dataIndex: 'isRequired', title: label({ zh: '必填', en: 'Required' }), render: yes },
    { key: 'isShowList', dataIndex: 'isShowList', title: label({ zh: '列表显示', en: 'In lists' }), render: yes },
    { key: 'isCondition', dataIndex: 'isCondition', title: label({ zh: '搜索条件', en: 'Searchable' }), render: yes },
    {
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      width: 170,
      render: (_, c, i) => (
        <>
          <Tooltip title={label({ zh: '上移', en: 'Up' })}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={label({ zh: '上移', en: 'Up' })}
              data-testid={`field-up-${c.columnName}`}
            />
          </Tooltip>
          <Tooltip title={label({ zh: '下移', en: 'Down' })}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === columns.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={label({ zh: '下移', en: 'Down' })}
              data-testid={`field-down-${c.columnName}`}
            />
          </Tooltip>
          <Tooltip title={label({ zh: '编辑', en: 'Edit' })}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              onClick={() => onEdit(i)}
              aria-label={label({ zh: '编辑', en: 'Edit' })}
              data-testid={`field-edit-${c.columnName}`}
            />
          </Tooltip>
          <Tooltip title={label({ zh: '删除', en: 'Delete' })}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange(columns.filter((_, j) => j !== i))}
              aria-label={label({ zh: '删除', en: 'Delete' })}
              data-testid={`field-delete-${c.columnName}`}
            />
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <Table<FormColumn>
      rowKey="columnName"
      size="small"
      pagination={false}
      columns={tableColumns}
      dataSource={columns}
      locale={{ emptyText: label({ zh: '还没有字段,点击「新增字段」', en: 'No fields yet' }) }}
      onRow={(c, index) =>
        ({
          draggable: true,
          'data-testid': `field-row-${c.columnName}`,
          style: over === index && dragging !== null && dragging !== index ? { outline: '2px dashed #1677ff' } : undefined,
          onDragStart: (e) => {
            setDragging(index!);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', c.columnName);
          },
          onDragOver: (e) => {
            e.preventDefault();
            setOver(index!);
          },
          onDrop: (e) => {
            e.preventDefault();
            if (dragging !== null) move(dragging, index!);
            setDragging(null);
            setOver(null);
          },
          onDragEnd: () => {
            setDragging(null);
            setOver(null);
          },
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
