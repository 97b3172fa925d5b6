import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { signOut } from '@/lib/auth-client';
import { useClientStore } from '@/stores/client-store';

/**
 * The player's 'Logout' (the menu's and the profile's): ends the session, toasts 'Logged out
 * successfully.' and goes to the login page. The `logOffTime` event is sent by signOut.
 */
export function useLogOut(): { logOut: () => Promise<void>; isSigningOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setDrawerOpen = useClientStore((state) => state.setNavigationDrawerOpen);
  const [isSigningOut, setSigningOut] = useState(false);
  const logOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      toast.success('Logged out successfully.');
    } catch {
      toast.error('Something went wrong. Please try again.');
    } finally {
      setSigningOut(false);
      setDrawerOpen(false);
      queryClient.clear();
      void navigate('/login', { replace: true });
    }
  };
  return { logOut, isSigningOut };
}
