import { ChancePage } from './ChildPages';

export default ChancePage;
