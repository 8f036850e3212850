/**
 * The staff file page (BUSINESS.md WP6): HR opens a person's file by the person, changes a field, shares a
 * company certificate and sees the refusal of an expired one; a person without a file gets an empty one to fill;
 * a staff member opens their own (我的档案) and changes only the contact fields, with only the tabs they may list.
 * And 人事统计 draws its four charts.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, tokenAnswer, type Call } from '../../test/http';

const page = (records: object[] = []) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const menu = (codes: string[]) => [
  {
    id: '1',
    parentId: '0',
    code: 'hr_mgmt',
    name: '人事管理',
    path: '/hr',
    children: codes.map((code, i) => ({ id: String(10 + i), parentId: '1', code, name: code, path: `/hr/${code}` })),
  },
];
const HR_MENUS = menu(['staff_file', 'user_education', 'user_work_his', 'user_home_info', 'user_certificate', 'work_contract', 'user_social_security']);
const HR_CODES = [
  'staff_file_add',
  'staff_file_edit',
  'user_education_add',
  'user_certificate_share',
  'user_certificate_cancel_share',
  'user_certificate_export',
];
const FILE = {
  id: '501',
  userId: '7',
  userName: '张伟',
  idCard: '320105199001011231',
  entryDate: '2015-07-10',
  nativePlace: '安徽合肥',
  politicalStatus: 1,
  address: '南京市鼓楼区',
  emergencyContact: '张丽',
};
const CERTS = [
  { id: '71', userId: '7', certName: '一级造价工程师注册证书', certType: 1, certNum: 'A1', affiliation: 1, isShare: 0, expireDate: '2025-01-01' },
  { id: '72', userId: '7', certName: '咨询工程师(投资)登记证书', certType: 5, certNum: 'A2', affiliation: 1, isShare: 1, expireDate: '2029-01-01' },
  { id: '73', userId: '7', certName: '高级工程师职称证书', certType: 6, certNum: 'A3', affiliation: 2, isShare: 0, expireDate: '2035-01-01' },
];

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: false };
});

async function open(opts: { menus: object[]; codes: string[]; path: string; userId?: string; answer?: (c: Call) => ReturnType<typeof ok> | undefined }) {
  vi.resetModules();
  await import('../../app/i18n');
  const session = await import('../../app/session');
  session.saveTokens({ ...tokenAnswer(), user_id: opts.userId ?? '1' });
  session.saveAccess(opts.menus as never, opts.codes);
  const http = mockFetch((c) => {
    const own = opts.answer?.(c);
    if (own) return own;
    if (c.path === '/api/business/bladeUser/detail') return ok(FILE);
    if (c.path === '/api/business/hjlUserCertificate/list') return ok(page(CERTS));
    if (c.path.startsWith('/api/business/') && c.path.endsWith('/list')) return ok(page());
    if (c.path === '/api/blade-system/dict-biz/dictionary' || c.path === '/api/blade-system/dict/dictionary') return ok([]);
    return undefined;
  });
  const { default: StaffFilePage, MyFilePage } = await import('./StaffFilePage');
  const { Providers } = await import('../../app/providers');
  const { QueryClient } = await import('@tanstack/react-query');
  const router = createMemoryRouter(
    [
      { path: '/hr/bladeUser/detail/:userId', element: <StaffFilePage /> },
      { path: '/hr/myFile', element: <MyFilePage /> },
    ],
    { initialEntries: [opts.path] },
  );
  render(
    <Providers client={new QueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

const input = (name: string) => screen.getByTestId(`staff-file-${name}`) as HTMLInputElement;

describe('the staff file page', () => {
  it('HR opens a person’s file by the person, with every tab, and saves a changed field', async () => {
    const http = await open({
      menus: HR_MENUS,
      codes: HR_CODES,
      path: '/hr/bladeUser/detail/7',
      answer: (c) => (c.path === '/api/business/bladeUser/submit' ? ok({ id: '501' }) : undefined),
    });
    await waitFor(() => expect(screen.getByTestId('staff-file-name').textContent).toBe('员工档案 · 张伟'));
    expect(http.calls.find((c) => c.path === '/api/business/bladeUser/detail')!.query.get('userId')).toBe('7');
    for (const tab of ['basic', 'user_education', 'user_work_his', 'user_home_info', 'user_certificate', 'work_contract', 'user_social_security'])
      expect(screen.getByTestId(`staff-file-tab-${tab}`)).toBeTruthy();
    await waitFor(() => expect(input('nativePlace').value).toBe('安徽合肥'));
    expect(input('idCard').disabled).toBe(false);
    fireEvent.change(input('nativePlace'), { target: { value: '安徽芜湖' } });
    fireEvent.click(screen.getByTestId('staff-file-save'));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/business/bladeUser/submit')).toBe(true));
    const body = http.calls.find((c) => c.path === '/api/business/bladeUser/submit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: '501', userId: '7', nativePlace: '安徽芜湖', idCard: '320105199001011231', entryDate: '2015-07-10' });
  }, 60_000);

  it('shares a company certificate, cancels a shared one, shows the refusal of an expired one; a personal one has neither', async () => {
    const http = await open({
      menus: HR_MENUS,
      codes: HR_CODES,
      path: '/hr/bladeUser/detail/7',
      answer: (c) => {
        if (c.path === '/api/business/hjlUserCertificate/share') return fail(400, '证书已过期,不能共享');
        if (c.path === '/api/business/hjlUserCertificate/cancel-share') return ok(null);
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('staff-file-tab-user_certificate'));
    fireEvent.click(await screen.findByTestId('cert-share-71'));
    await screen.findByText('证书已过期,不能共享');
    expect(http.calls.find((c) => c.path === '/api/business/hjlUserCertificate/share')!.query.get('ids')).toBe('71');
    // The list asked is the person's.
    expect(http.calls.find((c) => c.path === '/api/business/hjlUserCertificate/list')!.query.get('userId')).toBe('7');
    expect(screen.queryByTestId('cert-share-73')).toBeNull();
    expect(screen.queryByTestId('cert-cancel-share-73')).toBeNull();
    fireEvent.click(screen.getByTestId('cert-cancel-share-72'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(http.calls.find((c) => c.path === '/api/business/hjlUserCertificate/cancel-share')?.query.get('ids')).toBe('72'));
  }, 60_000);

  it('a person without a file gets an empty one to fill; saving creates it', async () => {
    const http = await open({
      menus: HR_MENUS,
      codes: HR_CODES,
      path: '/hr/bladeUser/detail/9',
      answer: (c) => {
        if (c.path === '/api/business/bladeUser/detail') return ok({ userId: '9', userName: '吴芳' });
        if (c.path === '/api/business/bladeUser/submit') return ok({ id: '502' });
        return undefined;
      },
    });
    await screen.findByTestId('staff-file-empty');
    expect(screen.getByTestId('staff-file-name').textContent).toBe('员工档案 · 吴芳');
    fireEvent.change(input('nativePlace'), { target: { value: '江苏镇江' } });
    fireEvent.click(screen.getByTestId('staff-file-save'));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/business/bladeUser/submit')).toBe(true));
    const body = http.calls.find((c) => c.path === '/api/business/bladeUser/submit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ userId: '9', nativePlace: '江苏镇江' });
    expect(body.id).toBeUndefined();
  }, 60_000);

  it('我的档案: a staff member’s own file, only the contact fields editable, only the tabs they may list', async () => {
    const http = await open({
      menus: menu(['staff_file', 'user_education', 'user_home_info', 'staff_file_my']),
      codes: ['staff_file_edit', 'staff_file_view', 'user_education_add', 'user_home_info_add'],
      path: '/hr/myFile',
      userId: '7',
      answer: (c) => (c.path === '/api/business/bladeUser/submit' ? ok({ id: '501' }) : undefined),
    });
    await waitFor(() => expect(input('address').value).toBe('南京市鼓楼区'));
    expect(http.calls.find((c) => c.path === '/api/business/bladeUser/detail')!.query.get('userId')).toBe('7');
    expect(screen.getByTestId('staff-file-self-hint')).toBeTruthy();
    expect(input('idCard').disabled).toBe(true);
    expect(input('nativePlace').disabled).toBe(true);
    expect(input('address').disabled).toBe(false);
    const tabs = [...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);
    expect(tabs).toEqual(['基本信息', '教育经历', '家庭成员']);
    expect(screen.queryByTestId('staff-file-tab-user_certificate')).toBeNull();
    fireEvent.change(input('address'), { target: { value: '南京市玄武区' } });
    fireEvent.click(screen.getByTestId('staff-file-save'));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/business/bladeUser/submit')).toBe(true));
    const body = http.calls.find((c) => c.path === '/api/business/bladeUser/submit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: '501', userId: '7', address: '南京市玄武区' });
    // Only the fields a staff member may change are sent.
    expect(Object.keys(body).sort()).toEqual(['address', 'emergencyContact', 'emergencyPhone', 'emergencyRelation', 'id', 'personalEmail', 'userId']);
    // Nobody else's records were asked for.
    expect(http.calls.filter((c) => c.path.includes('hjlUserCertificate') || c.path.includes('hjlWorkContract'))).toEqual([]);
  }, 60_000);
});

describe('人事统计', () => {
  it('draws highest degrees, certificates, people by department and age band', async () => {
    vi.resetModules();
    await import('../../app/i18n');
    const session = await import('../../app/session');
    session.saveTokens(tokenAnswer());
    session.saveAccess(HR_MENUS as never, []);
    const chart = (title: string, categories: string[]) => ({ kind: 'bar', title, categories, series: [{ name: '人数', data: categories.map(() => 2) }] });
    mockFetch((c) =>
      c.path === '/api/business/report/hr'
        ? ok({
            highestDegree: { ...chart('最高学历分布', ['本科', '硕士']), kind: 'pie' },
            certificateCount: chart('证书统计', ['一级造价工程师']),
            byDept: chart('部门人数', ['造价部']),
            byAge: { ...chart('年龄分布', ['25-34岁']), kind: 'pie' },
          })
        : undefined,
    );
    const { default: HrReportPage } = await import('./HrReportPage');
    const { Providers } = await import('../../app/providers');
    const { QueryClient } = await import('@tanstack/react-query');
    render(
      <Providers client={new QueryClient()}>
        <HrReportPage />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('hr-report-highestDegree').querySelector('.ant-skeleton')).toBeNull());
    const titles: [string, string][] = [
      ['highestDegree', '最高学历分布'],
      ['certificateCount', '证书统计'],
      ['byDept', '部门人数'],
      ['byAge', '年龄分布'],
    ];
    for (const [key, title] of titles) expect(within(screen.getByTestId(`hr-report-${key}`)).getByText(title)).toBeTruthy();
  }, 60_000);
});
