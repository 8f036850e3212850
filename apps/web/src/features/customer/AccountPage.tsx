import { AccountPage } from './ChildPages';

export default AccountPage;
