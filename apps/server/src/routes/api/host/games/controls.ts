import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ControlIntents } from '../../../../host/control-intents';
import { PLAYER_ERRORS as errors } from '../../../../schemas/errors';
import { gameParams, okSchema } from '../../../../schemas/params';

const HOST_ACTIONS = ['open-green-room', 'start', 'draw', 'pause', 'resume', 'end'] as const;

/** One intent of the host (a click): the console sends a fresh UUID per click, kept on retries. */
const controlHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, {
      error: 'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_" (a UUID fits).',
    })
    .optional(),
});

/** The host's controls of a live game: `POST /api/host/games/{gameUuid}/{action}`. */
const hostControlsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actions = app.liveActions;
  const intents = new ControlIntents(app.accounts.rateLimitStore);
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  for (const action of HOST_ACTIONS) {
    app.post(
      `/:gameUuid/${action}`,
      {
        schema: {
          ...common,
          summary: `Host control: ${action.replaceAll('-', ' ')}`,
          description:
            'With an `Idempotency-Key` header, a repeat of the same key within an hour answers 200 without acting again.',
          params: gameParams,
          headers: controlHeaders,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        const { gameUuid } = request.params;
        await intents.once(
          { hostId: request.player!.id, gameUuid, action, key: request.headers['idempotency-key'] },
          () => actions.control(gameUuid, action),
        );
        return { ok: true as const };
      },
    );
  }
};

export default hostControlsRoutes;
