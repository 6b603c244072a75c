import {
  accountSettingsRequest,
  accountSettingsResponse,
  cloudSettingsRequest,
  connectionTestResponse,
  deleteSettingsQuery,
  iqmSettingsRequest,
  settingsTargetQuery,
  type AccountSettingsRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { AccountSettingsService, SettingsChanges } from './service.ts';

export interface AccountRoutesDeps {
  settings: AccountSettingsService;
  requireUser: Guard;
}

const changesOf = (body: AccountSettingsRequest): SettingsChanges => ({
  ...(body.account_id && body.aws_region
    ? { cloud: { accountId: body.account_id, region: body.aws_region } }
    : {}),
  ...(body.iqm_api_key !== undefined ? { iqmApiKey: body.iqm_api_key } : {}),
});

/** accounts.md 7.3; every call takes ?user_email= (empty or absent: the caller). */
export const accountRoutes =
  ({ settings, requireUser }: AccountRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['account'];
    const response = { 200: accountSettingsResponse };
    app.get(
      '/account/settings',
      { onRequest: requireUser, schema: { tags, querystring: settingsTargetQuery, response } },
      async (request) => settings.read(actorOf(request), request.query.user_email),
    );
    // POST saves a slot exactly as PUT does (the spec shows no payload of its own).
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: '/account/settings',
        onRequest: requireUser,
        schema: { tags, querystring: settingsTargetQuery, body: accountSettingsRequest, response },
        handler: async (request) =>
          settings.update(actorOf(request), request.query.user_email, changesOf(request.body)),
      });
    }
    app.put(
      '/account/settings/aws',
      {
        onRequest: requireUser,
        schema: { tags, querystring: settingsTargetQuery, body: cloudSettingsRequest, response },
      },
      async (request) => settings.update(actorOf(request), request.query.user_email, changesOf(request.body)),
    );
    app.put(
      '/account/settings/iqm',
      {
        onRequest: requireUser,
        schema: { tags, querystring: settingsTargetQuery, body: iqmSettingsRequest, response },
      },
      async (request) => settings.update(actorOf(request), request.query.user_email, changesOf(request.body)),
    );
    app.delete(
      '/account/settings',
      { onRequest: requireUser, schema: { tags, querystring: deleteSettingsQuery, response } },
      async (request) => settings.remove(actorOf(request), request.query.user_email, request.query.provider),
    );
    app.post(
      '/account/settings/aws/test',
      {
        onRequest: requireUser,
        schema: { tags, querystring: settingsTargetQuery, response: { 200: connectionTestResponse } },
      },
      async (request) => settings.testConnection(actorOf(request), request.query.user_email),
    );
  };
