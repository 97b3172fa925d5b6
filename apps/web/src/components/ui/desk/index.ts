export { DeskTheme, useDesk } from './desk';
