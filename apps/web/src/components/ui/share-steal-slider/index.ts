export {
  ShareIcon,
  ShareStealSlider,
  StealIcon,
  type Choice,
  type ShareStealSliderProps,
} from './share-steal-slider';
