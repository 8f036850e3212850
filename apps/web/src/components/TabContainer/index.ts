export { TabContainer, BACK_TAB, type ContainerTab, type TabContainerProps } from './TabContainer';
