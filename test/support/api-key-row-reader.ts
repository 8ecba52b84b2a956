import { SecretBox } from '@app/platform';
import type { TestApp } from '@app/testing';
import { DataSource } from 'typeorm';

/** Reads an api_keys row directly, to check that operation 1 stored every field. */
export class ApiKeyRowReader {
  constructor(private readonly t: TestApp) {}

  async read(apiKey: string) {
    const [row] = await this.t.app
      .get(DataSource)
      .query(`SELECT settings, allowed_domains FROM api_keys WHERE api_key = $1`, [apiKey]);
    const box = this.t.app.get(SecretBox);
    return {
      settings: row.settings,
      allowedDomains: row.allowed_domains,
      openedEmailApiKey:
        row.settings.emailServiceConfig?.sealedApiKey &&
        box.open(row.settings.emailServiceConfig.sealedApiKey),
    };
  }
}
