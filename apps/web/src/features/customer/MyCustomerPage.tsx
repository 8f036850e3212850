/**
 * /marketing/hjlCustomer/my: 我的客户, the customers the caller owns (GET hjlCustomer/my). The owner is fixed
 * to the caller, so new customers here are theirs and the export holds only theirs too.
 */
import { useSession } from '../../app/session';
import { MY_CUSTOMERS_URL } from './api';
import { CustomerList } from './CustomerPage';

export default function MyCustomerPage() {
  const userId = useSession()?.user.user_id ?? '';
  return <CustomerList listUrl={MY_CUSTOMERS_URL} fixed={{ ownerUser: userId }} />;
}
