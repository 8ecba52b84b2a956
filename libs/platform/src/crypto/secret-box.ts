import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret encrypted with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export type Sealed = string;

const IV_BYTES = 12;
const IVS_PER_DRAW = 512;

/**
 * Random IVs drawn from the CSPRNG 512 at a time, each handed out once: a draw per IV cost
 * more than encrypting a compressed webhook payload.
 */
class IvPool {
  private pool = Buffer.alloc(0);
  private offset = 0;

  next(): Buffer {
    if (this.offset + IV_BYTES > this.pool.length) {
      this.pool = randomBytes(IV_BYTES * IVS_PER_DRAW);
      this.offset = 0;
    }
    this.offset += IV_BYTES;
    return this.pool.subarray(this.offset - IV_BYTES, this.offset);
  }
}

/** Encrypts secrets at rest with the server's SERVICE_ENCRYPTION_KEY (D3.6). */
export class SecretBox {
  private readonly ivs = new IvPool();

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plaintext: string): Sealed {
    return this.sealBytes(Buffer.from(plaintext, 'utf8'));
  }

  open(sealed: Sealed): string {
    return this.openBytes(sealed).toString('utf8');
  }

  /** Seals bytes (a compressed payload) in the same format. */
  sealBytes(plaintext: Buffer): Sealed {
    const iv = this.ivs.next();
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  openBytes(sealed: Sealed): Buffer {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined)
      throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}
