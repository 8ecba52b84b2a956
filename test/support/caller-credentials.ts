/** A POST of `{data}` to a server in another process, however the suite makes it. */
export type PostData = (
  path: string,
  data: unknown,
  headers?: Record<string, string>,
) => PromiseLike<{ status: number; body: any }>;

/**
 * A workspace made with the admin token, and the headers of its first API key with that
 * key's auth token, as a caller of a server started as a process holds them.
 */
export async function apiKeyHeadersOf(
  post: PostData,
  adminToken: string,
): Promise<Record<string, string>> {
  const created = await post(
    '/v2/workspace/create',
    { ownerEmail: 'owner@example.com', name: 'Owner' },
    { 'x-service-admin-token': adminToken },
  );
  if (created.status !== 200) throw new Error(`workspace/create: ${created.status}`);
  const { id, authToken, apiKeyList } = created.body.result.data;
  const apiKey = Object.keys(apiKeyList)[0];
  const tokens = await post(
    '/v2/workspace/authtokens/get',
    { apiKey },
    { 'x-service-workspace-id': id, 'x-service-auth-token': authToken },
  );
  if (tokens.status !== 200) throw new Error(`authtokens/get: ${tokens.status}`);
  return {
    'x-service-api-key': apiKey,
    'x-service-auth-token': tokens.body.result.data.authTokens[0].token,
  };
}
