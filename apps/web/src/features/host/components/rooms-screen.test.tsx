import type { AuditEntry, HostRoom } from '@ruthless/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { auditEntry, hostRoom, ROOM, tokenWith } from '@test/host';
import { RoomsScreen } from './rooms-screen';

// The console's rooms screen (/host): the rooms, the room form with its limits, upload and
// messages, and the audit of every room, read again after each action.

const HASHED = `/room-images/${'ab'.repeat(32)}.png`;

/** The server's side: its rooms and audit, changed by the host's actions. */
function serveRooms(initial: HostRoom[], routes: Record<string, ApiHandler> = {}) {
  const server = { rooms: [...initial], audit: [] as AuditEntry[] };
  const record = (action: string, room: HostRoom, statusCode = 201) =>
    server.audit.unshift(auditEntry({ action, roomUuid: room.roomUuid, roomName: room.name, statusCode }));
  const api = serveApi({
    'GET /api/host/rooms': () => ({ body: { rooms: server.rooms } }),
    'GET /api/host/audit': () => ({ body: { entries: server.audit } }),
    'POST /api/host/rooms': (call) => {
      const room = hostRoom({ ...(call.body as object), roomUuid: crypto.randomUUID() });
      server.rooms.push(room);
      record('POST /api/host/rooms', room);
      return { status: 201, body: room };
    },
    'PATCH /api/host/rooms/:roomUuid': (call, { roomUuid }) => {
      const room = hostRoom({
        ...server.rooms.find((r) => r.roomUuid === roomUuid),
        ...(call.body as object),
      });
      server.rooms = server.rooms.map((r) => (r.roomUuid === roomUuid ? room : r));
      record('PATCH /api/host/rooms/:roomUuid', room, 200);
      return { body: room };
    },
    'POST /api/host/rooms/:roomUuid/:verb': (_call, { roomUuid, verb }) => {
      const archivedAt = verb === 'archive' ? new Date().toISOString() : null;
      const room = hostRoom({ ...server.rooms.find((r) => r.roomUuid === roomUuid), archivedAt });
      server.rooms = server.rooms.map((r) => (r.roomUuid === roomUuid ? room : r));
      record(`POST /api/host/rooms/:roomUuid/${verb}`, room, 200);
      return { body: room };
    },
    'POST /api/host/room-images': () => ({ status: 201, body: { roomImage: HASHED } }),
    ...routes,
  });
  return { api, server };
}

const rooms = () => screen.getByRole('list', { name: 'Rooms' });
const roomCard = (name: string) =>
  within(rooms())
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;
const auditItems = () => within(screen.getByRole('list', { name: 'Host actions' })).getAllByRole('listitem');
const nameBox = (form: HTMLElement) => within(form).getByRole('textbox', { name: /^Name/ });

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('RoomsScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('lists every room with its games, edit and archive, an archived one to restore, and an empty audit', async () => {
    serveRooms([
      hostRoom(),
      hostRoom({
        roomUuid: crypto.randomUUID(),
        name: 'Old Gold',
        theme: 'GOLD',
        archivedAt: new Date().toISOString(),
      }),
    ]);
    renderWithApp(<RoomsScreen />, { path: '/host' });
    expect(screen.getByText('Loading rooms…')).toBeInTheDocument();

    const ruby = await waitFor(() => roomCard('Ruby Rush'));
    expect(screen.getByRole('heading', { name: 'Rooms', level: 1 })).toBeInTheDocument();
    expect(within(ruby).getByRole('link', { name: 'Games of Ruby Rush' })).toHaveAttribute(
      'href',
      `/host/rooms/${ROOM}`,
    );
    expect(within(ruby).getByText('red')).toBeInTheDocument();
    expect(within(ruby).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    const old = roomCard('Old Gold');
    expect(within(old).getByText('archived')).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(await screen.findByText('No host actions yet.')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says why the rooms could not be read', async () => {
    serveRooms([], {
      'GET /api/host/rooms': () => ({
        status: 403,
        body: { code: 'auth/forbidden', message: 'Hosts only.' },
      }),
    });
    renderWithApp(<RoomsScreen />, { path: '/host' });
    expect(await screen.findByText('Hosts only.')).toBeInTheDocument();
  });

  it('creates a room, then edits it: the audit names the room after each, newest first', async () => {
    const { api } = serveRooms([hostRoom()]);
    renderWithApp(<RoomsScreen />, { path: '/host' });
    await waitFor(() => roomCard('Ruby Rush'));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New room' }));
    const form = screen.getByRole('form', { name: 'New room' });
    expect(screen.getByRole('heading', { name: 'New room' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.type(nameBox(form), 'Friday Audit');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Theme' }), 'GOLD');
    await user.type(within(form).getByRole('textbox', { name: 'Image address' }), '/rooms/ruby-rush.svg');
    await user.click(within(form).getByRole('button', { name: 'Create room' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'New room' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/host/rooms')[0]!.body).toEqual({
      name: 'Friday Audit',
      theme: 'GOLD',
      roomImage: '/rooms/ruby-rush.svg',
    });
    expect(await screen.findByRole('link', { name: 'Games of Friday Audit' })).toBeInTheDocument();
    await waitFor(() => expect(auditItems()[0]).toHaveTextContent('Room created'));
    expect(auditItems()[0]).toHaveTextContent('Friday Audit');
    expect(auditItems()[0]).toHaveTextContent('host@ruthless.test');

    await user.click(within(roomCard('Friday Audit')).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit room' });
    expect(screen.getByRole('heading', { name: 'Edit Friday Audit' })).toBeInTheDocument();
    expect(nameBox(edit)).toHaveValue('Friday Audit');
    await user.clear(nameBox(edit));
    await user.type(nameBox(edit), 'Friday Audit 2');
    await user.click(within(edit).getByRole('button', { name: 'Save room' }));

    await waitFor(() => expect(auditItems()[0]).toHaveTextContent('Room edited'));
    expect(auditItems()[0]).toHaveTextContent('Friday Audit 2');
    expect(auditItems()[1]).toHaveTextContent('Room created');
    expect(api.calls.filter((call) => call.method === 'PATCH')[0]!.body).toMatchObject({
      name: 'Friday Audit 2',
    });
    expect(await screen.findByRole('link', { name: 'Games of Friday Audit 2' })).toBeInTheDocument();
  });

  it('says the name’s limit as it is typed, and cuts a longer name at 40', async () => {
    serveRooms([]);
    renderWithApp(<RoomsScreen />, { path: '/host' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New room' }));
    const form = screen.getByRole('form', { name: 'New room' });
    const name = nameBox(form);

    await user.type(name, 'Friday');
    expect(within(form).getByText('6/40 characters', { exact: true })).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('6/40 characters');

    await user.clear(name);
    await user.click(name);
    await user.paste('The Very Long Friday Night Ruthless Bingo Spectacular');
    expect(name).toHaveValue('The Very Long Friday Night Ruthless Bing');
    expect(within(form).getByText('40/40 characters: room names are at most 40')).toBeInTheDocument();
  });

  it('uploads an image: its hashed address fills the field and the preview shows it', async () => {
    const { api } = serveRooms([]);
    renderWithApp(<RoomsScreen />, { path: '/host' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New room' }));
    const form = screen.getByRole('form', { name: 'New room' });

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'room.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText(/^Image file/), file);

    const address = within(form).getByRole('textbox', { name: 'Image address' });
    await waitFor(() => expect(address).toHaveValue(HASHED));
    expect(within(form).getByRole('img', { name: 'Room image preview' })).toHaveAttribute('src', HASHED);
    expect(within(form).getByRole('figure')).toHaveTextContent(HASHED);
    const upload = api.callsTo('POST', '/api/host/room-images')[0]!;
    expect(upload.headers.get('content-type')).toBe('application/octet-stream');
    await expectNoAxeViolations();
  });

  it('says what the server refused in an upload, in the form', async () => {
    serveRooms([], {
      'POST /api/host/room-images': () => ({
        status: 415,
        body: {
          code: 'host/room-image-type',
          message: 'The room image must be a PNG, JPEG or WebP picture.',
        },
      }),
    });
    renderWithApp(<RoomsScreen />, { path: '/host' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New room' }));
    const form = screen.getByRole('form', { name: 'New room' });
    const setup = new File([new Uint8Array([77, 90, 0, 0])], 'setup.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText(/^Image file/), setup);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The room image must be a PNG, JPEG or WebP picture.',
    );
    expect(within(form).getByRole('textbox', { name: 'Image address' })).toHaveValue('');
  });

  it('archives a room only once confirmed, and restores it', async () => {
    const { api } = serveRooms([hostRoom()]);
    renderWithApp(<RoomsScreen />, { path: '/host' });
    const user = userEvent.setup();
    await waitFor(() => roomCard('Ruby Rush'));

    await user.click(within(roomCard('Ruby Rush')).getByRole('button', { name: 'Archive' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Archive Ruby Rush?' });
    expect(confirm).toHaveTextContent(
      'The room leaves the lobby. Its games stay, with their results; you can restore it later.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Archive room' }));
    await waitFor(() => expect(within(roomCard('Ruby Rush')).getByText('archived')).toBeInTheDocument());
    expect(api.callsTo('POST', `/api/host/rooms/${ROOM}/archive`)).toHaveLength(1);

    await user.click(within(roomCard('Ruby Rush')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(within(roomCard('Ruby Rush')).queryByText('archived')).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST', `/api/host/rooms/${ROOM}/restore`)).toHaveLength(1);
    await waitFor(() => expect(auditItems()[0]).toHaveTextContent('Room restored'));
    expect(auditItems()[1]).toHaveTextContent('Room archived');
  });
});
