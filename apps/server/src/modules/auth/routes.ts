import {
  changePasswordRequest,
  completeNewPasswordRequest,
  completeNewPasswordResponse,
  confirmEmailRequest,
  confirmForgotPasswordRequest,
  forgotPasswordRequest,
  historyQuery,
  historyResponse,
  loginRequest,
  loginResponse,
  meResponse,
  messageResponse,
  permissionsResponse,
  profileResponse,
  reauthenticateRequest,
  reauthenticateResponse,
  REAUTH_HEADER,
  refreshRequest,
  registerRequest,
  resendConfirmationRequest,
  resetPasswordWithLinkRequest,
  tokenResponse,
  updateProfileRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, principalOf, sessionOf, type Guard } from '../../plugins/authenticate.ts';
import { deviceCookieOf, setDeviceCookie } from './device-cookie-http.ts';
import type { AuthService } from './service.ts';

export interface AuthRoutesDeps {
  auth: AuthService;
  requireUser: Guard;
  /** The device cookie's Secure attribute: true when the console is public over https, else per request. */
  secureCookies: boolean | 'auto';
}

const reauthHeaders = z.object({ [REAUTH_HEADER.toLowerCase()]: z.string().max(4096).optional() });

export const authRoutes =
  ({ auth, requireUser, secureCookies }: AuthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    app.post(
      '/auth/register',
      { schema: { tags, body: registerRequest, response: { 201: messageResponse } } },
      async (request, reply) => reply.status(201).send(await auth.register(request.body, originOf(request))),
    );
    app.post(
      '/auth/confirm-email',
      { schema: { tags, body: confirmEmailRequest, response: { 200: messageResponse } } },
      async (request) => auth.confirmEmail(request.body, originOf(request)),
    );
    app.post(
      '/auth/resend-confirmation',
      { schema: { tags, body: resendConfirmationRequest, response: { 200: messageResponse } } },
      async (request) =>
        auth.resendConfirmation(request.body.username, originOf(request), (err) =>
          request.log.error({ err }, 'confirmation code not mailed'),
        ),
    );
    app.post(
      '/auth/forgot-password',
      { schema: { tags, body: forgotPasswordRequest, response: { 200: messageResponse } } },
      async (request) =>
        auth.recovery.forgotPassword(request.body.email, originOf(request), (err) =>
          request.log.error({ err }, 'password reset code not mailed'),
        ),
    );
    app.post(
      '/auth/confirm-forgot-password',
      { schema: { tags, body: confirmForgotPasswordRequest, response: { 200: messageResponse } } },
      async (request) => auth.recovery.confirmForgotPassword(request.body, originOf(request)),
    );
    app.post(
      '/auth/reset-password-with-link',
      { schema: { tags, body: resetPasswordWithLinkRequest, response: { 200: messageResponse } } },
      async (request) => auth.recovery.resetWithLink(request.body, originOf(request)),
    );
    app.post(
      '/auth/change-password',
      {
        onRequest: requireUser,
        schema: { tags, body: changePasswordRequest, response: { 200: messageResponse } },
      },
      async (request) =>
        auth.recovery.changePassword(
          sessionOf(request),
          request.body,
          originOf(request),
          deviceCookieOf(request),
        ),
    );
    app.post(
      '/auth/login',
      { schema: { tags, body: loginRequest, response: { 200: loginResponse } } },
      async (request, reply) => {
        const signedIn = await auth.login(request.body, originOf(request), deviceCookieOf(request));
        setDeviceCookie(reply, signedIn.deviceCookie, secureCookies);
        return signedIn.response;
      },
    );
    app.post(
      '/auth/complete-new-password',
      { schema: { tags, body: completeNewPasswordRequest, response: { 200: completeNewPasswordResponse } } },
      async (request) => auth.completeNewPassword(request.body, originOf(request)),
    );
    app.post(
      '/auth/refresh',
      { schema: { tags, body: refreshRequest, response: { 200: tokenResponse } } },
      async (request) => auth.refresh(request.body.refresh_token, request.body.email, originOf(request)),
    );
    app.post(
      '/auth/logout',
      { onRequest: requireUser, schema: { tags, response: { 200: messageResponse } } },
      async (request) => {
        const { user, sessionId } = sessionOf(request);
        return auth.logout(user, sessionId, originOf(request));
      },
    );
    app.post(
      '/auth/re-authenticate',
      {
        onRequest: requireUser,
        schema: { tags, body: reauthenticateRequest, response: { 200: reauthenticateResponse } },
      },
      async (request) =>
        auth.reauthenticate(
          principalOf(request).user,
          request.body.email,
          request.body.password,
          originOf(request),
          deviceCookieOf(request),
        ),
    );
    app.delete(
      '/auth/me',
      {
        onRequest: requireUser,
        schema: { tags, headers: reauthHeaders, response: { 200: messageResponse } },
      },
      async (request) =>
        auth.deleteAccount(
          principalOf(request).user,
          request.headers[REAUTH_HEADER.toLowerCase()] as string | undefined,
          originOf(request),
        ),
    );
    app.get(
      '/auth/me',
      { onRequest: requireUser, schema: { tags, response: { 200: meResponse } } },
      async (request) => {
        const { user } = principalOf(request);
        return { is_authenticated: true, username: user.username, email: user.email };
      },
    );
    app.get(
      '/auth/me/permissions',
      { onRequest: requireUser, schema: { tags, response: { 200: permissionsResponse } } },
      async (request) => auth.permissions(principalOf(request).user),
    );
    app.get(
      '/auth/history',
      {
        onRequest: requireUser,
        schema: { tags, querystring: historyQuery, response: { 200: historyResponse } },
      },
      async (request) => auth.history(principalOf(request).user, request.query),
    );
    app.get(
      '/auth/me/profile',
      { onRequest: requireUser, schema: { tags, response: { 200: profileResponse } } },
      async (request) => auth.profile(principalOf(request).user),
    );
    app.post(
      '/auth/me/profile',
      {
        onRequest: requireUser,
        schema: { tags, body: updateProfileRequest, response: { 200: profileResponse } },
      },
      async (request) => auth.updateProfile(principalOf(request).user, request.body),
    );
  };
