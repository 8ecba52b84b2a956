import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { SERVER_SECRETS, type ServerSecrets } from './config/server-secrets';
import { SecretBox } from './crypto/secret-box';
import { PageTokens } from './paging/page-tokens';

/** Configuration, server secrets, the secret box and page tokens, available everywhere. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, secrets: ServerSecrets): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SERVER_SECRETS, useValue: secrets },
        { provide: SecretBox, useValue: new SecretBox(secrets.encryptionKey) },
        { provide: PageTokens, useValue: new PageTokens(secrets.encryptionKey) },
      ],
      exports: [APP_CONFIG, SERVER_SECRETS, SecretBox, PageTokens],
    };
  }
}
