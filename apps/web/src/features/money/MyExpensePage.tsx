/** /hjlProject/hjlProjectApplyExpense/my (我的项目费用): the caller's sums and own project expenses. */
export { MyExpensePage as default } from './ExpensePage';
