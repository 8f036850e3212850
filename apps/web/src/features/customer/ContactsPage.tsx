import { ContactsPage } from './ChildPages';

export default ContactsPage;
