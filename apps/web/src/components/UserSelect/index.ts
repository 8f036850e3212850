export { UserSelect, type UserSelectProps } from './UserSelect';
