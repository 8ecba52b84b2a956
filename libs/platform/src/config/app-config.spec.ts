import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

// D12.4 at start: a server-wide provider endpoint written as a private address.
describe('loadConfig: AI provider endpoints', () => {
  it('refuses a private or loopback *_BASE_URL, naming the variable that allows it', () => {
    for (const [name, value] of [
      ['OPENAI_BASE_URL', 'http://127.0.0.1:8000/v1'],
      ['ANTHROPIC_BASE_URL', 'http://localhost:4000'],
      ['GEMINI_BASE_URL', 'http://169.254.169.254'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(
        `${name} points to a private or loopback address; set AI_ALLOW_PRIVATE_BASE_URLS=true to allow it`,
      );
    }
  });

  it('takes it with AI_ALLOW_PRIVATE_BASE_URLS=true, and a public one without', () => {
    const allowed = loadConfig({
      OPENAI_BASE_URL: 'http://10.0.0.5:8000/v1',
      AI_ALLOW_PRIVATE_BASE_URLS: 'true',
    });
    expect(allowed).toMatchObject({
      openaiBaseUrl: 'http://10.0.0.5:8000/v1',
      aiAllowPrivateBaseUrls: true,
    });
    expect(loadConfig({ GEMINI_BASE_URL: 'https://llm.example.com' })).toMatchObject({
      geminiBaseUrl: 'https://llm.example.com',
      aiAllowPrivateBaseUrls: false,
    });
  });
});

describe('loadConfig: EMBEDDED_ENGINE', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'collab-engine-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is the embedded Postgres engine by default, PGlite when asked, and nothing else', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).embeddedEngine).toBe('postgres');
    expect(loadConfig({ DATA_DIR: dataDir, EMBEDDED_ENGINE: 'pglite' }).embeddedEngine).toBe(
      'pglite',
    );
    expect(() => loadConfig({ EMBEDDED_ENGINE: 'sqlite' })).toThrow(
      'EMBEDDED_ENGINE must be one of postgres, pglite',
    );
  });

  it('keeps PGlite, unset, on a DATA_DIR holding PGlite data, and refuses postgres there', () => {
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      embeddedEngine: 'pglite',
      pgliteKeptForData: true,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, EMBEDDED_ENGINE: 'postgres' })).toThrow(
      /holds PGlite data: set EMBEDDED_ENGINE=pglite to keep serving it/,
    );
    // An external database leaves the directory alone.
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/x' }).pgliteKeptForData,
    ).toBeUndefined();
  });
});
