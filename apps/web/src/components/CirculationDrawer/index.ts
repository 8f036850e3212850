export {
  CirculationDrawer,
  CurrentNodes,
  currentNodes,
  useFlowHistory,
  CIRCULATION_TITLE,
  DRAWER_WIDTH,
  type CirculationDrawerProps,
} from './CirculationDrawer';
