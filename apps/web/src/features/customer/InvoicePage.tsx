import { InvoicePage } from './ChildPages';

export default InvoicePage;
