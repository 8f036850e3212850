export { registerRefControl, refControlOf, type RefControl, type RefControlProps } from './RefControl';
