import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { DEFAULT_ADVANCED_CONFIG, NOT_CONFIGURED } from '../../domain/webhook-settings.aggregate';
import type { AdvancedConfig } from '../../domain/webhook-settings.events';

/** Reads an API key's advanced webhook configuration from its read table. */
@Injectable()
export class AdvancedConfigReader {
  constructor(private readonly dataSource: DataSource) {}

  /** The stored configuration, or the defaults before the first update. */
  async of(apiKey: string): Promise<AdvancedConfig> {
    const [c] = await this.dataSource.query(
      `SELECT is_enabled, encrypt_data, encode_data, public_key, enable_data_protection
       FROM webhook_advanced_configs WHERE api_key = $1`,
      [apiKey],
    );
    if (!c) return { ...DEFAULT_ADVANCED_CONFIG };
    return {
      isEnabled: c.is_enabled,
      encryptData: c.encrypt_data,
      encodeData: c.encode_data,
      publicKey: c.public_key,
      enableDataProtection: c.enable_data_protection,
    };
  }

  /** FAILED_PRECONDITION unless advanced webhooks are on for the key. */
  async requireEnabled(apiKey: string): Promise<void> {
    if (!(await this.of(apiKey)).isEnabled) {
      throw new ServiceError('FAILED_PRECONDITION', NOT_CONFIGURED);
    }
  }
}
