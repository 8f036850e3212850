/** /finance/hjlApplyExpense/my (我的报销): the caller's own claims with their statistics. */
import { MyClaimPage } from './ClaimPage';

export default MyClaimPage;
