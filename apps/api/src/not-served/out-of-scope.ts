/**
 * Hosted calls outside this server's scope, by family: each answers UNIMPLEMENTED (HTTP 501)
 * with a message naming the call and what is not served, never a 404 that reads like a typo.
 * The paths are the `api:` lines of the hosted pages (`api-reference/rest-apis/v2`). Any
 * other path under these prefixes stays a 404.
 */
interface OutOfScopeFamily {
  /** Under `/v2/`. */
  prefix: string;
  /** What this server does not serve, for the message. */
  what: string;
  paths: readonly string[];
}

export const OUT_OF_SCOPE: readonly OutOfScopeFamily[] = [
  {
    prefix: 'agents',
    what: 'the hosted AI agents API (agents, groups, prompts, versions, executions)',
    paths: [
      'analytics/get',
      'config/resolve',
      'create',
      'delete',
      'execution/count',
      'execution/get',
      'execution/list',
      'execution/run',
      'extract',
      'get',
      'groups/add-agents',
      'groups/create',
      'groups/delete',
      'groups/get',
      'groups/list',
      'groups/remove-agents',
      'groups/update',
      'prompt/enhance',
      'prompt/refine',
      'prompt/validate',
      'update',
      'version/update',
      'versions/list',
      'versions/restore',
    ],
  },
  {
    prefix: 'workflow',
    what: 'the hosted approval workflow engine (definitions, executions, steps)',
    paths: [
      'definitions/create',
      'definitions/delete',
      'definitions/get',
      'definitions/list',
      'definitions/update',
      'executions/cancel',
      'executions/dispatch',
      'executions/getEvents',
      'executions/get',
      'executions/list',
      'steps/cancel',
      'steps/recordAgentResolution',
      'steps/recordReviewerDecision',
      'steps/resolve',
    ],
  },
  {
    prefix: 'memory',
    what: 'the hosted memory and knowledge API (knowledge, search, alerts, profiles)',
    paths: [
      'alerts/action',
      'alerts/config/get',
      'alerts/config/update',
      'alerts/dismiss',
      'alerts/list',
      'ask',
      'judgments/query',
      'knowledge/delete',
      'knowledge/download',
      'knowledge/ingest-status',
      'knowledge/ingest',
      'knowledge/list',
      'knowledge/rules',
      'knowledge/search',
      'knowledge/update',
      'knowledge/upload-url',
      'patterns/get',
      'profiles/get',
      'search',
      'stats/get',
      'suggest',
    ],
  },
  {
    prefix: 'workspace/email',
    what: "the hosted console's sign-in by email (owner email verification, login links); this server has no console: a workspace is made with the admin token (POST /v2/workspace/create)",
    paths: ['status', 'send-login-link'],
  },
];

const messages = new Map(
  OUT_OF_SCOPE.flatMap(({ prefix, what, paths }) =>
    paths.map((path) => {
      const route = `/v2/${prefix}/${path}`;
      return [route, `POST ${route} is not served: ${what} is not part of this server.`] as const;
    }),
  ),
);

/** The routes, relative to `/v2`. */
export const OUT_OF_SCOPE_ROUTES: string[] = [...messages.keys()].map((r) =>
  r.slice('/v2/'.length),
);

/** The message of a listed route (`/v2/agents/create`). */
export const outOfScopeMessage = (route: string): string =>
  messages.get(route) ?? `POST ${route} is not served by this server.`;
