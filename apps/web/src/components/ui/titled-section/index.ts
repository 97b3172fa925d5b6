export { TitledSection, type TitledSectionProps } from './titled-section';
