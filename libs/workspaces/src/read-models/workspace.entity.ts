import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AiProvider, StoredProviderKey } from '../domain/workspace.events';

@Entity('workspaces')
export class WorkspaceRow {
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @Column('text', { name: 'owner_email' }) ownerEmail: string;
  @Column('text', { name: 'owner_name' }) ownerName: string;
  /** Null for workspaces made before owners had an id. */
  @Column('text', { name: 'owner_id', nullable: true }) ownerId: string | null;
  @Column('text', { name: 'owner_avatar', nullable: true }) ownerAvatar: string | null;
  /** SHA-256 of the workspace auth token; the token itself is never stored (D2.5). */
  @Column('text', { name: 'auth_token_digest' }) authTokenDigest: string;
  @Column('jsonb', { name: 'ai_providers' }) aiProviders: Partial<
    Record<AiProvider, StoredProviderKey>
  >;
  /** Stream version of the last event applied: makes the projection idempotent. */
  @Column('bigint') version: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
