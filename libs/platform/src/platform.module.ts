import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { SERVER_SECRETS, type ServerSecrets } from './config/server-secrets';
import { SecretBox } from './crypto/secret-box';

/** Configuration, server secrets and the secret box, available everywhere. */
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
      ],
      exports: [APP_CONFIG, SERVER_SECRETS, SecretBox],
    };
  }
}
