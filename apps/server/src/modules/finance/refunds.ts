/** 退款申请 (BUSINESS.md WP4): approved, it waits for its payment (a payment record with the refundMakePay process). */
import { applyRefundEntity } from '@hjl/core';
import type { Applications } from './application.ts';
import { applyRefunds } from './schema.ts';

export function registerRefunds(a: Applications) {
  a.kit.register(applyRefundEntity, applyRefunds, a.options(applyRefundEntity, applyRefunds, 'refundAmount'));
}
