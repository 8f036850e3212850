/**
 * Approvals from a phone (issue 41 item 1; the spec's screen class 0, S2 L88-89): on a 375 × 812 touch screen 孙磊
 * (部门经理, an approver of the demo data) logs in, opens 待办事务 from the drawer menu (the sidebar is collapsed
 * into it), finds a 付款申请 and a 费用报销 task in the list of cards, reads each record — its fields, the claim's
 * lines, the flow history — and approves it with a comment, the payment with a photo attached and previewed; 转办's
 * dialog and its 人员选择 fit the screen too. No page
 * scrolls sideways, and the buttons are at least 44 px tall.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, login, openBrowser, openPath, PHONE, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser(PHONE));
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

/** How much wider than the screen the document and the page's own scroller are (0: no sideways scrolling). */
const overflow = () =>
  page.evaluate(() => {
    const doc = document.documentElement.scrollWidth - window.innerWidth;
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-testid="page-scroll"]')].filter((b) => b.offsetParent !== null);
    return Math.max(doc, ...boxes.map((b) => b.scrollWidth - b.clientWidth));
  });

/** How far the open dialogs reach past the screen's right edge, or scroll sideways inside (0: neither). */
const dialogOverflow = () =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLElement>('.ant-modal-content')]
        .filter((m) => m.offsetParent !== null)
        .flatMap((m) => [m.getBoundingClientRect().right - window.innerWidth, m.scrollWidth - m.clientWidth]),
    ),
  );

/** The height of the element, in CSS pixels. */
const heightOf = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())?.height ?? 0;

/** A 1 × 1 PNG: the photo an approver attaches on site. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cards = () => page.getByTestId('wf-cards').locator('[data-testid^="wf-cards-card-"]');

/** Searches the to-do cards by process name and opens the first card's task; answers the task's title. */
async function openTask(process: string, shot: string): Promise<string> {
  const search = page.getByTestId('wf-cards-search');
  const input = (await search.evaluate((e) => e.tagName)) === 'INPUT' ? search : search.locator('input');
  await input.fill(process);
  await input.press('Enter');
  await expect.poll(async () => (await cards().allInnerTexts()).every((t) => t.includes(process)) && (await cards().count()) > 0).toBe(true);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, shot);
  const card = cards().first();
  const title = (await card.locator('strong').first().innerText()).trim();
  await card.locator('[data-testid^="wf-handle-"]').tap();
  await expect.poll(() => page.getByTestId('wf-record').isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('wf-history').locator('.ant-timeline-item').count()).toBeGreaterThan(0);
  await screenshot(page, `${shot}-opened`);
  return title;
}

/** Approves the open task with a comment and comes back to the cards. */
async function approve(comment: string, shot: string) {
  await page.getByTestId('wf-comment').fill(comment);
  expect(await heightOf('wf-btn-wf_pass')).toBeGreaterThanOrEqual(44);
  expect(await heightOf('wf-btn-wf_reject')).toBeGreaterThanOrEqual(44);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').tap();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
}

describe('approvals from a phone', () => {
  it('the login page fits the phone', async () => {
    await openPath(page, '/login');
    await expect.poll(() => page.getByTestId('login-submit').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-01-login');
  });

  it('孙磊 opens 待办事务 from the drawer menu: cards, no sidebar, no sideways scrolling', async () => {
    await login(page, 'sunlei', '123456');
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await page.getByTestId('sidebar-toggle').tap();
    await expect.poll(() => page.getByTestId('menu-drawer').isVisible()).toBe(true);
    await screenshot(page, 'phone-02-menu');
    const entry = page.getByTestId('menu-drawer').getByRole('menuitem', { name: '待办事务' });
    if (!(await entry.isVisible())) await page.getByTestId('menu-drawer').getByRole('menuitem', { name: '流程管理' }).tap();
    await entry.tap();
    await page.waitForURL('**/workflow/process/todo');
    await expect.poll(() => page.getByTestId('menu-drawer').isVisible()).toBe(false);
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
    expect(await page.getByTestId('wf-table').count()).toBe(0);
    expect(await heightOf('sidebar-toggle')).toBeGreaterThanOrEqual(44);
    expect((await cards().first().locator('[data-testid^="wf-handle-"]').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-03-todo');
    // The notifications open within the screen.
    await page.getByTestId('notify-bell').tap();
    const popover = page.locator('.ant-popover:visible');
    await expect.poll(() => popover.count()).toBe(1);
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.getByTestId('notify-bell').tap(); // closed by the bell that opened it
    await expect.poll(() => popover.count()).toBe(0);
  });

  it('approves a payment (付款申请) with a comment, after reading its fields and history', async () => {
    const title = await openTask('付款申请', 'phone-04-todo-payments');
    const fields = await page.getByTestId('wf-record-fields').innerText();
    expect(fields).toContain('付款事由');
    expect(fields).toContain('收款人');
    // A photo from the site goes with the approval; 预览 opens it (an image: its own link) in a page of its own.
    await page.getByTestId('wf-approval-attachments').locator('input[type=file]').setInputFiles({ name: '工地照片.png', mimeType: 'image/png', buffer: PHOTO });
    await expect.poll(() => page.getByTestId('wf-approval-attachments-item').count()).toBe(1);
    expect(await heightOf('wf-approval-attachments-preview-0')).toBeGreaterThanOrEqual(44);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const popup = page.waitForEvent('popup');
    await page.getByTestId('wf-approval-attachments-preview-0').tap();
    const preview = await popup;
    await preview.waitForLoadState();
    expect(await preview.evaluate(() => document.images[0]?.naturalWidth)).toBe(1);
    await preview.close();
    await approve('同意付款(手机审批)', 'phone-05-payment-task');
    await openPath(page, '/workflow/process/todo');
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
    expect(await cards().filter({ hasText: title }).count()).toBe(0);
  });

  it('approves an expense claim (费用报销) with a comment, after reading its lines', async () => {
    const title = await openTask('费用报销', 'phone-06-todo-claims');
    await expect.poll(() => page.getByTestId('claim-lines-table').locator('[data-testid^="claim-line-"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('claim-lines-total').innerText()).toMatch(/\d+\.\d{2}/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // 转办 asks for the new assignee in a dialog, and 人员选择 lists the people: both within the screen (then left).
    await page.getByTestId('wf-comment').fill('请你来处理');
    await page.getByTestId('wf-btn-wf_transfer').tap();
    await expect.poll(() => page.getByTestId('wf-dialog-transfer').isVisible()).toBe(true);
    await page.getByTestId('wf-dialog-users').tap();
    const picker = page.locator('.ant-modal:visible', { hasText: '人员选择' });
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await dialogOverflow()).toBeLessThanOrEqual(0);
    await expect.poll(() => picker.evaluate((m) => m.getAnimations({ subtree: true }).length)).toBe(0); // opened, not fading in
    await screenshot(page, 'phone-07-transfer-picker');
    await picker.getByRole('button', { name: /取\s*消/ }).tap();
    await page
      .locator('.ant-modal:visible', { hasText: '转办' })
      .getByRole('button', { name: /取\s*消/ })
      .tap();
    await expect.poll(() => page.getByTestId('wf-dialog-transfer').count()).toBe(0);
    await approve('同意报销(手机审批)', 'phone-08-claim-task');
    await openPath(page, '/workflow/process/todo');
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
    expect(await cards().filter({ hasText: title }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
