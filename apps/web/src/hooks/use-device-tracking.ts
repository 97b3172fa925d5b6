import { useEffect } from 'react';
import { useClientStore, type DeviceOrientation, type DeviceType } from '@/stores/client-store';

const landscapeQuery = '(orientation: landscape)';
// SPEC.md §9: the mobile breakpoint is max-width 1024px; a coarse pointer catches phones held sideways.
const mobileQuery = '(max-width: 1024px), (pointer: coarse)';

/** Keeps the client store's device orientation and type in step with the screen. */
export function useDeviceTracking(): void {
  const setDevice = useClientStore((state) => state.setDevice);

  useEffect(() => {
    const landscape = window.matchMedia(landscapeQuery);
    const mobile = window.matchMedia(mobileQuery);
    const update = () => {
      const orientation: DeviceOrientation = landscape.matches ? 'landscape' : 'portrait';
      const type: DeviceType = mobile.matches ? 'mobile' : 'desktop';
      setDevice({ orientation, type });
    };
    update();
    landscape.addEventListener('change', update);
    mobile.addEventListener('change', update);
    return () => {
      landscape.removeEventListener('change', update);
      mobile.removeEventListener('change', update);
    };
  }, [setDevice]);
}
