export { Button, LinkButton, type ButtonProps, type LinkButtonProps, type ButtonVariant } from './button';
