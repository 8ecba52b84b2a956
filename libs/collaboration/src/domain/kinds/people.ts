/** A person as collaboration data carries one (hosted user object). */
export interface CollabUser {
  userId: string;
  name?: string;
  email?: string;
}

/** What a stored value is, for an error message that must not repeat personal data. */
const shapeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/**
 * `value` as a user, or a clear error: a stored record written by an old bug may hold
 * anything, and work done from the log (known users) must not write half of it. The
 * message names the shape only, never the values (they may be personal data).
 */
export function requireUser(value: unknown, what: string): CollabUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`Malformed record: ${what} is ${shapeOf(value)}, not a user object`);
  }
  const { userId, name, email } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || userId === '') {
    throw new Error(`Malformed record: ${what} has no userId (${shapeOf(userId)})`);
  }
  for (const [field, text] of Object.entries({ name, email })) {
    if (text != null && typeof text !== 'string') {
      throw new Error(`Malformed record: ${what} has a ${field} that is ${shapeOf(text)}`);
    }
  }
  return value as CollabUser;
}

export interface Location {
  id: string;
  locationName?: string;
}

export const DELETED_USER = '@[deleted user]';

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Letters, digits and the characters ids, names and emails are made of: a word does not end inside them. */
const BEFORE = '(?<![\\p{L}\\p{N}_@.+-])';
/** A file extension after a word ends it: "Jane Doe.pdf" names Jane Doe; "jane.doe@x" is another word. */
const EXTENSION = '\\.[\\p{L}\\p{N}]{1,5}(?![\\p{L}\\p{N}_@.+-])';
const AFTER = `(?![\\p{L}\\p{N}_-]|(?!${EXTENSION})\\.[\\p{L}\\p{N}])`;

/** What identifies the users being erased: their ids and every name and email seen for them. */
export class Identities {
  readonly ids: Set<string>;
  private readonly words = new Set<string>();
  private pattern?: RegExp;

  constructor(userIds: Iterable<string>, extra: Iterable<string> = []) {
    this.ids = new Set(userIds);
    for (const word of [...this.ids, ...extra]) if (word) this.words.add(word);
  }

  /** The ids, names and emails known so far. */
  get known(): string[] {
    return [...this.words];
  }

  has(user: CollabUser | undefined): boolean {
    return !!user && this.ids.has(user.userId);
  }

  /** Learns the name and email a record shows for an erased user. */
  learn(user: CollabUser | undefined): void {
    if (!this.has(user)) return;
    for (const word of [user!.name, user!.email]) {
      if (typeof word === 'string' && word && !this.words.has(word)) {
        this.words.add(word);
        this.pattern = undefined;
      }
    }
  }

  /**
   * Replaces every mention of an erased user in `text` (a `{{userId}}` tag, `@name`, or the
   * id, name or email standing as a word of its own) by "@[deleted user]". Whole words only:
   * an id `ann` leaves "annual" alone.
   */
  scrub(text: string): string {
    if (!this.pattern) {
      const words = [...this.words]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|');
      this.pattern = new RegExp(
        `\\{\\{(?:${words})\\}\\}|@(?:${words})${AFTER}|${BEFORE}(?:${words})${AFTER}`,
        'gu',
      );
    }
    return text.replace(this.pattern, DELETED_USER);
  }
}

/** The user ids a text tags as `{{userId}}` (hosted mention form). */
export function mentionedIds(text: string): string[] {
  // Most texts tag no one (webhooks ask this of every string of a payload): no regex then.
  if (!text.includes('{{')) return [];
  return [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]);
}
