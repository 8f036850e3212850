/**
 * 员工档案 (/hr/bladeUser): the staff files with search and Excel export (CrudPage), each row's 档案 opening the
 * person's file page; 按员工查看档案 opens anybody's file by choosing the person (an empty one to fill when they have
 * none yet). The certificate list (/hr/hjlUserCertificate) with 共享 / 取消共享 is CertificateList.
 */
import { FolderOpenOutlined } from '@ant-design/icons';
import { staffFileEntity } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGranted } from '../../app/auth';
import { CrudPage } from '../../components/CrudPage';
import { UserPicker } from '../../components/UserPicker';

/** The file page of a person. */
export const staffFilePath = (userId: string) => `${staffFileEntity.path}/detail/${userId}`;

export default function StaffFileListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const granted = useGranted();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <CrudPage
        def={staffFileEntity}
        actionWidth={220}
        toolbar={() =>
          granted(`${staffFileEntity.name}_add`) && (
            <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(true)} data-testid="staff-file-pick">
              {t('hr.openOf')}
            </Button>
          )
        }
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => navigate(staffFilePath(String(row.userId)))} data-testid={`staff-file-open-${String(row.userId)}`}>
            {t('hr.open')}
          </Button>
        )}
      />
      <UserPicker
        open={picking}
        multiple={false}
        onClose={() => setPicking(false)}
        onConfirm={([user]) => {
          setPicking(false);
          if (user) navigate(staffFilePath(user.id));
        }}
      />
    </>
  );
}

export { CertificateList as CertificatePage } from './StaffFilePage';
