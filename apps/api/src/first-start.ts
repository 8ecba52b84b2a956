import type { AppConfig } from '@app/platform';

/** D3.2: the embedded server's generated admin token, shown once, with a ready example. */
export function printFirstStart(config: AppConfig, adminToken: string): void {
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const lines = [
    '',
    '  First start on the embedded database. Admin token (shown only this once; keep it):',
    '',
    `    ${adminToken}`,
    '',
    '  Create a workspace:',
    '',
    `    curl -s http://${host}:${config.port}/v2/workspace/create \\`,
    `      -H 'Content-Type: application/json' -H 'x-service-admin-token: ${adminToken}' \\`,
    `      -d '{"data":{"ownerEmail":"you@example.com","name":"You"}}'`,
    '',
    '  Or set ADMIN_TOKEN to choose your own.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
