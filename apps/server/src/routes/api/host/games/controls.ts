import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLAYER_ERRORS as errors } from '../../../../schemas/errors';
import { gameParams, okSchema } from '../../../../schemas/params';

const HOST_ACTIONS = ['open-green-room', 'start', 'draw', 'pause', 'resume', 'end'] as const;

/** The host's controls of a live game: `POST /api/host/games/{gameUuid}/{action}`. */
const hostControlsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actions = app.liveActions;
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  for (const action of HOST_ACTIONS) {
    app.post(
      `/:gameUuid/${action}`,
      {
        schema: {
          ...common,
          summary: `Host control: ${action.replaceAll('-', ' ')}`,
          params: gameParams,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await actions.control(request.params.gameUuid, action);
        return { ok: true as const };
      },
    );
  }
};

export default hostControlsRoutes;
