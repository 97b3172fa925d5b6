import { potMultiplier } from '@ruthless/game';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '@/lib/chat/chat-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { auditEntry, FakeShow, FakeSocket, GAME, hostGame, SEED, tokenWith } from '@test/host';
import { LiveScreen } from './live-screen';

// The live screen of the console (/host/games/:gameUuid): the game's state comes from its socket
// (a fake one here, pushing what the real rules engine folds), the controls call the host API.

const socketBox = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/socket', () => ({
  getSocket: () => socketBox.current,
  socketToListen: () => socketBox.current,
  getIdentifiedSocket: () => socketBox.current,
}));

let socket: FakeSocket;
let show: FakeShow;

/** The host API behind the live screen: the game, its (empty) chat and audit, plus `routes`. */
function serveLive(routes: Record<string, ApiHandler> = {}) {
  return serveApi({
    [`GET /api/host/games/:gameUuid`]: () => ({ body: hostGame({ state: show.state.stage }) }),
    [`GET /api/host/games/:gameUuid/chat`]: () => ({ body: { messages: [], mutedPlayers: [] } }),
    'GET /api/host/audit': () => ({ body: { entries: [] } }),
    ...routes,
  });
}

function renderLive() {
  return renderWithApp(<LiveScreen />, { path: `/host/games/${GAME}`, route: '/host/games/:gameUuid' });
}

/** The host API's end of the show: the game ends, as the server folds it. */
const endRoute: Record<string, ApiHandler> = {
  'POST /api/host/games/:gameUuid/end': () => {
    show.apply({ type: 'game-ended' });
    return { body: { ok: true } };
  },
};

/** The live screen of a show in its draw; the stage's figure, to follow it on. */
async function renderAtTheDraw() {
  renderLive();
  const stage = await screen.findByTestId('host-stage');
  await waitFor(() => expect(stage).toHaveTextContent('Draw'));
  return stage;
}

/** A strip figure: its label (the element before the value) and its value. */
function tile(testId: string) {
  const value = screen.getByTestId(testId);
  return { label: value.previousElementSibling, value };
}

const button = (name: string) => screen.getByRole('button', { name });

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('LiveScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    socket = new FakeSocket();
    socketBox.current = socket;
    show = new FakeShow(socket);
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    useGameStore.getState().reset(GAME);
    useChatStore.getState().reset(GAME);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('names the prize being played for with its own amount, and shows the pot apart', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), ...show.toTheDraw());
    serveLive();
    renderLive();

    expect(await screen.findByTestId('host-stage')).toHaveTextContent('Draw');
    const prize = tile('host-prize');
    expect(prize.label).toHaveTextContent('One line');
    expect(prize.value).toHaveTextContent('£5.00');
    const multiplier = potMultiplier(SEED);
    const pot = tile('host-pot');
    expect(pot.label).toHaveTextContent(multiplier > 1 ? `Pot x${multiplier}` : 'Pot');
    expect(pot.value).toHaveTextContent(`£${((18000 * multiplier) / 100).toFixed(2)}`);
    expect(screen.getByTestId('host-players')).toHaveTextContent('1');
    expect(screen.getByTestId('host-balls-count')).toHaveTextContent('0/90');
    expect(screen.getByTestId('host-last-ball')).toHaveTextContent('No ball');
    await expectNoAxeViolations();
  });

  it('a double click on "Call next ball" calls one ball, the button busy until the answer', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), ...show.toTheDraw());
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = serveLive({
      'POST /api/host/games/:gameUuid/draw': async () => {
        await held;
        return { status: 200, body: { ok: true } };
      },
    });
    renderLive();
    await screen.findByText('Draw');
    const callBall = button('Call next ball');
    const user = userEvent.setup();

    await user.dblClick(callBall);

    expect(callBall).toBeDisabled();
    expect(callBall).toHaveAttribute('aria-busy', 'true');
    const draws = api.callsTo('POST', `/api/host/games/${GAME}/draw`);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The other controls wait for the answer too.
    expect(button('Pause')).toBeDisabled();

    answer();
    show.apply(show.ball());
    await waitFor(() => expect(callBall).toBeEnabled());
    expect(callBall).not.toHaveAttribute('aria-busy');
    // The ball comes over the socket, on its own time: it may land after the draw's answer.
    await waitFor(() => expect(screen.getByTestId('host-balls-count')).toHaveTextContent('1/90'));
    expect(screen.getByTestId('host-last-ball')).toHaveTextContent(String(show.state.balls[0]));
    expect(api.callsTo('POST', `/api/host/games/${GAME}/draw`)).toHaveLength(1);
  });

  it('a paused show is advanced one ball at a time by hand, and stays paused', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), ...show.toTheDraw());
    const api = serveLive({
      'POST /api/host/games/:gameUuid/:action': (_call, { action }) => {
        if (action === 'pause') show.apply({ type: 'draw-paused' });
        if (action === 'draw') show.apply(show.ball());
        return { body: { ok: true } };
      },
    });
    renderLive();
    await screen.findByText('Draw');
    const user = userEvent.setup();

    await user.click(button('Pause'));
    expect(await screen.findByText('PAUSED')).toHaveAttribute('role', 'status');
    expect(button('Resume')).toBeEnabled();
    await waitFor(() => expect(button('Pause')).toBeDisabled());
    // Paused stops the automatic host only: the host may still call by hand.
    expect(button('Call next ball')).toBeEnabled();
    await expectNoAxeViolations();

    await user.click(button('Call next ball'));
    await waitFor(() => expect(screen.getByTestId('host-balls-count')).toHaveTextContent('1/90'));
    expect(screen.getByTestId('host-last-ball')).not.toHaveTextContent('No ball');
    await waitFor(() => expect(button('Call next ball')).toBeEnabled());
    await user.click(button('Call next ball'));
    await waitFor(() => expect(screen.getByTestId('host-balls-count')).toHaveTextContent('2/90'));
    expect(screen.getByText('PAUSED')).toHaveAttribute('role', 'status');
    expect(button('Resume')).toBeEnabled();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/host/games/${GAME}/pause`,
      `/api/host/games/${GAME}/draw`,
      `/api/host/games/${GAME}/draw`,
    ]);
  });

  it('before the show, offers only the green room and the start, and asks before opening the room', async () => {
    show.before(show.claim('player-amy', 'AmyFan'));
    const api = serveLive({
      'POST /api/host/games/:gameUuid/open-green-room': () => {
        show.apply({ type: 'green-room-opened' });
        return { body: { ok: true } };
      },
    });
    renderLive();
    const stage = await screen.findByTestId('host-stage');
    await waitFor(() => expect(stage).toHaveTextContent('Scheduled'));
    for (const control of ['Call next ball', 'Pause', 'Resume', 'End show'])
      expect(button(control)).toBeDisabled();
    expect(button('Start now')).toBeEnabled();
    // The chat opens with the green room.
    expect(screen.getByRole('textbox', { name: 'Message as the host' })).toBeDisabled();
    const user = userEvent.setup();

    // Asked first: going back sends nothing.
    await user.click(button('Open green room'));
    const confirm = screen.getByRole('alertdialog', { name: 'Open the green room?' });
    expect(confirm).toHaveTextContent(
      'Ticket holders are let in to wait for the show. It cannot be closed again.',
    );
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(button('Open green room'));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Open green room' }),
    );
    await waitFor(() => expect(stage).toHaveTextContent('Green room'));
    await waitFor(() => expect(button('Open green room')).toBeDisabled());
    expect(button('Start now')).toBeEnabled();
    expect(button('Call next ball')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message as the host' })).toBeEnabled();
    expect(api.callsTo('POST', `/api/host/games/${GAME}/open-green-room`)).toHaveLength(1);
  });

  it('starts the show only once confirmed; then the draw’s controls apply', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), { type: 'green-room-opened' });
    const api = serveLive({
      'POST /api/host/games/:gameUuid/start': () => {
        for (const event of show.toTheDraw()) show.apply(event);
        return { body: { ok: true } };
      },
    });
    renderLive();
    const stage = await screen.findByTestId('host-stage');
    await waitFor(() => expect(stage).toHaveTextContent('Green room'));
    const user = userEvent.setup();

    await user.click(button('Start now'));
    const start = screen.getByRole('alertdialog', { name: 'Start the show now?' });
    expect(start).toHaveTextContent('The reels spin now, whatever the scheduled start. Ticket sales close.');
    await user.click(within(start).getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(stage).toHaveTextContent('Draw'));
    await waitFor(() => expect(button('Call next ball')).toBeEnabled());
    expect(button('Pause')).toBeEnabled();
    expect(button('Start now')).toBeDisabled();
    expect(button('Resume')).toBeDisabled();
    expect(button('End show')).toBeDisabled();
    expect(api.callsTo('POST', `/api/host/games/${GAME}/start`)).toHaveLength(1);
  });

  it('after the full house lists the winners, and ends the show only once confirmed: every control off', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), ...show.toTheDraw());
    const api = serveLive(endRoute);
    const stage = await renderAtTheDraw();

    // The draw to the full house: the automatic host opens the reveal (one player, no final).
    show.toTheReveal();
    await waitFor(() => expect(stage).toHaveTextContent('Reveal'));
    const winners = screen.getByRole('list', { name: 'Winners' });
    expect(within(winners).getByText('Full house')).toBeInTheDocument();
    expect(winners).toHaveTextContent('AmyFan');
    expect(button('Call next ball')).toBeDisabled();
    expect(button('End show')).toBeEnabled();
    await expectNoAxeViolations();
    const user = userEvent.setup();

    await user.click(button('End show'));
    const end = screen.getByRole('alertdialog', { name: 'End the show?' });
    expect(end).toHaveTextContent('The reveal closes, the results and the seed are published.');
    await user.click(within(end).getByRole('button', { name: 'End show' }));
    await waitFor(() => expect(stage).toHaveTextContent('Ended'));
    for (const control of ['Open green room', 'Start now', 'Call next ball', 'Pause', 'Resume', 'End show']) {
      await waitFor(() => expect(button(control)).toBeDisabled());
    }
    expect(api.callsTo('POST', `/api/host/games/${GAME}/end`)).toHaveLength(1);
  });

  it('in the final shows who has chosen but not what until the reveal, then the choices and payouts; axe on the final, the reveal and the end', async () => {
    // Claimed one after the other: a claim takes the next ticket of the show as it stands.
    show.before(show.claim('player-amy', 'AmyFan'));
    show.before(show.claim('player-ben', 'BenBig'), ...show.toTheDraw());
    serveLive(endRoute);
    const stage = await renderAtTheDraw();

    // Two players: the full house's winner and the runner-up meet in the final.
    show.toTheFinal();
    await waitFor(() => expect(stage).toHaveTextContent('Ruthless final'));
    const finalists = () => within(screen.getByRole('list', { name: 'Finalists' })).getAllByRole('listitem');
    expect(finalists().map((row) => row.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AmyFan.*choosing…$/),
        expect.stringMatching(/^BenBig.*choosing…$/),
      ]),
    );
    expect(button('Call next ball')).toBeDisabled();
    await expectNoAxeViolations();

    // A choice made is said, not shown, until the reveal.
    show.choose('player-amy', 'share');
    await waitFor(() =>
      expect(finalists().find((row) => row.textContent?.startsWith('AmyFan'))).toHaveTextContent(/chosen$/),
    );
    expect(screen.queryByText('SHARE')).not.toBeInTheDocument();

    show.choose('player-ben', 'steal');
    show.reveal();
    await waitFor(() => expect(stage).toHaveTextContent('Reveal'));
    expect(finalists().find((row) => row.textContent?.startsWith('AmyFan'))).toHaveTextContent(/SHARE$/);
    expect(finalists().find((row) => row.textContent?.startsWith('BenBig'))).toHaveTextContent(/STEAL$/);
    expect(screen.getByRole('list', { name: 'Payouts' })).toHaveTextContent('BenBig');
    await expectNoAxeViolations();

    const user = userEvent.setup();
    await user.click(button('End show'));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'End the show?' })).getByRole('button', {
        name: 'End show',
      }),
    );
    await waitFor(() => expect(stage).toHaveTextContent('Ended'));
    expect(screen.getByRole('list', { name: 'Payouts' })).toHaveTextContent('BenBig');
    await expectNoAxeViolations();
  });

  it('says why a control was refused, and the game’s audit lists what hosts did, newest first', async () => {
    show.before(show.claim('player-amy', 'AmyFan'), ...show.toTheDraw());
    const entries = [
      auditEntry({ action: 'POST /api/host/games/:gameUuid/start', gameUuid: GAME }),
      auditEntry({ action: 'POST /api/host/games/:gameUuid/open-green-room', gameUuid: GAME }),
    ];
    const api = serveLive({
      'GET /api/host/audit': () => ({ body: { entries } }),
      'POST /api/host/games/:gameUuid/draw': () => {
        entries.unshift(
          auditEntry({ action: 'POST /api/host/games/:gameUuid/draw', gameUuid: GAME, statusCode: 409 }),
        );
        return { status: 409, body: { code: 'game/no-ball', message: 'No ball can be called now.' } };
      },
    });
    renderLive();
    const audit = await screen.findByRole('list', { name: 'Host actions' });
    expect(
      within(audit)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Show started'), expect.stringContaining('Green room opened')]);
    expect(within(audit).getAllByRole('listitem')[0]).toHaveTextContent('host@ruthless.test');
    await screen.findByText('Draw');

    await userEvent.setup().click(button('Call next ball'));

    expect(await screen.findByText('No ball can be called now.')).toBeInTheDocument();
    await waitFor(() => expect(within(audit).getAllByRole('listitem')).toHaveLength(3));
    const refused = within(audit).getAllByRole('listitem')[0]!;
    expect(refused).toHaveTextContent('Ball called');
    expect(within(refused).getByTitle('HTTP 409')).toHaveTextContent('409');
    expect(api.unanswered).toEqual([]);
  });

  it('says so when the game cannot be followed', async () => {
    socket.join = () => ({ ok: false, message: 'No such game.' });
    serveLive();
    renderLive();
    expect(await screen.findByText('No such game.')).toBeInTheDocument();
  });
});
