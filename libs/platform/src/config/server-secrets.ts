import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, isEmbedded, isInMemory, type AppConfig } from './app-config';
import { randomSecret, sha256 } from '../crypto/tokens';

/** The server's own secrets, resolved once at start (D3.2, D3.6). */
export interface ServerSecrets {
  encryptionKey: Buffer;
  /** SHA-256 of the admin token; undefined when workspace creation is disabled. */
  adminTokenDigest?: string;
  /** Set only on the first start of an embedded server, to be printed once. */
  generatedAdminToken?: string;
}

export const SERVER_SECRETS = Symbol('SERVER_SECRETS');

const KEY_FILE = 'encryption.key';
const ADMIN_DIGEST_FILE = 'admin-token.sha256';

function readOrCreate(
  dir: string,
  file: string,
  create: () => string,
): { value: string; created: boolean } {
  const path = join(dir, file);
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  const value = create();
  writeFileSync(path, value + '\n', { mode: 0o600 });
  return { value, created: true };
}

/**
 * External database: the key must come from SERVICE_ENCRYPTION_KEY. Embedded: a key is
 * generated into the data directory, and so is an admin token, of which only a digest is
 * kept: it is printed once, at the first start.
 */
export function resolveServerSecrets(
  config: AppConfig,
  options = { generateAdminToken: true },
): ServerSecrets {
  const adminFromEnv = config.adminToken ? sha256(config.adminToken) : undefined;
  if (!isEmbedded(config)) {
    if (!config.encryptionKey) {
      throw new ConfigError(
        'SERVICE_ENCRYPTION_KEY is required with DATABASE_URL (32 bytes, base64: openssl rand -base64 32)',
      );
    }
    return { encryptionKey: config.encryptionKey, adminTokenDigest: adminFromEnv };
  }
  if (isInMemory(config)) {
    const generated = adminFromEnv ? undefined : randomSecret('adm_');
    return {
      encryptionKey: config.encryptionKey ?? randomBytes(32),
      adminTokenDigest: adminFromEnv ?? sha256(generated!),
      generatedAdminToken: generated,
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const encryptionKey =
    config.encryptionKey ??
    Buffer.from(
      readOrCreate(config.dataDir, KEY_FILE, () => randomBytes(32).toString('base64')).value,
      'base64',
    );
  if (adminFromEnv) return { encryptionKey, adminTokenDigest: adminFromEnv };
  if (!options.generateAdminToken) return { encryptionKey };
  let generated: string | undefined;
  const digest = readOrCreate(config.dataDir, ADMIN_DIGEST_FILE, () =>
    sha256((generated = randomSecret('adm_'))),
  );
  return { encryptionKey, adminTokenDigest: digest.value, generatedAdminToken: generated };
}
