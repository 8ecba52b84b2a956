import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One auth token of an API key: looked up by digest, shown (decrypted) by operation 2. */
@Entity('auth_tokens')
export class AuthTokenRow {
  @PrimaryColumn('text', { name: 'token_digest' }) tokenDigest: string;
  @Index() @Column('text', { name: 'api_key' }) apiKey: string;
  @Column('text', { name: 'token_id' }) tokenId: string;
  @Column('text') name: string;
  @Column('jsonb') domains: string[];
  @Column('text', { name: 'sealed_token' }) sealedToken: string;
  @Column('bigint', { name: 'stream_version' }) streamVersion: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
