/**
 * What other modules may use of the statistics module (the only file of it they import): the registry a
 * business module registers its workbench statistics on.
 */
export { StatisticsRegistry, type Statistic, type StatisticAnswer, type StatisticsBoard } from './registry.ts';
