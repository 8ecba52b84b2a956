/**
 * Writes `obj[key] = value` as an own, enumerable property: a key that is data (a user id, an
 * email) such as `__proto__` stays a plain key instead of changing the object's prototype.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
