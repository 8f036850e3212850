/**
 * 启用 / 停用 of a design catalogue record (category, condition, button): `POST <api>/changeStatus?ids=&status=`
 * (code `<name>_edit`); the entity framework keeps `status` out of submit bodies.
 */
import { permissionCodes, type EntityDef } from '@hjl/core';
import { App, Button, Tag } from 'antd';
import { Permit } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { changeStatus } from '../api';

const ENABLED = 1;

export function StatusTag({ status }: { status: unknown }) {
  const label = useLabel();
  return Number(status) === ENABLED ? <Tag color="green">{label({ zh: '启用', en: 'Enabled' })}</Tag> : <Tag>{label({ zh: '停用', en: 'Disabled' })}</Tag>;
}

export function StatusAction({ def, row, onDone }: { def: EntityDef; row: { id: string; status?: unknown }; onDone: () => unknown }) {
  const label = useLabel();
  const { message } = App.useApp();
  const enabled = Number(row.status) === ENABLED;
  const toggle = async () => {
    await changeStatus(def, row.id, enabled ? 2 : 1);
    void message.success(label(enabled ? { zh: '已停用', en: 'Disabled' } : { zh: '已启用', en: 'Enabled' }));
    await onDone();
  };
  return (
    <Permit code={permissionCodes(def).edit}>
      <Button
        type="link"
        size="small"
        onClick={() => void toggle().catch(() => undefined /* the API client has shown the refusal */)}
        data-testid={`${def.name}-row-status-${row.id}`}
      >
        {label(enabled ? { zh: '停用', en: 'Disable' } : { zh: '启用', en: 'Enable' })}
      </Button>
    </Permit>
  );
}

/** The 状态 column of a catalogue list. */
export const statusColumn = (title: string) => ({ key: 'status', dataIndex: 'status', title, width: 90, render: (v: unknown) => <StatusTag status={v} /> });
