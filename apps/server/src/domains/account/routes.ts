import {
  ForgotPasswordRequest,
  InfoDataRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  Profile,
  ResetPasswordRequest,
  SetLocaleRequest,
  UpdateProfileRequest,
} from '@nido/contract';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import {
  forgotPassword,
  login,
  logout,
  profile,
  recordInfoData,
  resetPassword,
  setLocale,
  updateProfile,
  warmDummyHash,
} from './service.ts';

/**
 * The profile answer with the menu spelt out two levels deep (the menu has no deeper levels): the
 * recursive contract schema would leave a dangling $ref in the OpenAPI document.
 */
const MenuLeaf = z.object({ label: z.string(), to: z.string().optional(), icon: z.string().optional() });
const ProfileResponse = Profile.extend({
  menu: z.array(MenuLeaf.extend({ submenus: z.array(MenuLeaf).optional() })),
});

/** SPEC §7 Account. */
export default async function accountRoutes(app: App) {
  void warmDummyHash();

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { body: LoginRequest, response: { 200: LoginResponse } } },
    async (req) => login(req.ctx, req.body),
  );

  app.post('/logout', { config: { access: 'user' } }, async (req, reply) => {
    await logout(req.ctx);
    return reply.code(204).send();
  });

  app.get(
    '/me',
    { config: { access: 'user' }, schema: { response: { 200: ProfileResponse } } },
    async (req) => profile(req.ctx, req.ctx.actor.id),
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse } },
    },
    async (req) => forgotPassword(req.ctx, req.body),
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public' },
      schema: { body: ResetPasswordRequest, response: { 200: MessageResponse } },
    },
    async (req) => resetPassword(req.ctx, req.body),
  );

  app.post(
    '/setLocale',
    { config: { access: 'user' }, schema: { body: SetLocaleRequest, response: { 200: ProfileResponse } } },
    async (req) => setLocale(req.ctx, req.body.locale),
  );

  app.post(
    '/updateProfile',
    {
      config: { access: 'user' },
      schema: { body: UpdateProfileRequest, response: { 200: ProfileResponse } },
    },
    async (req) => updateProfile(req.ctx, req.body),
  );

  app.post(
    '/infoData',
    { config: { access: 'user' }, schema: { body: InfoDataRequest } },
    async (req, reply) => {
      await recordInfoData(req.ctx, req.body);
      return reply.code(204).send();
    },
  );
}
