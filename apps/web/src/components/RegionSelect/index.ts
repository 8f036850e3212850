export { RegionSelect, type RegionSelectProps } from './RegionSelect';
export { regionChildrenQuery } from './api';
