export { toastFormErrors } from './form-errors-toast';
