// GET /account/closed: where the browser lands once an account is closed and signed out (the host's
// sign-out goes here instead of the landing page). A page of the sign-in service's own style, the
// same for anyone: it holds nothing of the account, which no longer exists.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { htmlResponse, pageConfig, sendPage } from '../auth/page-reply';
import { layout } from '../http/pages';
import { PUBLIC, Tag } from '../docs/openapi';

export const ACCOUNT_CLOSED_PATH = '/account/closed';

export function accountClosedPage(): string {
  return layout(
    'Your account is closed',
    `<h1>Your account is closed</h1>
<p class="notice" role="status">You are signed out. Your sign-in account, your record in the pay portal, your links to your employers and your notification choices have been deleted.</p>
<p>Your employers keep their own pay records for as long as the law on pay records requires.</p>
<p>To see your payslips here again, create a new account and link it to your employer.</p>
<p><a href="/">Go to the pay portal</a></p>`,
  );
}

export const accountClosedPageRoute: FastifyPluginAsyncTypebox<Deps> = async (app, { config }) => {
  app.get(
    ACCOUNT_CLOSED_PATH,
    {
      config: pageConfig,
      schema: {
        operationId: 'showAccountClosedPage',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'The page shown once an account is closed and signed out',
        response: { 200: htmlResponse('Your account is closed') },
      },
    },
    async (_request, reply) => sendPage(reply, config, 200, accountClosedPage()),
  );
};
