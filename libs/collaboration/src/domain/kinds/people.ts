/** A person as collaboration data carries one (hosted user object). */
export interface CollabUser {
  userId: string;
  name?: string;
  email?: string;
}

export interface Location {
  id: string;
  locationName?: string;
}

export const DELETED_USER = '@[deleted user]';

/** What identifies the users being erased: their ids and every name and email seen for them. */
export class Identities {
  readonly ids: Set<string>;
  private readonly words = new Set<string>();

  constructor(userIds: Iterable<string>, extra: Iterable<string> = []) {
    this.ids = new Set(userIds);
    for (const word of [...this.ids, ...extra]) if (word) this.words.add(word);
  }

  has(user: CollabUser | undefined): boolean {
    return !!user && this.ids.has(user.userId);
  }

  /** Learns the name and email a record shows for an erased user. */
  learn(user: CollabUser | undefined): void {
    if (!this.has(user)) return;
    for (const word of [user!.name, user!.email])
      if (typeof word === 'string' && word) this.words.add(word);
  }

  /**
   * Replaces every mention of an erased user in `text` (a `{{userId}}` tag, `@name`, or the
   * bare id, name or email) by "@[deleted user]"; the longest words go first.
   */
  scrub(text: string): string {
    let out = text;
    for (const word of [...this.words].sort((a, b) => b.length - a.length)) {
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      out = out.replace(
        new RegExp(`\\{\\{${escaped}\\}\\}|@${escaped}|${escaped}`, 'g'),
        DELETED_USER,
      );
    }
    return out;
  }
}
