export { decodeLogo, Logo } from './logo';
export type { LogoProps } from './logo';
