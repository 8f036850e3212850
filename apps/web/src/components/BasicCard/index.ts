export { BasicCard, type BasicCardProps } from './BasicCard';
