import { create } from 'zustand';

interface AuthFlowState {
  /**
   * A sign-in, sign-up or Google flow is under way: the session may already exist while the
   * operator registration is not done, so the login page must not judge the session yet.
   */
  isBusy: boolean;
  setBusy: (isBusy: boolean) => void;
}

export const useAuthFlowStore = create<AuthFlowState>()((set) => ({
  isBusy: false,
  setBusy: (isBusy) => set({ isBusy }),
}));
