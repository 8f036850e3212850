import { VisitPage } from './ChildPages';

export default VisitPage;
