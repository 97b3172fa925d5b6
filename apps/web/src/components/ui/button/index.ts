export {
  Button,
  LinkButton,
  type ButtonProps,
  type LinkButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './button';
