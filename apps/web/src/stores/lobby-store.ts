import { create } from 'zustand';

interface LobbyState {
  /** The room in the carousel's centre; kept while the player visits other screens. */
  selectedRoomUuid: string | null;
  selectRoom: (roomUuid: string) => void;
}

export const useLobbyStore = create<LobbyState>()((set) => ({
  selectedRoomUuid: null,
  selectRoom: (selectedRoomUuid) => set({ selectedRoomUuid }),
}));
