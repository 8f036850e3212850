export { RegionSelect, regionChildrenQuery, type RegionSelectProps } from './RegionSelect';
