import { accountEndpoints as e } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import type { ClientNameSql } from './queries.ts';
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
 * What the account routes need of another module: the profile's client name, from the clients
 * module. The clients module imports this one, so domains/index.ts (which lists both) hands it in.
 */
export interface AccountNeeds {
  clientNameSql: ClientNameSql;
}

export default function accountRoutes({ clientNameSql }: AccountNeeds) {
  return async function accountRoutes(app: App) {
    void warmDummyHash();
    serve(app, e.login, async (req) => login(req.ctx, req.body));
    serve(app, e.logout, async (req, reply) => {
      await logout(req.ctx);
      return reply.code(204).send();
    });
    serve(app, e.me, async (req) => profile(req.ctx, req.ctx.actor.id, clientNameSql));
    serve(app, e.forgotPassword, async (req) => forgotPassword(req.ctx, req.body));
    serve(app, e.resetPassword, async (req) => resetPassword(req.ctx, req.body));
    serve(app, e.setLocale, async (req) => setLocale(req.ctx, req.body.locale, clientNameSql));
    serve(app, e.updateProfile, async (req) => updateProfile(req.ctx, req.body, clientNameSql));
    serve(app, e.infoData, async (req, reply) => {
      await recordInfoData(req.ctx, req.body);
      return reply.code(204).send();
    });
  };
}
